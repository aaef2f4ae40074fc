import Yams

/// Turns a composed YAML document into a `Workload`, structure only: keys,
/// types, required fields, ranges a file can get wrong on its own. It keeps
/// going after a problem so the caller sees all of them; semantic checks
/// against drivers live in `WorkloadValidator`.
struct WorkloadParser {
    static let topKeys = ["name", "title", "talk", "description", "driver", "parameters", "sweep",
                          "variants", "measurement", "expectations", "regression_threshold"]
    static let requiredTopKeys = ["name", "title", "talk", "description", "driver", "sweep", "variants"]
    static let talkKeys = ["title", "title_en", "time", "scenario"]
    static let sweepKeys = ["parameter", "sizes"]
    static let variantKeys = ["description", "overrides"]
    static let measurementKeys = ["warmup_iterations", "samples", "min_sample_seconds", "processes", "warmup_seconds"]

    let reader: NodeReader
    let sizeLimit: Int

    func parse(_ root: Node) -> Workload? {
        guard let top = reader.fields(root, at: "", allowed: Self.topKeys, required: Self.requiredTopKeys,
                                      what: "a mapping of workload keys (name, title, driver, …)") else { return nil }
        var w = Workload(name: "", title: "", talk: TalkReference(title: "", time: "", scenario: ""),
                         description: "", driver: "", sweep: SizeSweep(parameter: "", sizes: []), variants: [])
        if let n = top["name"], let v = reader.string(n, at: "name") {
            if Self.isSlug(v) { w.name = v } else {
                reader.report(at: n.mark, "name", "'\(v)' is not a valid workload name",
                              "use lower-case letters, digits and '-', matching the file name")
            }
        }
        if let n = top["title"], let v = reader.string(n, at: "title") { w.title = v }
        if let n = top["description"], let v = reader.string(n, at: "description") { w.description = v }
        if let n = top["driver"], let v = reader.string(n, at: "driver") { w.driver = v }
        if let n = top["talk"], let t = reader.fields(n, at: "talk", allowed: Self.talkKeys, required: ["title", "scenario"]) {
            if let v = t["title"].flatMap({ reader.string($0, at: "talk.title") }) { w.talk.title = v }
            if let v = t["title_en"].flatMap({ reader.string($0, at: "talk.title_en") }) { w.talk.titleEnglish = v }
            if let v = t["time"].flatMap({ reader.string($0, at: "talk.time") }) { w.talk.time = v }
            if let v = t["scenario"].flatMap({ reader.string($0, at: "talk.scenario") }) { w.talk.scenario = v }
        }
        if let n = top["parameters"] { w.parameters = parameters(n, at: "parameters") }
        if let n = top["sweep"] { w.sweep = sweep(n) }
        if let n = top["variants"] { w.variants = variants(n) }
        if let n = top["measurement"] { w.measurement = measurement(n) }
        if let n = top["expectations"] {
            w.expectations = ExpectationParser(reader: reader).parseList(n)
        }
        if let n = top["regression_threshold"], let v = reader.double(n, at: "regression_threshold") {
            if v > 0 && v < 1 { w.regressionThreshold = v } else {
                reader.report(at: n.mark, "regression_threshold", "\(v) is not a fraction between 0 and 1",
                              "write e.g. 0.05 for a 5 % slowdown")
            }
        }
        return w
    }

    static func isSlug(_ s: String) -> Bool {
        !s.isEmpty && s.first != "-" && s.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
        }
    }

    private func parameters(_ node: Node, at path: String) -> [String: ParameterValue] {
        if node.tagName == .null { return [:] }
        guard let f = reader.fields(node, at: path, allowed: nil, what: "a mapping of parameter names to values") else { return [:] }
        var result: [String: ParameterValue] = [:]
        for (key, _, value) in f.entries {
            if let v = reader.parameterValue(value, at: f.path(key)) { result[key] = v }
        }
        return result
    }

    private func sweep(_ node: Node) -> SizeSweep {
        var s = SizeSweep(parameter: "", sizes: [])
        guard let f = reader.fields(node, at: "sweep", allowed: Self.sweepKeys, required: Self.sweepKeys) else { return s }
        if let n = f["parameter"], let v = reader.string(n, at: "sweep.parameter") { s.parameter = v }
        guard let n = f["sizes"], let items = reader.list(n, at: "sweep.sizes", of: "sizes") else { return s }
        if items.isEmpty {
            reader.report(at: n.mark, "sweep.sizes", "no sizes given", "list at least one size, e.g. [10, 100, 1000]")
        }
        if items.count > WorkloadBudget.maxSizes {
            reader.report(at: items[WorkloadBudget.maxSizes].mark, "sweep.sizes", "\(items.count) sizes; at most \(WorkloadBudget.maxSizes)",
                          "a sweep needs a handful of sizes, spread over orders of magnitude")
            return s
        }
        for (i, item) in items.enumerated() {
            let field = "sweep.sizes[\(i)]"
            reader.remember(item, at: field)
            guard let v = reader.int(item, at: field) else { continue }
            if v <= 0 {
                reader.report(at: item.mark, field, "size \(v) is not positive", "sizes count things: use 1 or more")
            } else if v > sizeLimit {
                reader.report(at: item.mark, field, "size \(v) exceeds the limit of \(sizeLimit)",
                              "use a smaller size or raise the limit (--size-limit)")
            } else if let last = s.sizes.last, v <= last {
                reader.report(at: item.mark, field, "size \(v) does not follow \(last) in ascending order",
                              "list sizes ascending, each once")
            } else {
                s.sizes.append(v)
            }
        }
        return s
    }

    private func variants(_ node: Node) -> [Variant] {
        guard let f = reader.fields(node, at: "variants", allowed: nil,
                                    what: "a mapping of variant names to their overrides") else { return [] }
        if f.entries.isEmpty {
            reader.report(at: node.mark, "variants", "no variants", "add at least one, e.g. `default: {}`")
        }
        if f.entries.count > WorkloadBudget.maxVariants {
            reader.report(at: f.entries[WorkloadBudget.maxVariants].keyNode.mark, "variants",
                          "\(f.entries.count) variants; at most \(WorkloadBudget.maxVariants)", "split the workload into several files")
            return []
        }
        var result: [Variant] = []
        for (name, keyNode, value) in f.entries {
            let path = f.path(name)
            guard Self.isSlug(name) else {
                reader.report(at: keyNode.mark, path, "'\(name)' is not a valid variant name",
                              "use lower-case letters, digits and '-'")
                continue
            }
            var v = Variant(name: name)
            if value.tagName != .null, let vf = reader.fields(value, at: path, allowed: Self.variantKeys,
                                                               what: "a mapping with description and overrides") {
                if let d = vf["description"].flatMap({ reader.string($0, at: vf.path("description")) }) { v.description = d }
                if let o = vf["overrides"] { v.overrides = parameters(o, at: vf.path("overrides")) }
            }
            result.append(v)
        }
        return result
    }

    private func measurement(_ node: Node) -> MeasurementSettings {
        var m = MeasurementSettings()
        guard let f = reader.fields(node, at: "measurement", allowed: Self.measurementKeys) else { return m }
        if let n = f["warmup_iterations"], let v = reader.int(n, at: "measurement.warmup_iterations") {
            if v >= 0 && v <= 1_000_000 { m.warmupIterations = v } else {
                reader.report(at: n.mark, "measurement.warmup_iterations", "\(v) warm-up iterations is out of range",
                              "use 0 to 1000000")
            }
        }
        if let n = f["samples"], let v = reader.int(n, at: "measurement.samples") {
            if v >= 1 && v <= 10_000 { m.samples = v } else {
                reader.report(at: n.mark, "measurement.samples", "\(v) samples is out of range", "use 1 to 10000 (10 is usual)")
            }
        }
        if let n = f["min_sample_seconds"], let v = reader.double(n, at: "measurement.min_sample_seconds") {
            if v > 0 && v <= 60 { m.minSampleSeconds = v } else {
                reader.report(at: n.mark, "measurement.min_sample_seconds", "\(v) s is out of range",
                              "use a positive number of seconds up to 60 (0.01 is usual)")
            }
        }
        if let n = f["processes"], let v = reader.int(n, at: "measurement.processes") {
            if v >= 1 && v <= 20 { m.processes = v } else {
                reader.report(at: n.mark, "measurement.processes", "\(v) processes is out of range",
                              "use 1 to 20 (1 is usual; 3 lets a cell's median outvote one disturbed process)")
            }
        }
        if let n = f["warmup_seconds"], let v = reader.double(n, at: "measurement.warmup_seconds") {
            if v >= 0 && v <= 60 { m.warmupSeconds = v } else {
                reader.report(at: n.mark, "measurement.warmup_seconds", "\(v) s is out of range",
                              "use 0 to 60 seconds (0 is usual; 0.2 carries a fresh process past its slow start)")
            }
        }
        return m
    }
}
