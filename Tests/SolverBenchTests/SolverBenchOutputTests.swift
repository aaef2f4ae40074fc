import Foundation
import Testing

/// Scripts read `solver-bench --json`; these tests run the real executable
/// (built beside the tests) at tiny sizes and check the promised fields.
@Suite struct SolverBenchOutputTests {
    static var executable: URL {
        // The test bundle lives in the same build folder as the products.
        var dir = Bundle.main.bundleURL
        while dir.path != "/" {
            let candidate = dir.appendingPathComponent("solver-bench")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: ".build/debug/solver-bench")
    }

    func run(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        let p = Process()
        p.executableURL = Self.executable
        p.arguments = arguments
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }

    @Test func jsonLinesCarryTheDocumentedFields() throws {
        let r = try run(["--json", "--no-kiwi", "--sizes", "20,40", "--linked-sizes", "10"])
        #expect(r.status == 0, "\(r.err)")
        let lines = r.out.split(separator: "\n")
        // 6 unlinked workloads × 2 sizes + 3 linked workloads × 1 size.
        #expect(lines.count == 15)
        var seen = Set<String>()
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let workload = try #require(object["workload"] as? String)
            seen.insert(workload)
            #expect(object["engine"] as? String == "layoutbench")
            #expect((object["n"] as? Int).map { $0 > 0 } == true)
            #expect((object["seconds"] as? Double).map { $0 > 0 } == true)
            let counters = try #require(object["counters"] as? [String: Int])
            #expect(counters["constraintsAdded"] != nil && counters["pivots"] != nil)
        }
        #expect(seen == ["independent", "remove", "remove-reverse", "churn", "toggle", "suggest", "linked", "linked-remove", "linked-remove-each"])
    }

    @Test func churnDoesAtLeastFiveTimesTheWorkOfToggling() throws {
        let r = try run(["--json", "--no-kiwi", "--sizes", "50", "--workloads", "churn,toggle"])
        #expect(r.status == 0, "\(r.err)")
        var work: [String: Int] = [:]
        for line in r.out.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let c = try #require(object["counters"] as? [String: Int])
            work[object["workload"] as! String] =
                c["pivots"]! + c["rowSubstitutions"]! + c["rowsTouched"]! + c["termsTouched"]! + c["objectiveIterations"]!
        }
        let churn = try #require(work["churn"]), toggle = try #require(work["toggle"])
        #expect(churn >= 5 * toggle, "churn \(churn) vs toggle \(toggle)")
    }

    @Test func badOptionsExitWithAClearMessage() throws {
        let r = try run(["--workloads", "nope"])
        #expect(r.status == 2)
        #expect(r.err.contains("unknown workload 'nope'"))
    }
}
