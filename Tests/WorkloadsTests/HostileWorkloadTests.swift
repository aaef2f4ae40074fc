import Foundation
import Randomness
import ScenarioCatalog
import Testing
@testable import Workloads

/// The loader against files written to hurt it: every outcome is a valid
/// workload or problems that each name a place in the file, and a file
/// built to explode (an alias bomb, deep nesting, huge lists) is refused
/// before it is expanded.
@Suite struct HostileWorkloadTests {
    static let shipped: [(name: String, text: String)] = {
        let files = (try? FileManager.default.contentsOfDirectory(at: WorkloadFilesTests.directory, includingPropertiesForKeys: nil)) ?? []
        return files.filter { $0.pathExtension == "yaml" }.sorted { $0.path < $1.path }
            .compactMap { url in (try? String(contentsOf: url, encoding: .utf8)).map { (url.lastPathComponent, $0) } }
    }()

    /// Loads `text` and checks the outcome's shape; returns the problems.
    @discardableResult
    func check(_ text: String, _ label: String) -> [WorkloadProblem] {
        do {
            _ = try WorkloadLoader.load(source: text, file: "fuzz.yaml", catalog: ScenarioCatalog.catalog)
            return []
        } catch {
            #expect(!error.all.isEmpty, "\(label): an error without problems")
            for problem in error.all {
                #expect(problem.file == "fuzz.yaml" && problem.line >= 1 && problem.column >= 0,
                        "\(label): a problem without a location: \(problem)")
            }
            return error.all
        }
    }

    static func aliasBomb(levels: Int, width: Int) -> String {
        var lines = ["name: bomb", "title: t", "talk: {title: t, scenario: '1'}", "description: d", "driver: long-row",
                     "sweep: {parameter: count, sizes: [10]}", "variants: {default: {}}", "parameters:", "  l0: &l0 [lol, lol]"]
        for level in 1...levels {
            lines.append("  l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: width).joined(separator: ", ") + "]")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func anAliasBombIsRefusedBeforeItExpands() {
        let bomb = Self.aliasBomb(levels: 9, width: 9)
        #expect(bomb.utf8.count < 1024)
        let started = ContinuousClock.now
        let problems = check(bomb, "alias bomb")
        #expect(ContinuousClock.now - started < .seconds(1))
        #expect(problems.count == 1 && problems[0].message.contains("aliases"), "\(problems)")
        #expect(problems.first?.line == 11)
    }

    @Test func aliasesThatExpandPastTheBudgetAreRefused() {
        // Few aliases, but each repeats a long list.
        let list = "[" + (0..<3_000).map(String.init).joined(separator: ", ") + "]"
        let text = "name: wide\nparameters:\n  base: &b \(list)\n" + (1...8).map { "  c\($0): [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]"  }
            .prefix(1).joined(separator: "\n") + "\n  d: [*b]\n"
        let problems = check(text, "wide aliases")
        #expect(problems.contains { $0.message.contains("aliases") || $0.message.contains("expands") }, "\(problems)")
    }

    @Test func hostileShapesEachGetOneLocatedProblem() {
        let shapes: [(String, String, String)] = [
            ("deep flow", String(repeating: "[", count: 100_000), "nest deeper"),
            ("deep block", (0..<300).map { String(repeating: " ", count: $0) + "k\($0):" }.joined(separator: "\n"), "indented"),
            ("many variants", "variants:\n" + (0..<5_000).map { "  v\($0): {}" }.joined(separator: "\n"), "variants"),
            ("many sizes", "sweep:\n  parameter: count\n  sizes: [" + (1...5_000).map(String.init).joined(separator: ",") + "]", "sizes"),
            ("many expectations", "expectations:\n" + String(repeating: "  - {kind: linear}\n", count: 1_000), "expectations"),
            ("big file", "description: \"" + String(repeating: "x", count: 300_000) + "\"", "bytes"),
            ("escape in a value", "name: \"\u{1B}]0;pwned\u{7}\"", "control characters are not allowed"),
        ]
        for (label, text, expected) in shapes {
            let problems = check(text, label)
            #expect(problems.contains { $0.message.contains(expected) }, "\(label): \(problems.prefix(3))")
            #expect(!problems.contains { $0.description.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0 } }, "\(label)")
        }
    }

    /// Seeded mutations of every shipped workload: cuts, repeats, swaps and
    /// YAML punctuation dropped in at random. Reproducible from the seed.
    @Test func mutatedShippedWorkloadsLoadOrFailWithALocation() {
        #expect(Self.shipped.count >= 10)
        let tokens = [":", "- ", "[", "]", "{", "}", "&a ", "*a", "\"", "'", "#", "\t", "\u{0}", "!!int ", "? ", "|\n", ">\n",
                      "1e308", "-1", "99999999999999999999", "\u{FEFF}", "~", "\n  ", "<<: *a\n", ": :", "%YAML 1.1\n"]
        var random = SplitMix64(seed: 39)
        var refused = 0, loaded = 0
        for (name, text) in Self.shipped {
            for round in 0..<120 {
                var scalars = Array(text.unicodeScalars)
                var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                switch random.next() % 5 {
                case 0:
                    let start = Int(random.next() % UInt64(scalars.count))
                    scalars.removeSubrange(start..<min(scalars.count, start + 1 + Int(random.next() % 40)))
                case 1, 2:
                    let at = Int(random.next() % UInt64(scalars.count + 1))
                    scalars.insert(contentsOf: tokens[Int(random.next() % UInt64(tokens.count))].unicodeScalars, at: at)
                case 3:
                    let at = Int(random.next() % UInt64(lines.count))
                    lines.insert(lines[at], at: Int(random.next() % UInt64(lines.count)))
                    scalars = Array(lines.joined(separator: "\n").unicodeScalars)
                default:
                    let a = Int(random.next() % UInt64(lines.count)), b = Int(random.next() % UInt64(lines.count))
                    lines.swapAt(a, b)
                    scalars = Array(lines.joined(separator: "\n").unicodeScalars)
                }
                var mutated = ""
                mutated.unicodeScalars.append(contentsOf: scalars)
                if check(mutated, "\(name) round \(round)").isEmpty { loaded += 1 } else { refused += 1 }
            }
        }
        #expect(refused > 0 && loaded > 0)
    }

    /// Paths that are not workload files are described, never read out.
    @Test func pathErrorsSayWhatThePathIsAndNeverItsContent() throws {
        let directory = NSTemporaryDirectory() + "hostile-paths-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let secret = directory + "/secret.yaml"
        try "postgresql://bench:hunter2@db/layoutbench\n".write(toFile: secret, atomically: true, encoding: .utf8)
        let fifo = directory + "/fifo.yaml"
        #expect(mkfifo(fifo, 0o644) == 0)
        let binary = directory + "/binary.yaml"
        try Data([0x6E, 0x61, 0x6D, 0x65, 0xFF, 0xFE]).write(to: URL(fileURLWithPath: binary))
        let cases: [(String, String)] = [
            (directory, "is a directory"), (fifo, "a FIFO"), (binary, "not UTF-8 text (an invalid byte at offset 4)"),
            (directory + "/missing.yaml", "no file at this path"), (secret, "found a single value of 41 characters"),
        ]
        for (path, expected) in cases {
            do {
                _ = try WorkloadLoader.load(file: URL(fileURLWithPath: path), catalog: ScenarioCatalog.catalog)
                Issue.record("\(path) loaded")
            } catch {
                let text = error.description
                #expect(text.contains(expected), "\(text)")
                #expect(!text.contains("hunter2"), "\(text)")
                // A problem of the whole file names no line; one inside it names where.
                #expect(text.hasPrefix(path + (path == secret ? ":1:1: " : ": ")), "\(text)")
            }
        }
    }

    /// A file over the size limit is located where it crosses the limit, so
    /// an editor opens at the first byte that is too many.
    @Test func aFileTooLargeIsLocatedWhereItCrossesTheLimit() throws {
        let path = NSTemporaryDirectory() + "too-large-\(UUID().uuidString).yaml"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let line = "# " + String(repeating: "x", count: 97) + "\n"   // 100 bytes
        let limit = WorkloadBudget.maxFileBytes
        try String(repeating: line, count: limit / 100 + 10).write(toFile: path, atomically: true, encoding: .utf8)
        do {
            _ = try WorkloadLoader.load(file: URL(fileURLWithPath: path), catalog: ScenarioCatalog.catalog)
            Issue.record("a file over the limit loaded")
        } catch {
            let problem = try #require(error.all.first)
            #expect(problem.line == limit / 100 + 1 && problem.column == limit % 100 + 1, "\(problem)")
            #expect(problem.description.hasPrefix("\(path):\(limit / 100 + 1):\(limit % 100 + 1): the file is"), "\(problem)")
        }
    }
}
