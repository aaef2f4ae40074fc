import Foundation
import Harness
import Testing

extension HarnessServerTests {
    /// Scaling verdicts end to end: `layoutbench run` spawns the synthetic
    /// worker (timings from a known law), stores every sample in PostgreSQL
    /// and judges the claims with the real analysis.
    @Suite struct SyntheticWorkerRunTests {
        static var syntheticWorker: String {
            URL(fileURLWithPath: FixtureWorker.path).deletingLastPathComponent().appendingPathComponent("synthetic-worker").path
        }

        /// A workload whose variants name the worker's laws; any catalog
        /// driver will do, the synthetic worker ignores it.
        static let workload = """
            name: laws
            title: Known growth laws
            talk:
              title: synthetic
              time: ""
              scenario: "§3"
            description: Timings from t = A + C·g(n).
            driver: long-row
            parameters:
              operation: build
            sweep:
              parameter: views
              sizes: [100, 1000, 10000]
            variants:
              linear: {}
              n-sqrt-n: {}
            measurement:
              samples: 10
            expectations:
              - kind: scaling
                variant: linear
                claim: linear
              - kind: scaling
                variant: n-sqrt-n
                claim: linear
              - kind: scaling
                variant: n-sqrt-n
                claim: quadratic

            """

        @Test func knownLawsGetTheRightVerdictsThroughTheRealRunPath() async throws {
            let store = try await HarnessServer.freshStore("synthetic")
            let url = store.configuration.urlIncludingPassword
            let root = try HarnessServer.scratch("synthetic")
            let directory = root + "/workloads"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try Self.workload.write(toFile: directory + "/laws.yaml", atomically: true, encoding: .utf8)

            let process = Process()
            process.executableURL = URL(fileURLWithPath: CommandLineTests.executable)
            process.arguments = ["run", "laws", "--plain", "--engine", "synthetic=\(Self.syntheticWorker)", "--database", url,
                                 "--workloads-directory", directory]
            var environment = ProcessInfo.processInfo.environment
            environment[DatabaseLocator.rootVariable] = root
            environment[DatabaseLocator.environmentVariable] = nil
            environment["SYNTHETIC_SIGMA"] = "0.1"
            environment["SYNTHETIC_INTERCEPT"] = "0.5"
            environment["SYNTHETIC_SMALLEST"] = "100"
            process.environment = environment
            let out = Pipe(), err = Pipe()
            process.standardOutput = out
            process.standardError = err
            try process.run()
            let outText = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let errText = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(errText)")
            #expect(outText.contains("6 jobs, 0 failed"), "\(outText)")

            let runs = try await store.runs()
            let verdicts = try await store.runDetails(runs[0].id).verdicts.sorted { $0.expectationIndex < $1.expectationIndex }
            try #require(verdicts.count == 3, "\(verdicts)")
            #expect(verdicts.map(\.status) == [.pass, .fail, .pass], "\(verdicts.map(\.reason))")
            // Three sizes settle a super-linear law, and the reason says how.
            #expect(verdicts[1].reason.contains("> 1.05: not linear"), "\(verdicts[1].reason)")
        }
    }
}
