import Dispatch
import Foundation
import Synchronization

/// Stops a run between jobs: once cancelled, no further job starts, the
/// jobs already running finish (or die with the terminal's SIGINT), and the
/// run is stored as interrupted. The spool keeps whatever the database missed.
public final class RunCancellation: Sendable {
    private let state = Mutex<Int32?>(nil)
    /// Kept alive for the process's life; written once, by `installSignalHandlers`.
    private nonisolated(unsafe) var sources: [DispatchSourceSignal] = []

    public init() {}

    /// The signal that cancelled the run, if one did.
    public var signal: Int32? { state.withLock { $0 } }
    public var isCancelled: Bool { signal != nil }

    public func cancel(signal: Int32 = SIGINT) {
        state.withLock { $0 = $0 ?? signal }
    }

    /// Cancels on SIGINT (Ctrl-C) instead of dying, calling `onSignal` each time.
    ///
    /// Only SIGINT: catching a signal means ignoring its default action, and
    /// an ignored signal stays ignored in every worker started afterwards,
    /// so workers would shrug off the SIGTERM the timeout sends. Running
    /// workers are stopped by the runner instead (it watches `isCancelled`).
    /// A SIGTERM still ends the harness at once; the next run or
    /// `db flush` marks that run interrupted from its spool.
    public func installSignalHandlers(onSignal: @escaping @Sendable (Int32) -> Void) {
        var installed: [DispatchSourceSignal] = []
        for number in [SIGINT] {
            Foundation.signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak self] in
                self?.cancel(signal: number)
                onSignal(number)
            }
            source.resume()
            installed.append(source)
        }
        sources += installed
    }
}
