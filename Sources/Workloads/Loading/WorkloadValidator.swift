/// Checks that need the whole workload (names that refer to each other) and,
/// when a `DriverCatalog` is given, the driver's parameters and counters.
/// Problems are reported at the positions the parser recorded.
struct WorkloadValidator {
    let reader: NodeReader
    let catalog: DriverCatalog?
    /// The file stem the `name:` must equal, when loading from a `.yaml` file.
    let expectedName: String?

    func validate(_ w: Workload) {
        if let expectedName, !w.name.isEmpty, w.name != expectedName {
            reader.report(field: "name", "name '\(w.name)' differs from the file name '\(expectedName).yaml'",
                          "scripts find workloads by file name: rename one to match")
        }
        checkExpectations(w)
        let variantPaths = w.variants.map { "variants.\($0.name).overrides" }
        if !w.sweep.parameter.isEmpty {
            if w.parameters[w.sweep.parameter] != nil {
                reader.report(field: "parameters.\(w.sweep.parameter)", atKey: true, "'\(w.sweep.parameter)' is the sweep parameter",
                              "remove it here: the sweep sets it to each size")
            }
            for (v, path) in zip(w.variants, variantPaths) where v.overrides[w.sweep.parameter] != nil {
                reader.report(field: "\(path).\(w.sweep.parameter)", atKey: true, "variant '\(v.name)' overrides the sweep parameter",
                              "remove the override: the sweep sets '\(w.sweep.parameter)' to each size")
            }
        }
        guard let catalog, !w.driver.isEmpty else { return }
        guard let driver = catalog.driver(named: w.driver) else {
            reader.report(field: "driver", "unknown driver '\(w.driver)'",
                          KeySuggestion.didYouMean(w.driver, among: catalog.names)
                            + "known drivers: \(catalog.names.joined(separator: ", "))")
            return
        }
        checkParameters(w.parameters, at: "parameters", driver: driver)
        for (v, path) in zip(w.variants, variantPaths) { checkParameters(v.overrides, at: path, driver: driver) }
        checkSweep(w.sweep, driver: driver)
        for v in w.variants {
            let resolved = w.resolvedParameters(variant: v, size: w.sweep.sizes.first ?? 1)
            let missing = driver.parameters.filter { $0.defaultValue == nil && resolved[$0.name] == nil }.map(\.name)
            if !missing.isEmpty {
                reader.report(field: "variants.\(v.name)", atKey: true,
                              "variant '\(v.name)' leaves required parameter\(missing.count > 1 ? "s" : "") \(missing.joined(separator: ", ")) unset",
                              "set \(missing.count > 1 ? "them" : "it") under `parameters:` or in the variant's overrides")
            }
        }
        for (i, e) in w.expectations.enumerated() { checkCounters(e, at: "expectations[\(i)]", driver: driver) }
    }

    private func checkExpectations(_ w: Workload) {
        let names = w.variants.map(\.name)
        guard !names.isEmpty else { return }
        for (i, e) in w.expectations.enumerated() {
            let path = "expectations[\(i)]"
            var refs: [(field: String, name: String)] = []
            switch e {
            case .scaling(let v, _, _): refs = [("variant", v)]
            case .ratio(let a, let b, _, _, let size):
                refs = [("cheaper", a), ("than", b)]
                if let size, !w.sweep.sizes.isEmpty, !w.sweep.sizes.contains(size) {
                    reader.report(field: "\(path).size", "size \(size) is not in the sweep",
                                  "use one of \(w.sweep.sizes.map(String.init).joined(separator: ", ")) or drop `size` to compare at every size")
                }
            case .counter(let v, _, _): refs = v.map { [("variant", $0)] } ?? []
            case .sameDigest(let vs): refs = vs.enumerated().map { ("variants[\($0)]", $1) }
            }
            for (field, name) in refs where !names.contains(name) {
                reader.report(field: "\(path).\(field)", "no variant named '\(name)'",
                              KeySuggestion.didYouMean(name, among: names) + "variants: \(names.joined(separator: ", "))")
            }
            if case .scaling = e, w.sweep.sizes.count < 2 {
                reader.report(field: "\(path).kind", "a scaling claim needs at least two sizes",
                              "add sizes to `sweep.sizes` or drop the expectation")
            }
        }
    }

    private func checkParameters(_ params: [String: ParameterValue], at path: String, driver: DriverDescription) {
        let known = driver.parameters.map(\.name)
        for (name, value) in params.sorted(by: { $0.key < $1.key }) {
            let field = "\(path).\(name)"
            guard let spec = driver.parameter(named: name) else {
                reader.report(field: field, atKey: true, "driver '\(driver.name)' has no parameter '\(name)'",
                              KeySuggestion.didYouMean(name, among: known) + "its parameters: \(known.joined(separator: ", "))")
                continue
            }
            if let why = spec.mismatch(value) {
                reader.report(field: field, "wrong value for '\(name)': \(why)", spec.summary.isEmpty
                              ? "give \(spec.kind)" : "give \(spec.kind) (\(spec.summary))")
            }
        }
    }

    private func checkSweep(_ sweep: SizeSweep, driver: DriverDescription) {
        guard !sweep.parameter.isEmpty else { return }
        let ints = driver.parameters.filter { $0.kind == .int }.map(\.name)
        guard let spec = driver.parameter(named: sweep.parameter), spec.kind == .int else {
            reader.report(field: "sweep.parameter", "'\(sweep.parameter)' is not an integer parameter of driver '\(driver.name)'",
                          KeySuggestion.didYouMean(sweep.parameter, among: ints) + "sweep one of: \(ints.joined(separator: ", "))")
            return
        }
        for (i, size) in sweep.sizes.enumerated() {
            if let why = spec.mismatch(.int(size)) {
                reader.report(field: "sweep.sizes[\(i)]", "size \(size) does not fit '\(spec.name)': \(why)",
                              "the driver states this limit; use a size within it")
            }
        }
    }

    private func checkCounters(_ e: Expectation, at path: String, driver: DriverDescription) {
        var named: [(field: String, counter: String)] = []
        switch e {
        case .scaling(_, .counter(let c), _), .ratio(_, _, _, .counter(let c), _): named = [("metric", c)]
        case .counter(_, let c, _): named = [("counter", c)]
        default: break
        }
        for (field, c) in named where !driver.counters.contains(c) {
            reader.report(field: "\(path).\(field)", "driver '\(driver.name)' reports no counter '\(c)'",
                          KeySuggestion.didYouMean(c, among: driver.counters)
                            + "its counters: \(driver.counters.joined(separator: ", "))" + (field == "metric" ? "; or `time`" : ""))
        }
    }
}
