import Foundation
import Harness
import Testing

extension AgentServerTests {
    /// SIGTERM to an agent while it builds a job's revision: the build stops
    /// whole (swift-build runs its compilers in process groups of their own),
    /// the agent gives the job back and exits, and the next agent builds it
    /// from the same cache and runs it.
    @Suite struct BuildSignalTests {
        /// The disguised fixture worker plus a library of generated Codable
        /// types, so that the release build lasts long enough to be caught.
        static var slowFixture: [String: String] {
            var files = EngineRevisionTests.disguisedFixture
            files["Package.swift"] = """
                // swift-tools-version:6.0
                import PackageDescription
                let package = Package(name: "Disguise", targets: [
                    .target(name: "Shapes"),
                    .executableTarget(name: "layoutbench-worker", dependencies: ["Shapes"]),
                ])
                """
            for file in 0..<6 {
                files["Sources/Shapes/Shapes\(file).swift"] = (0..<30).map { type in
                    let fields = (0..<12).map { "    public var f\($0): [String: Int] = [:]" }.joined(separator: "\n")
                    return "public struct Shape\(file)_\(type): Codable, Hashable, Sendable {\n\(fields)\n    public init() {}\n}"
                }.joined(separator: "\n")
            }
            files["Sources/layoutbench-worker/main.swift"] = "import Shapes\n_ = Shape0_0()\n" + files["Sources/layoutbench-worker/main.swift"]!
            return files
        }

        /// Processes (not zombies) whose command line mentions `text`.
        static func processes(mentioning text: String) -> [String] {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            return entries.compactMap { entry -> String? in
                guard Int32(entry) != nil, let raw = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"),
                      String(decoding: raw.map { $0 == 0 ? 32 : $0 }, as: UTF8.self).contains(text) else { return nil }
                let stat = (try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8)) ?? ""
                if stat.split(separator: ")").last?.split(separator: " ").first == "Z" { return nil }
                return ((try? String(contentsOfFile: "/proc/\(entry)/comm", encoding: .utf8)) ?? "?").trimmingCharacters(in: .whitespacesAndNewlines)
            }
        }

        @Test(.timeLimit(.minutes(10))) func sigtermStopsTheBuildAndReleasesTheJob() async throws {
            let database = try await AgentTestServer.shared().freshDatabase()
            let repository = try EngineRevisionTests.repository("slow", files: Self.slowFixture)
            let cache = try AgentTestDirectories.makeScratch("signal-build-cache")
            let runID = try await EngineRevisionTests.enqueue(database, revisions: ["slow": repository.commit])
            let arguments = ["--allow-remote", repository.path, "--build-cache", cache, "--exit-when-drained"]
            let agent = try DistributedRunTests.agent("stopped", database, viaFile: true, extra: arguments)

            // Signal once a compiler works on the checkout, not after a guessed delay.
            let deadline = ContinuousClock.now + .seconds(300)
            while ContinuousClock.now < deadline, !Self.processes(mentioning: cache).contains(where: { $0.hasPrefix("swift-frontend") }) {
                try await Task.sleep(for: .milliseconds(20))
            }
            try #require(Self.processes(mentioning: cache).contains { $0.hasPrefix("swift-frontend") }, "\(agent.stdout.suffix(1500))")
            let signalled = ContinuousClock.now
            agent.signal(SIGTERM)
            let status = try await agent.waitForExit(timeout: .seconds(60))
            let took = ContinuousClock.now - signalled
            #expect(status == 0, "\(agent.stderr.suffix(1500))")
            #expect(took < .seconds(15), "the agent took \(took) to exit")
            let left = Self.processes(mentioning: cache)
            #expect(left.isEmpty, "still running: \(left)")
            #expect(agent.stdout.contains("\"released\""), "\(agent.stdout.suffix(1500))")
            #expect(try await database.count("SELECT count(*) FROM queue_jobs WHERE state = 'queued'") == 1)

            // The cache the stopped build left is good: the next agent builds and runs the job.
            let next = try DistributedRunTests.agent("next", database, viaFile: true, extra: arguments)
            #expect(try await next.waitForExit(timeout: .seconds(400)) == 0, "\(next.stderr.suffix(1500))")
            #expect(try await database.count("SELECT count(*) FROM jobs WHERE status = 'succeeded' AND run_id = $1",
                                             [.text(runID.uuidString)]) == 1, "\(next.stdout.suffix(1500))")
            print("agent exited \(took) after SIGTERM mid-build; \(left.count) processes left")
        }
    }
}
