import CLibPQ
import Dispatch

/// Owns one `PGconn` and finishes it when dropped, so an actor that is
/// released without `close()` still hands its server session back.
final class ConnectionHandle {
    let raw: OpaquePointer

    init(raw: OpaquePointer) { self.raw = raw }

    deinit { PQfinish(raw) }

    var isHealthy: Bool { PQstatus(raw) == CONNECTION_OK }

    /// libpq's last error text for this connection.
    var errorMessage: String { PQerrorMessage(raw).map { String(cString: $0) } ?? "" }
}

/// Runs a `PostgresConnection`'s code on its own serial dispatch queue.
///
/// libpq calls block their thread until the server answers, and waiting for
/// a NOTIFY blocks for as long as the caller allows. On Swift's shared
/// cooperative pool (one thread per core, two here) that would stall
/// unrelated tasks, so each connection brings a queue of its own.
final class ConnectionExecutor: SerialExecutor {
    private let queue: DispatchQueue

    init(label: String) { queue = DispatchQueue(label: label) }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
