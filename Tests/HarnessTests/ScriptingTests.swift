import Foundation
import Harness
import JSONSchemaCheck
import Testing

extension HarnessServerTests {
    /// The CLI as scripts use it: `--json` documents that match the schemas
    /// in docs/schemas/, nothing else on standard output, colour only when asked.
    @Suite struct ScriptingTests {
        let cli = CommandLineTests()
        var workloads: String { CommandLineTests.workloads }

        func expectConforms(_ text: String, _ schema: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            #expect(try JSONSchemaCheck.problems(text, schema: schema) == [], sourceLocation: sourceLocation)
        }

        @Test func workloadListAndShowPrintTheirSchemas() throws {
            let root = try HarnessServer.scratch("json-workloads")
            let list = try cli.layoutbench(["workloads", "list", "--json", "--workloads-directory", workloads], root: root)
            #expect(list.status == 0, "\(list.err)")
            try expectConforms(list.out, "workloads-list.schema.json")
            let names = try JSONValue.parse(list.out)["workloads"]?.items?.compactMap { $0["name"]?.string } ?? []
            #expect(names.contains("churn") && names.contains("independent-blocks"))
            #expect(names.count == JobPlanner(workloadsDirectory: URL(fileURLWithPath: workloads)).availableNames().count)
            for name in ["churn", "feed-cell"] {
                let show = try cli.layoutbench(["workloads", "show", name, "--json", "--workloads-directory", workloads], root: root)
                #expect(show.status == 0, "\(show.err)")
                try expectConforms(show.out, "workload.schema.json")
                #expect(try JSONValue.parse(show.out)["name"]?.string == name)
            }
        }

        /// A database no run has touched has no tables yet: healthy, schema not created, no runs.
        @Test func statusOnAFreshDatabaseIsHealthy() async throws {
            let cluster = try #require(HarnessServer.cluster)
            let name = "fresh_\(UUID().uuidString.prefix(8).lowercased())"
            try await cluster.createDatabaseIfMissing(name)
            let url = try cluster.configuration(database: name).urlIncludingPassword
            let root = try HarnessServer.scratch("json-fresh")
            let text = try cli.layoutbench(["db", "status", "--database", url], root: root)
            #expect(text.status == 0, "\(text.err)")
            #expect(text.out.contains("schema: not created yet") && text.out.contains("runs: 0"))
            let json = try cli.layoutbench(["db", "status", "--database", url, "--json"], root: root)
            #expect(json.status == 0, "\(json.err)")
            try expectConforms(json.out, "db-status.schema.json")
            let document = try JSONValue.parse(json.out)
            #expect(document["healthy"] == .bool(true) && document["schema_version"]?.int == 0 && document["runs"]?.int == 0)
        }

        /// `run --sizes 7 NAME`: the list option takes one value, the workload
        /// stays positional, and 7 — not in the sweep, within the driver's
        /// bounds — runs. The run's end is one JSON document; `db runs --json`
        /// lists it with its duration and engine.
        @Test func runJSONThenTheRunsList() async throws {
            let store = try await HarnessServer.freshStore("json_run")
            let url = store.configuration.urlIncludingPassword
            let root = try HarnessServer.scratch("json-run")
            let run = try cli.layoutbench(["run", "--sizes", "7", "independent-blocks", "--variants", "independent,linked",
                                           "--samples", "2", "--plain", "--engine", "fx=\(FixtureWorker.path)", "--database", url,
                                           "--workloads-directory", workloads, "--json"], root: root)
            #expect(run.status == 0, "\(run.err)")
            try expectConforms(run.out, "run.schema.json")
            let document = try JSONValue.parse(run.out)
            #expect(document["jobs"]?.int == 2 && document["failed"]?.int == 0 && document["status"]?.string == "finished")
            #expect(document["stored"] == .bool(true) && (document["verdicts"]?.items?.count ?? 0) > 0)
            let id = try #require(document["run_id"]?.string)
            #expect(run.err.contains("n=7"), "the jobs run at the asked size: \(run.err)")

            let runs = try cli.layoutbench(["db", "runs", "--database", url, "--json"], root: root)
            #expect(runs.status == 0, "\(runs.err)")
            try expectConforms(runs.out, "db-runs.schema.json")
            let listed = try #require(JSONValue.parse(runs.out)["runs"]?.items?.first)
            #expect(listed["id"]?.string == id && listed["engines"] == .array([.string("fx")]) && listed["jobs"]?.int == 2)
            #expect(listed["duration_seconds"] != nil && listed["status"]?.string == "finished")
            let text = try cli.layoutbench(["db", "runs", "--database", url], root: root)
            #expect(text.out.contains(id) && text.out.contains("finished") && text.out.contains("fx"))

            // A size beyond every driver's bounds is named, and nothing runs.
            let beyond = try cli.layoutbench(["run", "independent-blocks", "--sizes", "2000000", "--engine", "fx=\(FixtureWorker.path)",
                                              "--database", url, "--workloads-directory", workloads], root: root)
            #expect(beyond.status == 1 && beyond.err.contains("2000000 are beyond its driver's bounds"), "\(beyond.err)")
            // A run id that is not a UUID points to where the ids are.
            let report = try cli.layoutbench(["report", "--run", "1234", "--database", url], root: root)
            #expect(report.status == 1 && report.err.contains("layoutbench db runs"), "\(report.err)")
        }

        /// Piped tables keep every word; colour only with --color always.
        @Test func pipedOutputIsUncutAndColourIsAsked() async throws {
            let store = try await HarnessServer.freshStore("json_color")
            let url = store.configuration.urlIncludingPassword
            let root = try HarnessServer.scratch("json-color")
            let arguments = ["run", "independent-blocks", "--variants", "independent,linked", "--sizes", "10", "--samples", "2", "--plain",
                             "--engine", "fx=\(FixtureWorker.path)", "--database", url, "--workloads-directory", workloads]
            let plain = try cli.layoutbench(arguments, root: root)
            #expect(plain.status == 0, "\(plain.err)")
            #expect(!plain.out.contains("…") && !plain.out.contains("\u{1B}["), "\(plain.out)")
            let details = try await store.runDetails(try #require(await store.latestRun()).id)
            for verdict in details.verdicts { #expect(plain.out.contains(verdict.reason), "cut: \(verdict.reason)") }
            let always = try cli.layoutbench(["report", "--database", url, "--color", "always", "--workloads-directory", workloads], root: root)
            #expect(always.status == 0 && always.out.contains("\u{1B}["), "\(always.err)")
        }
    }
}

/// The schema check itself, on known answers: it must catch what the CLI tests rely on it to catch.
@Suite struct JSONSchemaCheckTests {
    @Test func catchesMissingExtraAndMistypedFields() throws {
        let good = #"{"run_id":"x","status":"finished","jobs":2,"failed":0,"not_run":0,"stored":true,"verdicts_evaluated":true,"verdicts":[]}"#
        #expect(try JSONSchemaCheck.problems(good, schema: "run.schema.json") == [])
        let missing = #"{"run_id":"x","status":"finished","jobs":2,"failed":0,"not_run":0,"stored":true,"verdicts":[]}"#
        #expect(try JSONSchemaCheck.problems(missing, schema: "run.schema.json") == ["$: verdicts_evaluated is missing"])
        let extra = good.replacingOccurrences(of: "\"jobs\":2", with: "\"jobs\":2,\"surprise\":1")
        #expect(try JSONSchemaCheck.problems(extra, schema: "run.schema.json") == ["$.surprise is not in the schema"])
        let mistyped = good.replacingOccurrences(of: "\"jobs\":2", with: "\"jobs\":\"2\"")
        #expect(try JSONSchemaCheck.problems(mistyped, schema: "run.schema.json") == ["$.jobs: string, the schema wants integer"])
        let badEnum = good.replacingOccurrences(of: "\"finished\"", with: "\"done\"")
        #expect(try JSONSchemaCheck.problems(badEnum, schema: "run.schema.json").count == 1)
        #expect(try JSONSchemaCheck.problems("jobs: 2", schema: "run.schema.json").first?.hasPrefix("not JSON") == true)
    }
}
