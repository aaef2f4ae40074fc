import Foundation
import ProcessGroups
import Testing

/// Real processes (/bin/sh and its children) in real process groups.
@Suite struct ProcessGroupTests {
    /// Runs `script` with `sh -c`; its stdout is returned as a file descriptor to read.
    func start(_ script: String, environment: [String: String] = ["PATH": "/usr/bin:/bin"]) throws -> (ProcessGroup, Int32) {
        let output = try #require(ProcessGroup.pipe())
        let null = open("/dev/null", O_RDWR | O_CLOEXEC)
        defer { close(null); close(output.write) }
        let group = try ProcessGroup(executable: "/bin/sh", arguments: ["-c", script], environment: environment,
                                     input: null, output: output.write, errors: null)
        return (group, output.read)
    }

    func readLine(_ descriptor: Int32) -> String {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while read(descriptor, &byte, 1) == 1, byte != UInt8(ascii: "\n") { bytes.append(byte) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `pid` still runs (a zombie waiting for init to reap it does not).
    func exists(_ pid: Int32) -> Bool {
        for _ in 0..<20 {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            if stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first == "Z" { return false }
            Thread.sleep(forTimeInterval: 0.05)  // SIGKILL is delivered, but the exit may take a moment
        }
        return true
    }

    @Test func theProgramsExitCodeAndSignalAreTheGroups() throws {
        let (exits, a) = try start("exit 7")
        #expect(exits.wait() == .exited(7))
        let (crashes, b) = try start("kill -SEGV $$")
        #expect(crashes.wait() == .signalled(SIGSEGV))
        close(a); close(b)
    }

    @Test func aMissingProgramFailsToStartWithItsReason() {
        #expect(throws: ProcessGroupError.cannotStart(executable: "/nonexistent/worker", reason: "No such file or directory")) {
            _ = try ProcessGroup(executable: "/nonexistent/worker", arguments: [], environment: [:], input: 0, output: 1, errors: 2)
        }
    }

    /// The keeper waits for what the program left behind: a caller that
    /// waits for the group cannot mistake a lingering child for the end.
    @Test func theGroupLastsUntilItsLastDescendantIsGone() throws {
        let (group, output) = try start("sleep 300 & echo $!; exit 0")
        defer { close(output) }
        let child = Int32(readLine(output))!
        Thread.sleep(forTimeInterval: 0.3)
        #expect(group.isRunning && exists(child))
        group.signal(SIGTERM)
        #expect(group.wait() == .exited(0))
        #expect(!exists(child))
    }

    @Test func aChildIgnoringTermIsEndedByKill() throws {
        let (group, output) = try start("trap '' TERM; sleep 300 & echo $!; wait")
        defer { close(output) }
        let child = Int32(readLine(output))!
        group.signal(SIGTERM)
        Thread.sleep(forTimeInterval: 0.3)
        group.signal(SIGKILL)
        group.wait()
        #expect(!exists(child))
    }

    /// A child that left the group (setsid: a session and group of its
    /// own, as swift-build puts its compilers) escapes a signal to the
    /// group, but not `end()`: the keeper finds it in the process tree.
    @Test func endEndsDescendantsThatLeftTheGroup() throws {
        let (group, output) = try start("setsid sleep 300 & echo $!; setsid sh -c 'sleep 300 & echo $!; wait' & wait")
        defer { close(output) }
        let escaped = [Int32(readLine(output))!, Int32(readLine(output))!]
        let moved = { escaped.allSatisfy { getpgid($0) != group.id && exists($0) } }
        let deadline = Date().addingTimeInterval(5)
        while !moved(), Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(moved())
        group.end()
        #expect(group.wait() == .signalled(SIGKILL))
        #expect(escaped.allSatisfy { !exists($0) })
    }

    /// A dead descendant nobody reaps (a zombie) is neither killed again
    /// nor counted: `end()` still ends the living ones and returns.
    @Test func endIgnoresZombiesBelowTheKeeper() throws {
        // Perl (Debian's perl-base is always there) forks a child that exits
        // at once and never reaps it, whatever the machine's load.
        let (group, output) = try start(#"exec perl -e 'my $p = fork(); exit 0 if $p == 0; $| = 1; print "$p\n"; sleep 300'"#)
        defer { close(output) }
        let zombie = Int32(readLine(output))!
        let dead = { (try? String(contentsOfFile: "/proc/\(zombie)/stat", encoding: .utf8))?.split(separator: ")").last?.split(separator: " ").first == "Z" }
        let deadline = Date().addingTimeInterval(5)
        while !dead(), Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(dead())
        group.end()
        #expect(group.wait() == .signalled(SIGKILL))
        #expect(!exists(zombie))
    }

    @Test func theEnvironmentIsAllowListedAndHasNoSecrets() throws {
        let base = ["PATH": "/bin", "HOME": "/home/x", "LC_ALL": "C", "LAYOUTBENCH_DATABASE_URL": "postgresql://u:pw@h/db",
                    "PGPASSWORD": "pw", "GITHUB_TOKEN": "t", "AWS_SECRET_ACCESS_KEY": "k", "RANDOM_THING": "r",
                    "LAYOUTBENCH_INJECT_SLOWDOWN": "0.1", "LAYOUTBENCH_API_TOKEN": "t"]
        let made = ChildEnvironment.make(from: base, adding: ["FIXTURE_BEHAVIOUR": "normal", "MY_PASSWORD": "x"])
        #expect(made == ["PATH": "/bin", "HOME": "/home/x", "LC_ALL": "C", "LAYOUTBENCH_INJECT_SLOWDOWN": "0.1",
                         "FIXTURE_BEHAVIOUR": "normal"])
        let (group, output) = try start("env", environment: made)
        defer { close(output) }
        var seen: [String] = []
        while case let line = readLine(output), !line.isEmpty { seen.append(line) }
        group.wait()
        #expect(Set(seen.map { String($0.prefix { $0 != "=" }) }).isSubset(of: Set(made.keys).union(["PWD", "SHLVL", "_"])))
    }
}
