import BuildTestSupport
import Foundation

/// Runs the built `layoutbench compare` the way a user (or CI) does, with
/// workers that are real processes: `layoutbench-worker` and the fixture.
enum CompareCLI {
    /// The build folder the test bundle lives in (debug or release).
    static var buildDirectory: URL {
        var dir = Bundle.main.bundleURL
        while dir.path != "/" {
            if FileManager.default.isExecutableFile(atPath: dir.appendingPathComponent("layoutbench").path) { return dir }
            dir.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: ".build/debug")
    }

    static var layoutbench: String { buildDirectory.appendingPathComponent("layoutbench").path }
    static var realWorker: String { buildDirectory.appendingPathComponent("layoutbench-worker").path }
    static var fixtureWorker: String { buildDirectory.appendingPathComponent("fixture-worker").path }

    /// The package root (the tests' git checkout).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static var workloads: String { packageRoot.appendingPathComponent("Workloads").path }

    /// A database URL that refuses at once: the comparison must still be printed and written.
    static let noDatabase = "postgresql://nobody@127.0.0.1:1/none"

    struct Result {
        var status: Int32
        var out: String
        var err: String
    }

    /// Runs `layoutbench compare …` in the package root; `environment` is added to this process's.
    static func compare(_ arguments: [String], environment: [String: String] = [:], in directory: URL = packageRoot) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: layoutbench)
        process.arguments = ["compare"] + arguments + ["--workloads-directory", workloads]
        var env = ProcessInfo.processInfo.environment
        env["LAYOUTBENCH_DATABASE_URL"] = nil
        env["GITHUB_STEP_SUMMARY"] = nil
        for (key, value) in environment { env[key] = value }
        process.environment = env
        process.currentDirectoryURL = directory
        let errFile = try scratch("stderr").appendingPathComponent("err.txt")
        FileManager.default.createFile(atPath: errFile.path, contents: nil)
        let out = Pipe()
        process.standardOutput = out
        process.standardError = try FileHandle(forWritingTo: errFile)
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, out: String(decoding: data, as: UTF8.self),
                      err: (try? String(contentsOf: errFile, encoding: .utf8)) ?? "")
    }

    /// A git repository with one commit, tagged `broken`, whose package does not build.
    static func brokenRepository() throws -> URL {
        try GitFixture.repository(["Package.swift": "// swift-tools-version:6.0\nimport PackageDescription\nlet package = Package(name: \"Broken\", targets: [\n"],
                                  tag: "broken")
    }

    /// A new empty folder for one test's files.
    static func scratch(_ name: String) throws -> URL {
        let url = URL(fileURLWithPath: "/tmp/layoutbench-comparetests-\(getuid())/\(name)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        return url
    }

    /// An executable script that starts the fixture worker with `environment`
    /// (a worker binary as `compare` takes it; each side gets its own).
    static func fixture(_ environment: [String: String], in directory: URL, name: String) throws -> String {
        let settings = (["FIXTURE_BEHAVIOUR": "normal"].merging(environment) { $1 })
            .sorted { $0.key < $1.key }.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        let path = directory.appendingPathComponent(name).path
        try "#!/bin/sh\n\(settings) exec '\(fixtureWorker)' \"$@\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return path
    }

    /// The cells of `comparison.json` in `directory`, as plain dictionaries.
    static func cells(in directory: URL) throws -> [[String: Any]] {
        try header(in: directory)["cells"] as? [[String: Any]] ?? []
    }

    /// The whole of `comparison.json` in `directory` (rounds, jobs, seconds… beside the cells).
    static func header(in directory: URL) throws -> [String: Any] {
        let data = try Data(contentsOf: directory.appendingPathComponent("comparison.json"))
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }
}
