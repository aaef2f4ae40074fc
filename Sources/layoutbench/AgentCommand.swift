import ArgumentParser
import EngineBuilds
import Foundation
import Harness
import JobQueue
import Synchronization

/// Set by the SIGTERM and SIGINT handlers; the agent stops its worker,
/// releases its job and exits 0.
let agentStopRequested = Atomic<Bool>(false)

/// `layoutbench agent`: claims jobs of distributed runs from the shared
/// PostgreSQL and runs them with engines from its own configuration only.
struct AgentCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "agent",
        abstract: "Run jobs of distributed runs (`layoutbench run --distributed`) from the shared database.",
        discussion: """
            Registers with this machine's fingerprint, then claims jobs of its machine class (and of class "any"), \
            runs each in a fresh worker process, streams its samples to the database as they come (staged under \
            the job's attempt) and accepts them in the same transaction that completes the job, so only the agent \
            holding the job's current lease can record it. On SIGTERM it stops its \
            worker, gives the job back and exits 0.

            Engines come only from this agent: `default` is the layoutbench-worker next to this program, and \
            --engines-config adds a JSON object of engine name to worker path. A job naming any other engine \
            fails (not retried). A job naming an engine revision (a commit) is run with a worker this agent builds \
            at that commit, fetched only from the remotes given with --allow-remote and cached in --build-cache; \
            a commit none of them has is refused with the reason (another agent may take it). Nothing in the \
            database is ever executed, and no URL from it is ever fetched.

            The URL is never printed (only without its password) and should not be on the command line: \
            use --database-file or LAYOUTBENCH_DATABASE_URL.

            Examples:
              layoutbench agent --database-file /run/secrets/database_url --machine-class docker
              LAYOUTBENCH_DATABASE_URL=postgresql://bench:…@db/layoutbench layoutbench agent --engines-config engines.json
              layoutbench agent --database-file db-url --allow-remote https://github.com/example/layoutbench.git --build-cache /var/cache/lb
            """)

    @OptionGroup var database: DatabaseOptions

    @Option(name: .long, help: ArgumentHelp("Take jobs of this class (default: this CPU's model and core count).", valueName: "name"))
    var machineClass: String?

    @Option(name: .long, help: ArgumentHelp("JSON file of engine name to worker executable (relative to the file).", valueName: "file"))
    var enginesConfig: String?

    @Option(name: .long, help: ArgumentHelp("A git remote (URL or path) this agent may fetch engine revisions from and build; repeat for more. "
                                            + "Jobs naming a commit none of them has are refused.", valueName: "url"))
    var allowRemote: [String] = []

    @Option(name: .long, help: ArgumentHelp("Where built engine revisions and the remotes' mirrors are kept "
                                            + "(default: ~/.cache/layoutbench/agent-builds).", valueName: "dir"))
    var buildCache: String?

    @Option(name: .long, help: "This agent's name in the queue (default: hostname-pid).")
    var name: String?

    @Option(name: .long, help: "Seconds a claim lasts without a heartbeat (heartbeats come every third of it).")
    var lease: Double = 60

    @Option(name: .long, help: "Longest wait for a wake-up before polling the queue again, in seconds.")
    var poll: Double = 5

    @Option(name: .long, help: "Seconds a job may run before its worker is stopped.")
    var timeout: Double = 600

    @Option(name: .long, help: "Seconds between writes of a running job's new samples to the database.")
    var streamInterval: Double = 0.5

    @Flag(name: .long, help: "Exit once no job of this agent's classes is queued or running.")
    var exitWhenDrained = false

    func validate() throws {
        if let problem = RunSettings.timeoutProblem(timeout) { throw ValidationError(problem) }
        guard lease >= 0.5, poll > 0, timeout > 0, streamInterval > 0 else {
            throw ValidationError("--lease must be at least 0.5 s; --poll, --timeout and --stream-interval more than 0")
        }
    }

    func run() async throws {
        signal(SIGPIPE, SIG_IGN)
        // A C handler, not SIG_IGN plus a dispatch source: a handled signal
        // goes back to its default in the workers we exec, an ignored one
        // would stay ignored there and defeat the runner's SIGTERM.
        signal(SIGTERM) { _ in agentStopRequested.store(true, ordering: .relaxed) }
        signal(SIGINT) { _ in agentStopRequested.store(true, ordering: .relaxed) }
        try await reportingErrors {
            let machineClass = try MachineClass.validate(self.machineClass ?? MachineClass.derived())
            let engines = try AgentEngines.load(path: enginesConfig, defaults: [DefaultWorker.label: DefaultWorker.path()])
            let name = self.name ?? "\(ProcessInfo.processInfo.hostName)-\(getpid())"
            let configuration = try await database.locator.resolve()
            let settings = try QueueSettings(leaseSeconds: lease,
                                             backoff: try RetryBackoff(baseSeconds: min(2, lease), capSeconds: max(lease * 5, 10)))
            let cache = buildCache.map { URL(fileURLWithPath: $0) }
                ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache/layoutbench/agent-builds")
            let builds = allowRemote.isEmpty ? nil : AllowedRemotesBuilder(remotes: allowRemote, cacheDirectory: cache.standardizedFileURL)
            note("agent \(name): class \(machineClass), engines \(engines.names.joined(separator: ", ")), database \(configuration.redacted)"
                 + (builds.map { ", builds revisions from \($0.remotes.count) allowed remote(s) into \($0.cacheDirectory.path)" } ?? ""))
            if engines.names.isEmpty {
                note("agent \(name): no engine available; every job will fail. Build layoutbench-worker or pass --engines-config")
            }
            let options = AgentOptions(name: name, machineClass: machineClass, engines: engines, settings: settings,
                                       pollSeconds: poll, timeout: timeout, exitWhenDrained: exitWhenDrained,
                                       streamIntervalSeconds: streamInterval, builds: builds)
            let agent = try await Agent.start(configuration, options: options,
                                              shouldStop: { agentStopRequested.load(ordering: .relaxed) },
                                              log: { line in FileHandle.standardOutput.write(Data((line + "\n").utf8)) })
            let completed = try await agent.run()
            note("agent \(name): stopped after \(completed) job(s)")
        }
    }

    private func note(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
