import Foundation

/// The threads worker loops block on: created as needed, then kept for the
/// life of the process. A thread per job that exits afterwards is the
/// obvious design, but each exit runs Foundation's thread-local teardown,
/// and in a test process that also linked the malloc interposer the worker
/// once used (ordo-one's) that teardown crashed the whole test binary. Kept
/// threads never tear down.
final class RunnerThreads: @unchecked Sendable {
    static let shared = RunnerThreads()

    private let condition = NSCondition()
    private var queue: [@Sendable () -> Void] = []
    private var idle = 0

    /// Runs `work` on a kept thread, starting a new one if none is idle.
    func run(_ work: @escaping @Sendable () -> Void) {
        condition.lock()
        queue.append(work)
        if idle >= queue.count {
            condition.signal()
        } else {
            let thread = Thread { [unowned self] in self.serve() }
            thread.name = "layoutbench-runner"
            thread.start()
        }
        condition.unlock()
    }

    private func serve() {
        // Foundation's threads block most signals, and Process passes the
        // spawning thread's mask on to the child, where a blocked SIGTERM
        // would make every timeout end in SIGKILL.
        var none = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, nil)
        while true {
            condition.lock()
            while queue.isEmpty {
                idle += 1
                condition.wait()
                idle -= 1
            }
            let work = queue.removeFirst()
            condition.unlock()
            work()
        }
    }
}
