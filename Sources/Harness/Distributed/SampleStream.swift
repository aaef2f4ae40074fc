import Foundation
import JobQueue
import Synchronization
import WorkerProtocol

/// Sends one running job's samples to the queue's staging table as the
/// worker produces them: `add` (from the runner's reading thread) buffers,
/// and a task flushes the buffer every `interval` with `JobQueue.stream`,
/// fenced by the claim's attempt. The stream is best effort: a batch lost to
/// a database outage is staged again by the completion, which is where the
/// rows become results. A fenced flush means another agent owns the job
/// now: `onFenced` stops the worker.
final class SampleStream: Sendable {
    private let pending = Mutex<[Sample]>([])
    private let sent = Mutex<Int>(0)
    private let task = Mutex<Task<Void, Never>?>(nil)

    init(queue: JobQueue, job: JobID, claim: Claim, interval: Double, onFenced: @escaping @Sendable () -> Void) {
        let flusher = Task { [self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(Int64(interval * 1000)))
                // Finished: the completion stages what is left, in its own transaction.
                if Task.isCancelled { return }
                let batch = pending.withLock { batch in defer { batch.removeAll() }; return batch }
                guard !batch.isEmpty else { continue }
                do {
                    try await queue.stream(batch, job: job, of: claim)
                    sent.withLock { $0 += batch.count }
                } catch JobQueueError.fenced {
                    onFenced()
                    return
                } catch {
                    // The database is away or we were cancelled: the completion stages these.
                }
            }
        }
        task.withLock { $0 = flusher }
    }

    /// Buffers a sample for the next flush.
    func add(_ sample: Sample) { pending.withLock { $0.append(sample) } }

    /// Stops flushing (what is still buffered is staged by the completion)
    /// and returns how many samples were streamed.
    func finish() async -> Int {
        let flusher = task.withLock { $0 }
        flusher?.cancel()
        await flusher?.value
        return sent.withLock { $0 }
    }
}
