// queue-test-agent: a stand-in for `layoutbench agent` that the JobQueue
// tests start as separate processes. It runs trivial jobs (variant "sleep"
// for `size` ms, "spin" for `size` iterations, "fail", "fail-once",
// "stall-once": `size` ms on the first attempt, 20 ms on later ones) and
// records one row per job in `queue_test_outputs` through complete().
//
// The database URL comes from standard input (or LAYOUTBENCH_QUEUE_URL),
// never from argv; only the redacted form is ever printed.
import Dispatch
import Foundation
import JobQueue
import Postgres

signal(SIGTERM, SIG_IGN)
let terminate = DispatchSource.makeSignalSource(signal: SIGTERM, queue: .global())
// @Sendable: the handler runs on a global queue, not the main actor.
terminate.setEventHandler { @Sendable in stopRequested.store(true, ordering: .relaxed) }
terminate.resume()

do {
    let options = try TestAgentOptions.parse(Array(CommandLine.arguments.dropFirst()))
    let configuration = try TestAgentOptions.databaseConfiguration()
    FileHandle.standardError.write(Data("\(options.name): connecting to \(configuration.redacted)\n".utf8))
    let settings = try options.queueSettings()
    let work = try await JobQueue.connect(configuration, settings: settings)
    let beats = try await JobQueue.connect(configuration, settings: settings)
    let agent = try await work.register(name: options.name, machineClass: options.machineClass,
                                        fingerprint: ["pid": String(getpid()), "kind": "queue-test-agent"])
    try await TestAgent(options: options, work: work, beats: beats, agent: agent).run()
    await work.close()
    await beats.close()
} catch let error as TestAgentError {
    FileHandle.standardError.write(Data("queue-test-agent: \(error)\n".utf8))
    exit(2)
} catch {
    FileHandle.standardError.write(Data("queue-test-agent: \(error)\n".utf8))
    exit(1)
}
