import Foundation
import LayoutSolver

// solver-bench: the solver's reproducible benchmark. kiwisolver runs first at
// each size, so its child process has exited (and freed its memory) before
// ours fills the same machine. Build in release:
//   swift run -c release solver-bench [--json] [--workloads a,b] [--sizes 1000,10000]
//                                     [--linked-sizes 100,1000] [--no-kiwi] [--kiwi-max N]

struct Options {
    var json = false
    var workloads = SolverWorkload.allCases
    var sizes = [1_000, 10_000, 100_000]
    var linkedSizes = [100, 1_000, 10_000]
    var kiwi = true
    var kiwiMax = 10_000
    var kiwiBudget = 180.0

    init(_ args: [String]) throws {
        var it = args.makeIterator()
        while let a = it.next() {
            switch a {
            case "--json": json = true
            case "--no-kiwi": kiwi = false
            case "--workloads":
                workloads = try Self.list(it.next(), a).map { name in
                    guard let w = SolverWorkload(rawValue: name) else {
                        throw BenchError.usage("unknown workload '\(name)'; choose from \(SolverWorkload.allCases.map(\.rawValue).joined(separator: ", "))")
                    }
                    return w
                }
            case "--sizes": sizes = try Self.list(it.next(), a).map { try Self.int($0, a) }
            case "--linked-sizes": linkedSizes = try Self.list(it.next(), a).map { try Self.int($0, a) }
            case "--kiwi-max": kiwiMax = try Self.int(it.next() ?? "", a)
            case "--kiwi-budget": kiwiBudget = Double(try Self.int(it.next() ?? "", a))
            case "-h", "--help":
                print("usage: solver-bench [--json] [--workloads \(SolverWorkload.allCases.map(\.rawValue).joined(separator: ","))] [--sizes N,…] [--linked-sizes N,…] [--no-kiwi] [--kiwi-max N] [--kiwi-budget SECONDS]")
                exit(0)
            default: throw BenchError.usage("unknown option '\(a)'; try --help")
            }
        }
    }

    static func list(_ s: String?, _ flag: String) throws -> [String] {
        guard let s, !s.isEmpty else { throw BenchError.usage("\(flag) needs a comma-separated value") }
        return s.split(separator: ",").map(String.init)
    }
    static func int(_ s: String, _ flag: String) throws -> Int {
        guard let n = Int(s), n > 0 else { throw BenchError.usage("\(flag) takes positive whole numbers, got '\(s)'") }
        return n
    }
}

enum BenchError: Error, CustomStringConvertible {
    case usage(String)
    var description: String { switch self { case .usage(let m): "solver-bench: \(m)" } }
}

/// Hands memory freed by the last measurement back to the system: a long
/// chain's tableau is gigabytes that malloc would otherwise keep.
func releaseFreedMemory() {
    #if os(Linux)
    _ = glibcMallocTrim(0)
    #endif
}

#if os(Linux)
/// glibc's `malloc_trim` (malloc.h), which the Glibc module does not export.
@_silgen_name("malloc_trim") func glibcMallocTrim(_ pad: Int) -> Int32
#endif

func repeatsFor(_ n: Int) -> Int { n <= 1_000 ? 7 : n <= 10_000 ? 5 : 3 }

func emit(_ m: Measurement, json: Bool) {
    guard json else { return }
    let counters = m.counters.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ")
    print("{\"workload\": \"\(m.workload)\", \"engine\": \"\(m.engine)\", \"n\": \(m.n), \"seconds\": \(m.seconds), \"counters\": {\(counters)}}")
    fflush(nil)
}

func main() throws {
    let options = try Options(Array(CommandLine.arguments.dropFirst()))
    let kiwi = options.kiwi ? KiwiComparison() : nil
    if let note = kiwi?.unavailable { FileHandle.standardError.write(Data("solver-bench: \(note)\n".utf8)) }
    if !options.json {
        print(["workload".padded(15), "n".padded(8), "seconds".padded(11), "per block/op".padded(13), "slope".padded(7),
               "kiwisolver".padded(12), "kiwi/ours".padded(11), "pivots".padded(11), "work"].joined(separator: " "))
    }
    for workload in options.workloads {
        var previous: (n: Int, seconds: Double)?
        var previousKiwi: (n: Int, seconds: Double)?
        for n in workload.isLinked ? options.linkedSizes : options.sizes {
            var kiwiSeconds: Double?
            // kiwi is quadratic here: skip a size its previous figure says would take minutes.
            let kiwiForecast = previousKiwi.map { $0.seconds * pow(Double(n) / Double($0.n), 2) * Double(min(3, repeatsFor(n))) } ?? 0
            if let kiwi, n <= options.kiwiMax, kiwiForecast < options.kiwiBudget {
                kiwiSeconds = kiwi.seconds(workload: workload.rawValue, n: n, repeats: min(3, repeatsFor(n)))
                if let k = kiwiSeconds {
                    previousKiwi = (n, k)
                    emit(Measurement(workload: workload.rawValue, engine: "kiwisolver", n: n, seconds: k, counters: []),
                         json: options.json)
                }
            }
            let (seconds, counters) = try measure(repeats: repeatsFor(n), setup: { try workload.setup(n) }) { state in
                try workload.run(&state)
            }
            let perOp = workload == .suggest ? seconds / Double(suggestions) : seconds
            emit(Measurement(workload: workload.rawValue, engine: "layoutbench", n: n, seconds: perOp,
                             counters: counters.named), json: options.json)
            releaseFreedMemory()
            if !options.json {
                let slope = previous.map { log(perOp / $0.seconds) / log(Double(n) / Double($0.n)) }
                let perBlock = workload == .suggest ? perOp : perOp / Double(n)
                let cells = [workload.rawValue.padded(15), String(n).padded(8), String(format: "%.6f", perOp).padded(11),
                             String(format: "%9.3f µs", perBlock * 1e6).padded(13),
                             (slope.map { String(format: "%.3f", $0) } ?? "—").padded(7),
                             (kiwiSeconds.map { String(format: "%.6f", $0) } ?? "—").padded(12),
                             (kiwiSeconds.map { String(format: "%.1f×", $0 / perOp) } ?? "—").padded(11),
                             String(counters.pivots).padded(11), String(counters.work)]
                print(cells.joined(separator: " "))
                fflush(nil)
            }
            previous = (n, perOp)
        }
    }
}

do { try main() } catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(2)
}

extension String {
    func padded(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
