import Foundation
import Report
import Statistics
import Testing

/// Stored runs for the history: workloads shaped like the default suite's
/// largest (30, 18 and 12 cells), each cell's median with 1 % noise and a
/// ±3 % interval, counters, and three planted changes — `stepped/a@100`
/// gets 30 % slower from run `stepAt` on, its `pivots` counter goes 10 → 13
/// at `counterAt`, and expectation 0 of `stepped` turns from pass to fail at
/// `stepAt`. Commits are "c" + the run's number, padded.
enum HistoryFixture {
    static let stepAt = 600, counterAt = 300

    static func commit(_ run: Int) -> String { "c" + String(format: "%011d", run) + String(repeating: "0", count: 28) }

    static func records(runs: Int) -> [HistoryRecord] {
        var rng = Xoshiro256StarStar(seed: 44)
        let shapes: [(String, [String], [Int])] = [
            ("stepped", ["a", "b", "c"], [10, 100, 400, 1000]),
            ("wide", (0..<10).map { "variant-\($0)" }, [10, 100, 1000]),
            ("middle", (0..<6).map { "v\($0)" }, [10, 100, 1000]),
        ]
        let start = Date(timeIntervalSince1970: 1_760_000_000)
        return (0..<runs).map { run in
            var cells: [String: [HistoryRecord.Cell]] = [:]
            var verdicts: [String: [HistoryRecord.Verdict]] = [:]
            for (workload, variants, sizes) in shapes {
                for variant in variants {
                    for size in sizes {
                        var median = 1e-6 * Double(size) * (1 + 0.01 * (Double(rng.next() % 2001) / 1000 - 1))
                        if workload == "stepped", variant == "a", size == 100, run >= stepAt { median *= 1.3 }
                        let pivots: Double = workload == "stepped" && variant == "a" && size == 100 && run >= counterAt ? 13 : 10
                        cells[workload, default: []].append(HistoryRecord.Cell(v: variant, n: size, e: "default", m: median,
                                                                               lo: median * 0.97, hi: median * 1.03,
                                                                               c: ["pivots": pivots, "rows": Double(size)]))
                    }
                }
                let outcome = workload == "stepped" && run >= stepAt ? "fail" : "pass"
                verdicts[workload] = [HistoryRecord.Verdict(index: 0, engine: "default", claim: "a: time linear in N", outcome: outcome)]
            }
            return HistoryRecord(run: String(format: "run-%04d", run), startedAt: start.addingTimeInterval(86_400 * Double(run)),
                                 commits: ["default": commit(run)], cells: cells, verdicts: verdicts,
                                 titles: ["stepped": "Stepped", "wide": "Wide", "middle": "Middle"])
        }
    }

    /// Writes each record as `<dir>/<run>/history.json`, as reports do.
    static func store(_ records: [HistoryRecord], in dir: URL) throws {
        for record in records {
            let folder = dir.appendingPathComponent(record.run, isDirectory: true)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try HistoryRecord.encode(record).write(to: folder.appendingPathComponent("history.json"))
        }
    }
}

@Suite struct StepFinderTests {
    static func points(_ medians: [Double]) -> [StepFinder.Point] {
        medians.map { StepFinder.Point(median: $0, lower: $0 * 0.97, upper: $0 * 1.03) }
    }

    @Test func aLastingMoveIsNamedAtItsFirstPoint() {
        let flat = (0..<20).map { 1 + 0.005 * Double($0 % 3) }
        let steps = StepFinder().steps(Self.points(flat + [1.3, 1.31, 1.29, 1.3, 1.3]))
        #expect(steps.count == 1 && steps[0].index == 20 && abs(steps[0].ratio - 1.3) < 0.02)
        let faster = StepFinder().steps(Self.points(flat + [0.7, 0.7, 0.71]))
        #expect(faster.map(\.index) == [20] && faster[0].ratio < 1)
    }

    @Test func oneNoisyRunOrMovesWithinTheNoiseAreNoStep() {
        let flat = (0..<20).map { 1 + 0.005 * Double($0 % 3) }
        #expect(StepFinder().steps(Self.points(flat + [1.5] + flat)).isEmpty)
        #expect(StepFinder().steps(Self.points(flat + flat.map { $0 * 1.04 })).isEmpty)
        #expect(StepFinder().steps([]).isEmpty)
    }
}

@Suite struct HistoryPagesTests {
    /// A year and more of nightly runs: every page under a megabyte, the
    /// planted step named at its first commit, the counter's exact change
    /// and the verdict change marked. (Build time is measured by
    /// `report-bench --history 1000` in a release build, not here.)
    @Test func aThousandRunsMakeSmallPagesThatNameThePlantedChanges() throws {
        let dir = try ReportFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try HistoryFixture.store(HistoryFixture.records(runs: 1000), in: dir)
        let files = try HistoryPages.write(reports: dir, generatedAt: ReportFixture.generatedAt)
        #expect(files.map(\.lastPathComponent).sorted() == ["index.html", "middle.html", "stepped.html", "wide.html"])
        for file in files {
            let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int ?? .max
            #expect(size <= 1_000_000, "\(file.lastPathComponent): \(size) bytes")
        }
        let stepCommit = String(HistoryFixture.commit(HistoryFixture.stepAt).prefix(12))
        let index = try String(contentsOf: dir.appendingPathComponent("history/index.html"), encoding: .utf8)
        #expect(index.contains("stepped: a, n = 100</a> moved 1.") && index.contains("× (slower) first at commit <span class=\"mono\">\(stepCommit)</span>"),
                "\(index.suffix(2000))")
        #expect(index.components(separatedBy: "moved ").count - 1 == 1, "noise alone made a step")
        let page = try String(contentsOf: dir.appendingPathComponent("history/stepped.html"), encoding: .utf8)
        #expect(page.contains("id=\"a-100\""))
        #expect(page.contains("counter pivots: 10 → 13 at <a class=\"mono\" href=\"#r\(HistoryFixture.counterAt)\">"))
        #expect(page.contains("<span class=\"pass\">pass</span> → <span class=\"fail\">fail</span>"))
        #expect(page.contains("<tr id=\"r999\">") && page.contains("href=\"../run-0999/index.html\""))
        #expect(!page.contains("counter rows"), "a counter that never changed is listed as unchanged, not as changes")
    }
}

@Suite struct HistoryRecordTests {
    /// What `load` reads back is what the report wrote, field for field.
    @Test func aWrittenRecordReadsBackTheSame() throws {
        let records = HistoryFixture.records(runs: 2)
        let dir = try ReportFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try HistoryFixture.store(records, in: dir)
        // JSONSerialization may round a number's last bit: equal to 12 significant digits.
        func rounded(_ r: HistoryRecord) -> HistoryRecord {
            func round(_ v: Double) -> Double { Double(String(format: "%.12g", v)) ?? v }
            var copy = r
            copy.cells = r.cells.mapValues { $0.map { c in
                HistoryRecord.Cell(v: c.v, n: c.n, e: c.e, m: round(c.m), lo: round(c.lo), hi: round(c.hi), c: c.c.mapValues(round))
            } }
            return copy
        }
        let loaded = HistoryRecord.load(from: dir)
        #expect(loaded.count == records.count)
        #expect(loaded.map(rounded) == records.map(rounded), "what was read differs from what was written")
    }
}
