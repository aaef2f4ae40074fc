import Foundation
import UntrustedText
import ResultStore
import Synchronization

/// Progress on standard error. On a terminal one status line is redrawn in
/// place (jobs done/total, the running job, elapsed, ETA) with failures and
/// notes printed above it; otherwise (CI, a pipe) each event is a plain,
/// time-stamped log line.
public final class TerminalProgress: ProgressReporter {
    public enum Style: Sendable { case terminal, plain }

    private struct State {
        var total = 0
        var done = 0
        var failed = 0
        var parallelism = 1
        var started = ContinuousClock.now
        var running: [UUID: PlannedJob] = [:]
        var ticker: DispatchSourceTimer?
    }

    public let style: Style
    private let state = Mutex(State())

    /// `terminal` when standard error is a TTY (and TERM is not "dumb"), else `plain`.
    public init(style: Style? = nil) {
        let tty = isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["TERM"] != "dumb"
        self.style = style ?? (tty ? .terminal : .plain)
    }

    public func runStarted(total: Int, parallelism: Int) {
        state.withLock { state in
            state.total = total
            state.parallelism = parallelism
            state.started = .now
            if style == .terminal {
                let timer = DispatchSource.makeTimerSource(queue: .global())
                timer.schedule(deadline: .now() + 0.5, repeating: 0.5)
                timer.setEventHandler { [weak self] in self?.redraw() }
                timer.resume()
                state.ticker = timer
            }
        }
        if style == .plain { log("run: \(total) job\(total == 1 ? "" : "s"), \(parallelism) at a time") }
    }

    public func jobStarted(_ job: PlannedJob) {
        let position = state.withLock { state in
            state.running[job.id] = job
            return state.done + state.running.count
        }
        switch style {
        case .terminal: redraw()
        case .plain: log("[\(position)/\(total)] start \(job.label)")
        }
    }

    public func jobFinished(_ job: PlannedJob, outcome: JobOutcome) {
        let done = state.withLock { state in
            state.running[job.id] = nil
            state.done += 1
            if outcome.failure != nil { state.failed += 1 }
            return state.done
        }
        let seconds = outcome.finishedAt.timeIntervalSince(outcome.startedAt)
        let line: String
        if let failure = outcome.failure {
            line = "[\(done)/\(total)] FAILED \(job.label) after \(Clock.formatDuration(seconds)): \(failure.reason)"
        } else {
            let median = outcome.summary.map { ", median \(Clock.formatDuration($0.medianSeconds))" } ?? ""
            line = "[\(done)/\(total)] ok \(job.label) in \(Clock.formatDuration(seconds))\(median)"
        }
        switch style {
        case .terminal:
            if outcome.failure != nil { printAbove(line) } else { redraw() }
        case .plain: log(line)
        }
    }

    public func note(_ text: String) {
        switch style {
        case .terminal: printAbove("note: " + text)
        case .plain: log("note: " + text)
        }
    }

    public func runFinished() {
        let (done, failed, elapsed) = state.withLock { state in
            state.ticker?.cancel()
            state.ticker = nil
            return (state.done, state.failed, (ContinuousClock.now - state.started).inSeconds)
        }
        let summary = "run finished: \(done) job\(done == 1 ? "" : "s"), \(failed) failed, in \(Clock.format(elapsed))"
        switch style {
        case .terminal: write("\r\u{1B}[2K" + summary + "\n")
        case .plain: log(summary)
        }
    }

    private var total: Int { state.withLock { $0.total } }

    private func redraw() {
        write("\r\u{1B}[2K" + statusLine())
    }

    private func printAbove(_ line: String) {
        write("\r\u{1B}[2K" + UntrustedText.clean(line, limit: UntrustedText.messageLimit, multiline: true) + "\n" + statusLine())
    }

    /// `[3/20] 0:12 elapsed, ETA 0:48 · cells/plain n=100 [default]`, cut to the terminal's width.
    private func statusLine() -> String {
        let line = state.withLock { state -> String in
            let elapsed = (ContinuousClock.now - state.started).inSeconds
            let eta = state.done == 0 ? "--:--"
                : Clock.format(elapsed / Double(state.done) * Double(state.total - state.done))
            let current = state.running.values.sorted { $0.ordinal < $1.ordinal }.map(\.label).joined(separator: ", ")
            let failed = state.failed > 0 ? " \(state.failed) failed," : ""
            return "[\(state.done)/\(state.total)]\(failed) \(Clock.format(elapsed)) elapsed, ETA \(eta) · \(current)"
        }
        var size = winsize()
        let width = ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 10 ? Int(size.ws_col) - 1 : 119
        let shown = UntrustedText.clean(line)
        return shown.count > width ? String(shown.prefix(width - 1)) + "…" : shown
    }

    private func log(_ line: String) {
        let stamp = ISO8601DateFormatter.string(from: Date(), timeZone: .current, formatOptions: [.withTime, .withColonSeparatorInTime])
        write(stamp + " " + UntrustedText.clean(line, limit: UntrustedText.messageLimit, multiline: true) + "\n")
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
