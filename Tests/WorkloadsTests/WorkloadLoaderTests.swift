import Foundation
import Testing
import ScenarioCatalog
@testable import Workloads

/// The loader against malformed fixtures: every problem, exact messages, exact positions.
@Suite struct WorkloadLoaderTests {
    static let fixtures = Bundle.module.resourceURL!.appendingPathComponent("Fixtures")

    func problems(_ name: String, catalog: DriverCatalog? = ScenarioCatalog.catalog) -> [String] {
        let url = Self.fixtures.appendingPathComponent(name)
        do {
            _ = try WorkloadLoader.load(file: url, catalog: catalog)
            return []
        } catch {
            // Strip the directory so the expectations read like the file.
            return error.all.map { $0.description.replacingOccurrences(of: url.path, with: name) }
        }
    }

    @Test func structuralProblemsAllAtOnceWithPositions() {
        #expect(problems("misspelt-keys.yaml") == [
            "misspelt-keys.yaml:10:15: sweep.sizes[1]: size 0 is not positive — sizes count things: use 1 or more",
            "misspelt-keys.yaml:10:18: sweep.sizes[2]: size 2000000 exceeds the limit of 1000000 — use a smaller size or raise the limit (--size-limit)",
            "misspelt-keys.yaml:15:3: measurement.sampels: unknown key 'sampels' — did you mean 'samples'? Valid keys: warmup_iterations, samples, min_sample_seconds, processes, warmup_seconds",
            "misspelt-keys.yaml:16:22: measurement.warmup_iterations: expected an integer, found the string 'many' — write a whole number such as 1000",
            "misspelt-keys.yaml:20:11: expectations[0].than: no variant named 'inequality' — did you mean 'equality'? variants: equality",
        ])
    }

    @Test func catalogProblems() {
        #expect(problems("catalog-errors.yaml") == [
            "catalog-errors.yaml:9:3: parameters.veiws_count: driver 'cheap-operations' has no parameter 'veiws_count' — its parameters: views, operation",
            "catalog-errors.yaml:15:28: variants.equality.overrides.operation: wrong value for 'operation': 'equalty' is not one of equality, inequality, priority, set-constant, recreate — give one of equality, inequality, priority, set-constant, recreate (what each frame does to each view's constraints)",
            "catalog-errors.yaml:17:28: variants.other.overrides.operation: wrong value for 'operation': expected one of equality, inequality, priority, set-constant, recreate, found integer 3 — give one of equality, inequality, priority, set-constant, recreate (what each frame does to each view's constraints)",
            "catalog-errors.yaml:21:13: expectations[0].metric: driver 'cheap-operations' reports no counter 'pivot' — did you mean 'pivots'? its counters: " + (ScenarioCatalog.catalog.driver(named: "cheap-operations")!.counters.joined(separator: ", ")) + "; or `time`",
        ])
        // Without a catalog the same file is structurally fine.
        #expect(problems("catalog-errors.yaml", catalog: nil) == [])
    }

    @Test func unknownTopLevelKeyAndMissingKeys() {
        let source = """
        name: x
        titel: X
        driver: nonesuch
        sweep: {parameter: n, sizes: [1]}
        variants: {a: {}}
        """
        #expect(messages(source) == [
            "t.yaml:1:1: title: missing required key 'title' — add `title:` to the top level",
            "t.yaml:1:1: talk: missing required key 'talk' — add `talk:` to the top level",
            "t.yaml:1:1: description: missing required key 'description' — add `description:` to the top level",
            "t.yaml:2:1: titel: unknown key 'titel' — did you mean 'title'? Valid keys: " + WorkloadParser.topKeys.joined(separator: ", "),
            "t.yaml:3:9: driver: unknown driver 'nonesuch' — known drivers: " + ScenarioCatalog.catalog.names.joined(separator: ", "),
        ])
    }

    @Test func yamlSyntaxErrorIsOneLocatedProblem() {
        let ps = messages("name: [unclosed\ntitle: x\n")
        #expect(ps.count == 1)
        #expect(ps[0] == "t.yaml:2:6: YAML syntax error: did not find expected ',' or ']' — fix the YAML (indent with spaces; quote values containing ': ' or '#')")
    }

    @Test func expectationShapes() {
        let source = minimal + """
        expectations:
          - kind: scalin
          - kind: scaling
            variant: a
          - kind: counter
            counter: pivots
            equals: 0
            at_most: 3
          - kind: same_digest
            variants: [a]
          - kind: ratio
            cheaper: a
            than: b
            factor: -2
        """
        #expect(messages(source, catalog: nil) == [
            "t.yaml:9:11: expectations[0].kind: unknown expectation kind 'scalin' — did you mean 'scaling'? use one of scaling, ratio, counter, same_digest",
            "t.yaml:10:5: expectations[1].claim: a scaling expectation needs a claim — add `claim:` (constant, log, linear, n_log_n, quadratic) or `max_exponent:`",
            "t.yaml:15:14: expectations[2].at_most: give one bound, not 2 — use exactly one of equals, at_most, at_least",
            "t.yaml:17:15: expectations[3].variants: same_digest needs at least two different variants — list the variants that must lay out the same frames",
            "t.yaml:21:13: expectations[4].factor: factor -2.0 is not positive — `cheaper` must cost at most 1/factor of `than`: 2 = twice as cheap, 0.5 = at most twice as dear",
        ])
    }

    @Test func sweepParameterMayNotBeSetElsewhere() {
        let source = minimal.replacingOccurrences(of: "variants: {a: {}, b: {}}", with: "parameters: {views: 3}\nvariants: {a: {}, b: {overrides: {views: 4}}}")
        #expect(messages(source) == [
            "t.yaml:7:14: parameters.views: 'views' is the sweep parameter — remove it here: the sweep sets it to each size",
            "t.yaml:8:35: variants.b.overrides.views: variant 'b' overrides the sweep parameter — remove the override: the sweep sets 'views' to each size",
            "t.yaml:8:12: variants.a: variant 'a' leaves required parameter operation unset — set it under `parameters:` or in the variant's overrides",
            "t.yaml:8:19: variants.b: variant 'b' leaves required parameter operation unset — set it under `parameters:` or in the variant's overrides",
        ].sorted(by: Self.byLocation))
    }

    @Test func loadsAValidSourceIntoTheModel() throws {
        let w = try WorkloadLoader.load(source: minimal + "measurement: {samples: 3, min_sample_seconds: 0.5}\n",
                                        file: "t.yaml")
        #expect(w.name == "x" && w.driver == "cheap-operations" && w.sweep == SizeSweep(parameter: "views", sizes: [1, 10]))
        #expect(w.variants.map(\.name) == ["a", "b"])
        #expect(w.measurement == MeasurementSettings(warmupIterations: 1, samples: 3, minSampleSeconds: 0.5))
        #expect(w.measurement.processes == 1)
        #expect(w.talk.time == "10:09")
    }

    @Test func processesAreReadCheckedAndDefaultToOneInOldRecords() throws {
        let w = try WorkloadLoader.load(source: minimal + "measurement: {samples: 4, processes: 3}\n", file: "t.yaml")
        #expect(w.measurement.processes == 3 && w.measurement.samples == 4)
        do {
            _ = try WorkloadLoader.load(source: minimal + "measurement: {processes: 0}\n", file: "t.yaml")
            Issue.record("0 processes must be refused")
        } catch {
            #expect(error.all.map(\.description).contains { $0.contains("measurement.processes: 0 processes is out of range — use 1 to 20") },
                    "\(error.all)")
        }
        // A run stored before the setting existed reads as one process.
        let old = #"{"warmupIterations": 1, "samples": 10, "minSampleSeconds": 0.01}"#
        let decoded = try JSONDecoder().decode(MeasurementSettings.self, from: Data(old.utf8))
        #expect(decoded == MeasurementSettings())
    }

    @Test func warmUpTimeIsReadCheckedAndZeroInOldRecords() throws {
        let w = try WorkloadLoader.load(source: minimal + "measurement: {warmup_seconds: 0.25}\n", file: "t.yaml")
        #expect(w.measurement.warmupSeconds == 0.25 && w.measurement.warmupIterations == 1)
        #expect(try WorkloadLoader.load(source: minimal, file: "t.yaml").measurement.warmupSeconds == 0)
        do {
            _ = try WorkloadLoader.load(source: minimal + "measurement: {warmup_seconds: -1}\n", file: "t.yaml")
            Issue.record("a negative warm-up time must be refused")
        } catch {
            #expect(error.all.map(\.description).contains { $0.contains("t.yaml:") && $0.contains("measurement.warmup_seconds: -1.0 s is out of range — use 0 to 60 seconds") },
                    "\(error.all)")
        }
        let old = #"{"warmupIterations": 1, "samples": 10, "minSampleSeconds": 0.01, "processes": 5}"#
        let decoded = try JSONDecoder().decode(MeasurementSettings.self, from: Data(old.utf8))
        #expect(decoded.warmupSeconds == 0 && decoded.processes == 5)
    }

    @Test func suggestions() {
        #expect(KeySuggestion.closest(to: "sampels", among: ["samples", "warmup_iterations"]) == "samples")
        #expect(KeySuggestion.closest(to: "warmup", among: ["samples", "warmup_iterations"]) == "warmup_iterations")
        #expect(KeySuggestion.closest(to: "zzz", among: ["samples"]) == nil)
    }

    let minimal = """
    name: x
    title: X
    talk: {title: T, time: 10:09, scenario: "§5"}
    description: D
    driver: cheap-operations
    sweep: {parameter: views, sizes: [1, 10]}
    variants: {a: {}, b: {}}

    """

    static func byLocation(_ a: String, _ b: String) -> Bool {
        func key(_ s: String) -> (Int, Int) {
            let parts = s.split(separator: ":")
            return (Int(parts[1]) ?? 0, Int(parts[2]) ?? 0)
        }
        return key(a) < key(b)
    }

    func messages(_ source: String, catalog: DriverCatalog? = ScenarioCatalog.catalog) -> [String] {
        do { _ = try WorkloadLoader.load(source: source, file: "t.yaml", catalog: catalog); return [] }
        catch { return error.all.map(\.description) }
    }
}
