import Foundation
import Report
import Statistics

/// `report-bench --history RUNS`: stores RUNS nightly runs shaped like the
/// default suite (19 workloads, 3 to 30 cells each, 1 % noise, one cell
/// 25 % slower from two thirds of the way on) as `history.json` files, then
/// times `HistoryPages.write` — reading them all and writing every page —
/// and prints the largest page and the steps found.
func historyBench(runs: Int, out: URL) throws {
    let cellsPerWorkload = [8, 30, 15, 12, 16, 6, 9, 3, 18, 18, 12, 10, 3, 12, 9, 6, 8, 9, 6]
    var rng = Xoshiro256StarStar(seed: 7)
    let start = Date(timeIntervalSince1970: 1_760_000_000)
    let stepAt = runs * 2 / 3
    try? FileManager.default.removeItem(at: out)
    for run in 0..<runs {
        var cells: [String: [HistoryRecord.Cell]] = [:]
        var verdicts: [String: [HistoryRecord.Verdict]] = [:]
        for (w, count) in cellsPerWorkload.enumerated() {
            let workload = "workload-\(w)"
            for c in 0..<count {
                let size = [10, 100, 1000][c % 3]
                var median = 1e-7 * Double(size) * Double(c / 3 + 1) * (1 + 0.01 * (Double(rng.next() % 2001) / 1000 - 1))
                if w == 0, c == 0, run >= stepAt { median *= 1.25 }
                cells[workload, default: []].append(HistoryRecord.Cell(v: "variant-\(c / 3)", n: size, e: "default", m: median,
                                                                       lo: median * 0.97, hi: median * 1.03,
                                                                       c: ["rows": Double(size), "pivots": Double(2 * size + 7)]))
            }
            verdicts[workload] = [HistoryRecord.Verdict(index: 0, engine: "default", claim: "variant-0: time linear in N", outcome: "pass")]
        }
        let record = HistoryRecord(run: String(format: "run-%05d", run), startedAt: start.addingTimeInterval(86_400 * Double(run)),
                                   commits: ["default": String(format: "%040x", run)], cells: cells, verdicts: verdicts, titles: [:])
        let folder = out.appendingPathComponent(record.run, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try HistoryRecord.encode(record).write(to: folder.appendingPathComponent("history.json"))
    }
    var files: [URL] = []
    let time = try seconds { files = try HistoryPages.write(reports: out) }
    var records: [HistoryRecord] = []
    let readTime = seconds { records = HistoryRecord.load(from: out) }
    let renderTime = try seconds { try HistoryPages.write(records, to: out.appendingPathComponent("history-again")) }
    let sizes = files.map { ((try? FileManager.default.attributesOfItem(atPath: $0.path)[.size]) as? Int) ?? 0 }
    let largest = zip(files, sizes).max { $0.1 < $1.1 }
    let index = (try? String(contentsOf: out.appendingPathComponent("history/index.html"), encoding: .utf8)) ?? ""
    print(String(format: "  of which: reading %.3f s, steps and pages %.3f s (measured again, apart)", readTime, renderTime))
    print("history: \(runs) runs, \(cellsPerWorkload.reduce(0, +)) cells each, \(files.count) pages")
    print(String(format: "history written: %.3f s (read every history.json, find steps, write every page)", time))
    print(String(format: "largest page:    %.1f kB (%@)", Double(largest?.1 ?? 0) / 1000, (largest?.0.lastPathComponent ?? "") as NSString))
    print("steps found:     \(index.components(separatedBy: " moved ").count - 1) (one planted at run \(stepAt))")
    print("pages: \(out.appendingPathComponent("history").path)")
}
