import Foundation
import Synchronization

/// The signal (SIGINT, SIGTERM) that asked `compare` to stop while it builds
/// its workers; 0 while none has.
let buildStopSignal = Atomic<Int32>(0)

/// Catches SIGINT and SIGTERM while `compare` builds a revision, so the
/// build is ended as a whole — `swift build` and every compiler it started,
/// in whatever process group — and the harness says so, instead of dying
/// and leaving the keeper to kill them unseen.
enum BuildSignals {
    /// C handlers, not SIG_IGN: a handled signal is back to its default in
    /// the programs a build execs.
    static func catchWhileBuilding() {
        signal(SIGINT) { number in buildStopSignal.store(number, ordering: .relaxed) }
        signal(SIGTERM) { number in buildStopSignal.store(number, ordering: .relaxed) }
    }

    /// Once the builds are done, Ctrl-C and SIGTERM do what they did before.
    static func restoreDefaults() {
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }

    static var stopRequested: Bool { buildStopSignal.load(ordering: .relaxed) != 0 }

    /// The exit status of a shell killed by the signal that stopped the build.
    static var exitStatus: Int32 { 128 + buildStopSignal.load(ordering: .relaxed) }
}
