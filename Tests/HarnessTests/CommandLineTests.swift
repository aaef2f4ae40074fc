import Foundation
import Harness
import Testing

extension HarnessServerTests {
    /// The built `layoutbench` executable, as a user runs it.
    @Suite struct CommandLineTests {
        static var executable: String {
            URL(fileURLWithPath: FixtureWorker.path).deletingLastPathComponent().appendingPathComponent("layoutbench").path
        }

        static let workloads = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Workloads").path

        func layoutbench(_ arguments: [String], root: String) throws -> (status: Int32, out: String, err: String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Self.executable)
            process.arguments = arguments
            var environment = ProcessInfo.processInfo.environment
            environment[DatabaseLocator.rootVariable] = root
            environment[DatabaseLocator.environmentVariable] = nil
            process.environment = environment
            let out = Pipe(), err = Pipe()
            process.standardOutput = out
            process.standardError = err
            try process.run()
            let outData = out.fileHandleForReading.readDataToEndOfFile()
            let errData = err.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
        }

        @Test func runStoresAndPrintsTheExpectationTable() async throws {
            let store = try await HarnessServer.freshStore("cli")
            let url = store.configuration.urlIncludingPassword
            let root = try HarnessServer.scratch("cli")
            let result = try layoutbench(["run", "independent-blocks", "--variants", "independent,linked,edit-one", "--sizes", "10", "--samples", "2", "--plain",
                                          "--engine", "fx=\(FixtureWorker.path)", "--database", url,
                                          "--workloads-directory", Self.workloads], root: root)
            #expect(result.status == 0, "\(result.err)")
            #expect(result.out.contains("3 jobs, 0 failed"))
            #expect(result.out.contains("inconclusive"))
            #expect(result.err.contains("[3/3] ok independent-blocks/edit-one n=10 [fx]"))
            let runs = try await store.runs()
            #expect(runs.count == 1 && runs[0].jobCount == 3 && runs[0].status == .finished)
            #expect(try await store.sampleCount(runID: runs[0].id) == 6)

            // The end of the run: the analysis' verdicts are stored and the report is written.
            let page = "\(root)/Reports/\(runs[0].id.uuidString.lowercased())/index.html"
            #expect(result.out.contains("report: \(page)"))
            #expect(FileManager.default.fileExists(atPath: page))
            #expect(FileManager.default.fileExists(atPath: "\(root)/Reports/index.html"))
            let details = try await store.runDetails(runs[0].id)
            #expect(details.verdicts.count == 7)
            #expect(details.verdicts.allSatisfy { !$0.reason.contains("not evaluated") })
            #expect(details.run.reportPath == page)

            // `layoutbench report` rewrites it elsewhere, for the latest run by default.
            let out = try HarnessServer.scratch("cli-report")
            let again = try layoutbench(["report", "--database", url, "--out", out, "--workloads-directory", Self.workloads], root: root)
            #expect(again.status == 0, "\(again.err)")
            #expect(again.out.contains("report: \(out)/\(runs[0].id.uuidString.lowercased())/index.html"))
            let html = try String(contentsOfFile: "\(out)/\(runs[0].id.uuidString.lowercased())/index.html", encoding: .utf8)
            #expect(html.contains("Independent vs linked blocks"))
            let none = try layoutbench(["report", "--run", "not-a-uuid", "--database", url], root: root)
            #expect(none.status != 0 && none.err.contains("no stored run has the id \"not-a-uuid\"") && none.err.contains("layoutbench db runs"))
        }

        @Test func mistakesPrintErrorAndTry() throws {
            let root = try HarnessServer.scratch("cli")
            let unknown = try layoutbench(["run", "independent-blokcs", "--workloads-directory", Self.workloads], root: root)
            #expect(unknown.status == 1)
            #expect(unknown.err.contains("error: there is no workload \"independent-blokcs\""))
            #expect(unknown.err.contains("try: did you mean \"independent-blocks\"?"))
            let engine = try layoutbench(["run", "--engine", "broken", "--workloads-directory", Self.workloads], root: root)
            #expect(engine.status == 1 && engine.err.contains("try: write it as --engine NAME=PATH"))
            let valid = try layoutbench(["workloads", "validate", "--workloads-directory", Self.workloads], root: root)
            #expect(valid.status == 0 && valid.out.contains("valid"))
        }
    }
}
