import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A headless Chromium driven over the DevTools protocol on a pipe
/// (`--remote-debugging-pipe`: the browser reads commands on fd 3 and
/// writes replies and events on fd 4, each a JSON object ended by NUL). No
/// port is opened, so the test itself makes no network connection.
///
/// Synchronous on purpose: `send` writes a command and reads messages until
/// its reply arrives, keeping every event seen on the way in `events`.
final class DevToolsPipe {
    enum Failure: Error, CustomStringConvertible {
        case chromiumMissing
        case spawn(Int32)
        case timeout(String)
        case closed
        case protocolError(String)

        var description: String {
            switch self {
            case .chromiumMissing:
                "chromium is not installed: run `apt-get install -y chromium` (Debian's package; .ci/run installs it) — the browser test needs a real browser"
            case .spawn(let code): "could not start chromium (posix_spawn error \(code)); check that /usr/bin/chromium runs"
            case .timeout(let what): "chromium did not answer \(what) in time; is the machine overloaded?"
            case .closed: "chromium closed the DevTools pipe; run it by hand with --headless to see why"
            case .protocolError(let m): "DevTools error: \(m)"
            }
        }
    }

    private(set) var events: [[String: Any]] = []
    private let pid: pid_t
    private let toBrowser: Int32
    private let fromBrowser: Int32
    private var buffer: [UInt8] = []
    private var nextID = 1
    let profile: URL

    static func chromiumPath() -> String? {
        for p in ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/lib/chromium/chromium"]
            where FileManager.default.isExecutableFile(atPath: p) { return p }
        return nil
    }

    init(windowWidth: Int = 1280, windowHeight: Int = 1600) throws {
        guard let chromium = Self.chromiumPath() else { throw Failure.chromiumMissing }
        profile = FileManager.default.temporaryDirectory.appendingPathComponent("layoutbench-chromium-\(UUID().uuidString)")
        var commands: [Int32] = [0, 0], replies: [Int32] = [0, 0]
        guard pipe(&commands) == 0, pipe(&replies) == 0 else { throw Failure.spawn(errno) }
        let args = [chromium, "--headless", "--disable-gpu", "--no-sandbox", "--remote-debugging-pipe",
                    "--user-data-dir=\(profile.path)", "--no-first-run", "--no-default-browser-check",
                    "--disable-extensions", "--disable-background-networking", "--disable-sync",
                    "--disable-component-update", "--disable-dev-shm-usage", "--hide-scrollbars",
                    "--window-size=\(windowWidth),\(windowHeight)", "about:blank"]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, commands[0], 3)
        posix_spawn_file_actions_adddup2(&actions, replies[1], 4)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        for fd in [commands[1], replies[0]] { posix_spawn_file_actions_addclose(&actions, fd) }
        var cArgs = args.map { strdup($0) } + [nil]
        defer { for a in cArgs { free(a) } }
        var child: pid_t = 0
        let rc = posix_spawn(&child, chromium, &actions, nil, &cArgs, environ)
        Glibc.close(commands[0]); Glibc.close(replies[1])
        guard rc == 0 else { Glibc.close(commands[1]); Glibc.close(replies[0]); throw Failure.spawn(rc) }
        pid = child
        toBrowser = commands[1]
        fromBrowser = replies[0]
    }

    /// How long a command or event may take: a watchdog against a browser
    /// that stopped answering, wide enough for a loaded machine rendering the
    /// largest page (the CI step's own timeout bounds the whole run).
    static let patience = 180.0

    /// Sends `method` (to the page session when `session` is set) and returns the reply's `result`.
    @discardableResult
    func send(_ method: String, _ params: [String: Any] = [:], session: String? = nil, timeout: Double = patience) throws -> [String: Any] {
        let id = nextID
        nextID += 1
        var message: [String: Any] = ["id": id, "method": method, "params": params]
        if let session { message["sessionId"] = session }
        var data = try JSONSerialization.data(withJSONObject: message)
        data.append(0)
        try data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = write(toBrowser, raw.baseAddress! + offset, raw.count - offset)
                guard n > 0 else { throw Failure.closed }
                offset += n
            }
        }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let m = try readMessage(until: deadline, what: method)
            if m["id"] as? Int == id {
                if let error = m["error"] as? [String: Any] { throw Failure.protocolError("\(method): \(error)") }
                return m["result"] as? [String: Any] ?? [:]
            }
            events.append(m)
        }
    }

    /// Reads until an event named `method` arrives (or one already seen), and returns it.
    func waitForEvent(_ method: String, timeout: Double = patience) throws -> [String: Any] {
        if let seen = events.first(where: { $0["method"] as? String == method }) { return seen }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let m = try readMessage(until: deadline, what: method)
            events.append(m)
            if m["method"] as? String == method { return m }
        }
    }

    /// Drops seen events named `method`, so the next `waitForEvent` waits for a new one.
    func forgetEvents(named method: String) {
        events.removeAll { $0["method"] as? String == method }
    }

    /// Reads whatever arrives for `seconds` (late console messages, stray requests).
    func drain(for seconds: Double) {
        let deadline = Date().addingTimeInterval(seconds)
        while let m = try? readMessage(until: deadline, what: "drain") { events.append(m) }
    }

    private func readMessage(until deadline: Date, what: String) throws -> [String: Any] {
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let bytes = Array(buffer[..<end])
                buffer.removeSubrange(...end)
                guard let object = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else { continue }
                return object
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw Failure.timeout(what) }
            var fds = pollfd(fd: fromBrowser, events: Int16(POLLIN), revents: 0)
            let ready = poll(&fds, 1, Int32(min(remaining * 1000, 1000)))
            if ready <= 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let n = read(fromBrowser, &chunk, chunk.count)
            guard n > 0 else { throw Failure.closed }
            buffer.append(contentsOf: chunk[..<n])
        }
    }

    /// Closes the browser and removes its profile.
    func close() {
        _ = try? send("Browser.close", timeout: 5)
        Glibc.close(toBrowser)
        Glibc.close(fromBrowser)
        var status: Int32 = 0
        for _ in 0..<50 {
            if waitpid(pid, &status, WNOHANG) == pid { break }
            usleep(100_000)
        }
        if waitpid(pid, &status, WNOHANG) == 0 { kill(pid, SIGKILL); waitpid(pid, &status, 0) }
        try? FileManager.default.removeItem(at: profile)
    }
}
