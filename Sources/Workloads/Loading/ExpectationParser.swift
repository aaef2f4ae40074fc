import Yams

/// Reads the `expectations:` list: each item has a `kind` (scaling, ratio,
/// counter, same_digest) and that kind's keys. See Workloads/README.md.
struct ExpectationParser {
    static let kinds = ["scaling", "ratio", "counter", "same_digest"]
    static let keys: [String: [String]] = [
        "scaling": ["kind", "variant", "metric", "claim", "max_exponent", "note"],
        "ratio": ["kind", "cheaper", "than", "factor", "metric", "size", "note"],
        "counter": ["kind", "variant", "counter", "equals", "at_most", "at_least", "note"],
        "same_digest": ["kind", "variants", "note"],
    ]
    static let claims: [String: ScalingClaim] = [
        "constant": .constant, "log": .logarithmic, "linear": .linear, "n_log_n": .nLogN, "quadratic": .quadratic,
    ]
    static let claimNames = ["constant", "log", "linear", "n_log_n", "quadratic"]

    let reader: NodeReader

    func parseList(_ node: Node) -> [Expectation] {
        if node.tagName == .null { return [] }
        guard let items = reader.list(node, at: "expectations", of: "expectations") else { return [] }
        if items.count > WorkloadBudget.maxExpectations {
            reader.report(at: items[WorkloadBudget.maxExpectations].mark, "expectations",
                          "\(items.count) expectations; at most \(WorkloadBudget.maxExpectations)", "keep the claims the talk makes")
            return []
        }
        return items.enumerated().compactMap { parse($1, at: "expectations[\($0)]") }
    }

    private func parse(_ node: Node, at path: String) -> Expectation? {
        // Read `kind` first to know which keys are valid; unknown kinds stop here.
        guard let kindNode = node.mapping?["kind"] else {
            if node.mapping == nil {
                _ = reader.fields(node, at: path, allowed: nil, what: "a mapping with a kind")
            } else {
                reader.report(at: node.mark, "\(path).kind", "missing required key 'kind'",
                              "add `kind:` with one of \(Self.kinds.joined(separator: ", "))")
            }
            return nil
        }
        guard let kind = reader.string(kindNode, at: "\(path).kind") else { return nil }
        guard let allowed = Self.keys[kind] else {
            reader.report(at: kindNode.mark, "\(path).kind", "unknown expectation kind '\(kind)'",
                          KeySuggestion.didYouMean(kind, among: Self.kinds) + "use one of \(Self.kinds.joined(separator: ", "))")
            return nil
        }
        switch kind {
        case "scaling":
            guard let f = reader.fields(node, at: path, allowed: allowed, required: ["variant"]) else { return nil }
            let variant = f["variant"].flatMap { reader.string($0, at: f.path("variant")) }
            let metric = metric(f)
            var claim: ScalingClaim?
            switch (f["claim"], f["max_exponent"]) {
            case (nil, nil):
                reader.report(at: f.mark, f.path("claim"), "a scaling expectation needs a claim",
                              "add `claim:` (\(Self.claimNames.joined(separator: ", "))) or `max_exponent:`")
            case (.some, .some):
                reader.report(at: f["max_exponent"]?.mark, f.path("max_exponent"), "give either claim or max_exponent, not both",
                              "remove one of them")
            case (let c?, nil):
                if let s = reader.string(c, at: f.path("claim")) {
                    claim = Self.claims[s]
                    if claim == nil {
                        reader.report(at: c.mark, f.path("claim"), "unknown claim '\(s)'",
                                      KeySuggestion.didYouMean(s, among: Self.claimNames)
                                        + "use one of \(Self.claimNames.joined(separator: ", ")) or `max_exponent: 1.2`")
                    }
                }
            case (nil, let e?):
                if let v = reader.double(e, at: f.path("max_exponent")) {
                    if v > 0 && v <= 4 { claim = .maxExponent(v) } else {
                        reader.report(at: e.mark, f.path("max_exponent"), "exponent \(v) is out of range", "use a value in (0, 4], e.g. 1.2")
                    }
                }
            }
            guard let variant, let metric, let claim else { return nil }
            return .scaling(variant: variant, metric: metric, claim: claim)

        case "ratio":
            guard let f = reader.fields(node, at: path, allowed: allowed, required: ["cheaper", "than", "factor"]) else { return nil }
            let cheaper = f["cheaper"].flatMap { reader.string($0, at: f.path("cheaper")) }
            let than = f["than"].flatMap { reader.string($0, at: f.path("than")) }
            var factor = f["factor"].flatMap { reader.double($0, at: f.path("factor")) }
            if let v = factor, !(v > 0 && v <= 1_000_000) {
                reader.report(at: f["factor"]?.mark, f.path("factor"), "factor \(v) is not positive",
                              "`cheaper` must cost at most 1/factor of `than`: 2 = twice as cheap, 0.5 = at most twice as dear")
                factor = nil
            }
            var size: Int?
            if let n = f["size"], let v = reader.int(n, at: f.path("size")) {
                if v > 0 { size = v } else { reader.report(at: n.mark, f.path("size"), "size \(v) is not positive", "use one of the sweep's sizes") }
            }
            if let cheaper, cheaper == than {
                reader.report(at: f["than"]?.mark, f.path("than"), "a variant compared with itself", "name two different variants")
            }
            guard let cheaper, let than, let factor, let metric = metric(f) else { return nil }
            return .ratio(cheaper: cheaper, than: than, factor: factor, metric: metric, size: size)

        case "counter":
            guard let f = reader.fields(node, at: path, allowed: allowed, required: ["counter"]) else { return nil }
            let variant = f["variant"].flatMap { reader.string($0, at: f.path("variant")) }
            let counter = f["counter"].flatMap { reader.string($0, at: f.path("counter")) }
            let bounds = ["equals", "at_most", "at_least"].filter { f[$0] != nil }
            guard bounds.count == 1 else {
                reader.report(at: bounds.count > 1 ? f[bounds[1]]?.mark : f.mark, f.path(bounds.count > 1 ? bounds[1] : "equals"),
                              bounds.isEmpty ? "a counter expectation needs a bound" : "give one bound, not \(bounds.count)",
                              "use exactly one of equals, at_most, at_least")
                return nil
            }
            guard let counter, let value = reader.double(f[bounds[0]]!, at: f.path(bounds[0])) else { return nil }
            let bound: CounterBound = switch bounds[0] {
            case "equals": .equals(value)
            case "at_most": .atMost(value)
            default: .atLeast(value)
            }
            if f["variant"] != nil && variant == nil { return nil }
            return .counter(variant: variant, counter: counter, bound: bound)

        default: // same_digest
            guard let f = reader.fields(node, at: path, allowed: allowed, required: ["variants"]),
                  let n = f["variants"], let items = reader.list(n, at: f.path("variants"), of: "variant names") else { return nil }
            let names = items.enumerated().compactMap { reader.string($1, at: f.path("variants") + "[\($0)]") }
            guard names.count == items.count else { return nil }
            if Set(names).count < 2 {
                reader.report(at: n.mark, f.path("variants"), "same_digest needs at least two different variants",
                              "list the variants that must lay out the same frames")
                return nil
            }
            for (i, item) in items.enumerated() { reader.remember(item, at: f.path("variants") + "[\(i)]") }
            return .sameDigest(variants: names)
        }
    }

    /// `metric: time` (default) or a counter name.
    private func metric(_ f: NodeReader.Fields) -> Metric? {
        guard let n = f["metric"] else { return .time }
        guard let s = reader.string(n, at: f.path("metric")) else { return nil }
        return s == "time" ? .time : .counter(s)
    }
}
