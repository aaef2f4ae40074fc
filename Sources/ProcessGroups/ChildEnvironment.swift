/// The environment a worker or a build gets: an allow-list of what programs
/// need to run (paths, locale, time zone, LayoutBench's own settings), less
/// anything named like a credential. Workers and builds can be code from a
/// remote commit; the harness's database URL or a CI token must never reach
/// them.
public enum ChildEnvironment {
    static let allowedNames: Set<String> = [
        "PATH", "HOME", "USER", "LOGNAME", "SHELL", "TERM", "LANG", "LANGUAGE", "TZ", "TMPDIR", "PWD",
        "LD_LIBRARY_PATH", "XDG_CACHE_HOME", "XDG_RUNTIME_DIR",
    ]
    static let allowedPrefixes = ["LC_", "LAYOUTBENCH_", "SWIFT_", "SWIFTPM_"]
    static let secretMarkers = ["PASSWORD", "PASSWD", "SECRET", "TOKEN", "CREDENTIAL", "DATABASE_URL", "_KEY", "APIKEY", "AUTH",
                                "PRIVATE", "SESSION", "COOKIE"]

    /// Whether a variable called `name` looks like it holds a secret.
    public static func isSecret(_ name: String) -> Bool {
        let upper = name.uppercased()
        if upper.hasPrefix("PG") { return true }
        return secretMarkers.contains { upper.contains($0) }
    }

    /// `base` cut down to the allow-list, plus `extra` (what the caller set
    /// on purpose, such as an engine's configured variables), with every
    /// secret-looking name dropped from both.
    public static func make(from base: [String: String], adding extra: [String: String] = [:]) -> [String: String] {
        var result = base.filter { name, _ in
            allowedNames.contains(name) || allowedPrefixes.contains { name.hasPrefix($0) }
        }
        result.merge(extra) { $1 }
        return result.filter { !isSecret($0.key) }
    }
}
