import Foundation

/// Runs the built `layoutbench-worker` executable as a real process.
enum WorkerProcess {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let workloads = root.appendingPathComponent("Workloads")

    static var executable: URL {
        // The test bundle lives in the same build folder as the products.
        var dir = Bundle.main.bundleURL
        while dir.path != "/" {
            let candidate = dir.appendingPathComponent("layoutbench-worker")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir.deleteLastPathComponent()
        }
        return root.appendingPathComponent(".build/debug/layoutbench-worker")
    }

    struct Result { var status: Int32; var out: String; var err: String; var lines: [Substring] { out.split(separator: "\n") } }

    static func run(_ arguments: [String], stdin: String? = nil) throws -> Result {
        let p = Process()
        p.executableURL = executable
        p.arguments = arguments
        let out = Pipe(), err = Pipe(), input = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = input
        try p.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        // Read stderr concurrently so a chatty process cannot block on a full pipe.
        nonisolated(unsafe) var e = Data()
        let reader = Thread { e = err.fileHandleForReading.readDataToEndOfFile() }
        reader.start()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        while !reader.isFinished { usleep(1000) }
        return Result(status: p.terminationStatus, out: String(decoding: o, as: UTF8.self), err: String(decoding: e, as: UTF8.self))
    }
}
