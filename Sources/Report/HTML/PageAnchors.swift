/// The fragment ids and file names of a run's pages, readable and stable:
/// `#churn` for a workload, `#churn-grouped` for one of its variants,
/// `workloads/churn.html` for its page.
///
/// An id is the name in lowercase ASCII letters, digits and `-` (any other
/// run of characters becomes one `-`). Ids are handed out once per run, in
/// a fixed order — the page's own sections first, then every workload, then
/// every workload's variants — and a name whose id is already taken gets
/// `-2`, `-3`, … So a workload called `churn-grouped` keeps `#churn-grouped`
/// and the variant `grouped` of `churn` becomes `#churn-grouped-2`: ids are
/// unique across all of a run's pages, and the same run always gets the
/// same ones.
struct PageAnchors: Sendable {
    /// Ids the pages use for their own sections.
    static let reserved: Set<String> = ["main", "top", "pages", "verdicts", "failures", "workloads", "environment", "runs", "comparisons"]

    private(set) var workloadIDs: [String: String] = [:]
    private(set) var variantIDs: [String: [String: String]] = [:]

    /// `workloads`: each workload's name and its variants' names, in page order.
    init(workloads: [(name: String, variants: [String])]) {
        var taken = Self.reserved
        func claim(_ base: String) -> String {
            var id = base, n = 2
            while taken.contains(id) { id = "\(base)-\(n)"; n += 1 }
            taken.insert(id)
            return id
        }
        for w in workloads where workloadIDs[w.name] == nil { workloadIDs[w.name] = claim(Self.slug(w.name)) }
        for w in workloads {
            let wid = workloadIDs[w.name]!
            for v in w.variants where variantIDs[w.name]?[v] == nil {
                variantIDs[w.name, default: [:]][v] = claim(wid + "-" + Self.slug(v))
            }
        }
    }

    /// The workload's id (its name's slug when no other name took it first).
    func id(workload: String) -> String { workloadIDs[workload] ?? Self.slug(workload) }

    /// The variant's id on its workload's page.
    func id(workload: String, variant: String) -> String {
        variantIDs[workload]?[variant] ?? id(workload: workload) + "-" + Self.slug(variant)
    }

    /// The workload page's path, relative to the run's folder.
    func page(workload: String) -> String { "workloads/\(id(workload: workload)).html" }

    /// The name as an id (see `Slug`).
    static func slug(_ text: String) -> String { Slug.make(text) }
}
