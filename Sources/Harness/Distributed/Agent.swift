import EngineBuilds
import Foundation
import JobQueue
import Postgres
import ResultStore
import Synchronization

/// How an agent behaves; `layoutbench agent` fills it from its options.
public struct AgentOptions: Sendable {
    public var name: String
    /// The agent takes jobs of this class first, then jobs of `MachineClass.any`.
    public var machineClass: String
    public var engines: AgentEngines
    /// Lease length and backoff (short leases in tests).
    public var settings: QueueSettings
    /// Longest wait for a NOTIFY before polling the queue again.
    public var pollSeconds: Double
    /// Seconds a job's worker may run before it is stopped.
    public var timeout: Double
    /// Stop once no job of the agent's classes is queued or running (tests, CI).
    public var exitWhenDrained: Bool
    /// How often a running job's new samples are written to the queue's staging table.
    public var streamIntervalSeconds: Double
    /// Builds of engine revisions from the remotes this agent allows; nil:
    /// jobs naming a revision are refused.
    public var builds: AllowedRemotesBuilder?

    public init(name: String, machineClass: String, engines: AgentEngines, settings: QueueSettings = .standard,
                pollSeconds: Double = 5, timeout: Double = 600, exitWhenDrained: Bool = false,
                streamIntervalSeconds: Double = 0.5, builds: AllowedRemotesBuilder? = nil) {
        self.name = name; self.machineClass = machineClass; self.engines = engines; self.settings = settings
        self.pollSeconds = pollSeconds; self.timeout = timeout; self.exitWhenDrained = exitWhenDrained
        self.streamIntervalSeconds = streamIntervalSeconds; self.builds = builds
    }

    /// The classes the agent claims from, its own first.
    var classes: [String] { machineClass == MachineClass.any ? [machineClass] : [machineClass, MachineClass.any] }
}

/// The claims an agent holds, shared with its heartbeat task, and the jobs
/// whose lease it has lost (their workers are stopped, their results dropped).
final class HeldClaims: Sendable {
    private let state = Mutex<(claims: [Claim], lost: Set<JobID>)>(([], []))

    var claims: [Claim] { state.withLock { $0.claims } }
    func hold(_ claims: [Claim]) { state.withLock { $0 = (claims, []) } }
    func drop(_ claim: Claim) { state.withLock { $0.claims.removeAll { $0 == claim } } }
    func markLost(_ ids: Set<JobID>) { state.withLock { $0.lost.formUnion(ids) } }
    func isLost(_ claim: Claim) -> Bool { state.withLock { !$0.lost.isDisjoint(with: claim.jobIDs) } }
}

/// `layoutbench agent`: registers with its machine fingerprint, then claims
/// jobs from the queue, runs each in a fresh worker process of an engine
/// from its own configuration, and stores the outcome in the ResultStore
/// tables inside the queue's fenced `complete`. Leases are extended by a
/// heartbeat on a second connection; a lost lease stops the worker and drops
/// its results. When `shouldStop` turns true (SIGTERM) the running worker is
/// stopped, the job released for another agent, and `run` returns.
///
/// Events go to `log` as JSON lines (`{"agent", "event", "jobs", …}`); the
/// database URL is never written anywhere, only its redacted form.
public final class Agent: Sendable {
    public let options: AgentOptions
    public let id: AgentID
    let work: JobQueue
    let beats: JobQueue
    let held = HeldClaims()
    let shouldStop: @Sendable () -> Bool
    let log: @Sendable (String) -> Void
    let hashes = Mutex<[String: String]>([:])

    init(options: AgentOptions, id: AgentID, work: JobQueue, beats: JobQueue,
         shouldStop: @escaping @Sendable () -> Bool, log: @escaping @Sendable (String) -> Void) {
        self.options = options; self.id = id; self.work = work; self.beats = beats
        self.shouldStop = shouldStop; self.log = log
    }

    /// Migrates the schema (store and queue in one `migrate`), opens the two
    /// queue connections and registers the agent.
    ///
    /// - Throws: `ResultStoreError`, `JobQueueError`.
    public static func start(_ configuration: PostgresConfiguration, options: AgentOptions,
                             shouldStop: @escaping @Sendable () -> Bool,
                             log: @escaping @Sendable (String) -> Void) async throws -> Agent {
        let store = try await ResultStore.open(configuration, schema: .migrate)
        await store.close()
        let work = try await JobQueue.connect(configuration, settings: options.settings)
        let beats = try await JobQueue.connect(configuration, settings: options.settings)
        let machine = MachineProbe.current()
        let fingerprint = ["hostname": machine.hostname, "cpu_model": machine.cpuModel, "cores": String(machine.cores),
                           "memory_bytes": String(machine.memoryBytes), "kernel": machine.kernel, "os": machine.os,
                           "swift_version": machine.swiftVersion, "machine_fingerprint": machine.fingerprint,
                           "engines": options.engines.names.joined(separator: ","), "pid": String(getpid()),
                           "builds_revisions": options.builds == nil ? "no" : "from \(options.builds?.remotes.count ?? 0) allowed remote(s)",
                           "harness_version": HarnessVersion.current]
        let id = try await work.register(name: options.name, machineClass: options.machineClass, fingerprint: fingerprint)
        return Agent(options: options, id: id, work: work, beats: beats, shouldStop: shouldStop, log: log)
    }

    /// Claims and runs jobs until `shouldStop` (or, with `exitWhenDrained`,
    /// until nothing is left), then releases whatever it still holds.
    /// Returns the number of jobs completed.
    ///
    /// - Throws: `JobQueueError` (the database stayed away too long); the
    ///   jobs it held are rescued by other agents when their leases expire.
    @discardableResult
    public func run() async throws -> Int {
        let heartbeat = Task { [beats, id, held, options] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(options.settings.heartbeatIntervalSeconds))
                let lost = (try? await beats.heartbeat(agent: id, claims: held.claims)) ?? []
                if !lost.isEmpty { held.markLost(lost) }
            }
        }
        // Stopped and awaited once the loop ends (see `Task.cancelled(after:)`).
        let completed = try await heartbeat.cancelled { try await claimAndRun() }
        let recovered = await work.recoveredOperations + beats.recoveredOperations
        emit("stopped", [], extra: ", \"completed\": \(completed), \"recovered\": \(recovered)")
        await work.close()
        await beats.close()
        return completed
    }

    /// The claim loop of `run`; returns the number of jobs completed.
    private func claimAndRun() async throws -> Int {
        emit("started", [], extra: ", \"class\": \(Self.quoted(options.machineClass)), \"engines\": \(Self.quoted(options.engines.names.joined(separator: ",")))")
        var completed = 0
        var lastRescue = ContinuousClock.now - .seconds(3600)
        while !shouldStop() {
            if ContinuousClock.now - lastRescue > .seconds(options.settings.leaseSeconds / 2) {
                let rescued = try await work.rescueExpired()
                if !rescued.isEmpty { emit("rescued", rescued.requeued + rescued.failed) }
                lastRescue = ContinuousClock.now
            }
            var claims: [Claim] = []
            for machineClass in options.classes where claims.isEmpty {
                claims = try await work.claim(agent: id, machineClass: machineClass, limit: 1)
            }
            if claims.isEmpty {
                if options.exitWhenDrained, try await isDrained() { break }
                _ = try await work.waitForWork(timeout: .milliseconds(Int64(options.pollSeconds * 1000)))
                continue
            }
            held.hold(claims)
            for claim in claims {
                if try await process(claim) { completed += claim.jobs.count }
                held.drop(claim)
            }
        }
        for claim in held.claims where try await work.release(claim) { emit("released", claim.jobIDs) }
        try await work.markStopped(id)
        return completed
    }

    private func isDrained() async throws -> Bool {
        for machineClass in options.classes where try await work.outstanding(machineClass: machineClass) > 0 { return false }
        return true
    }

    /// The worker binary's SHA-256, computed once per path.
    func binaryHash(_ path: String) -> String {
        if let known = hashes.withLock({ $0[path] }) { return known }
        let hash = (try? SHA256.hex(ofFile: path)) ?? ""
        hashes.withLock { $0[path] = hash }
        return hash
    }

    /// One JSON line: `{"agent": …, "event": …, "jobs": […]…}`.
    func emit(_ event: String, _ jobs: [JobID], attempt: Int? = nil, extra: String = "") {
        let attemptField = attempt.map { ", \"attempt\": \($0)" } ?? ""
        log("{\"agent\": \(Self.quoted(options.name)), \"event\": \"\(event)\", \"jobs\": \(jobs)\(attemptField)\(extra)}")
    }

    static func quoted(_ text: String) -> String {
        let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
