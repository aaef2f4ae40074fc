import Foundation

/// The server programs of one PostgreSQL installation.
struct PostgresBinaries: Sendable {
    let directory: String
    var initdb: String { directory + "/initdb" }
    var pgCtl: String { directory + "/pg_ctl" }

    static let requiredPrograms = ["initdb", "pg_ctl", "postgres"]

    /// Finds a directory holding all of initdb, pg_ctl and postgres.
    ///
    /// `searchPath` replaces the default search when given. The default is
    /// PATH, then Debian's `/usr/lib/postgresql/<major>/bin`, highest major
    /// first (Debian keeps the server programs off PATH). With
    /// `requiredMajor` (the version of an existing cluster), the first
    /// directory of that major version wins, since a cluster only runs
    /// under the major version that created it.
    ///
    /// - Throws: `binariesNotFound` or `versionMismatch`.
    static func locate(searchPath: [String]?, requiredMajor: Int?) throws -> PostgresBinaries {
        let directories = searchPath ?? defaultSearchPath()
        let candidates = directories.filter { directory in
            requiredPrograms.allSatisfy { FileManager.default.isExecutableFile(atPath: directory + "/" + $0) }
        }
        guard let first = candidates.first else { throw EmbeddedPostgresError.binariesNotFound(searched: directories) }
        guard let requiredMajor else { return PostgresBinaries(directory: first) }
        var found: [String] = []
        for directory in candidates {
            let binaries = PostgresBinaries(directory: directory)
            let major = binaries.majorVersion()
            if major == requiredMajor { return binaries }
            found.append("\(major.map(String.init) ?? "unknown version") in \(directory)")
        }
        throw EmbeddedPostgresError.versionMismatch(clusterVersion: requiredMajor, found: found)
    }

    static func defaultSearchPath() -> [String] {
        let debianRoot = "/usr/lib/postgresql"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: debianRoot)) ?? []
        let debian = versions.compactMap { name in Int(name).map { ($0, "\(debianRoot)/\(name)/bin") } }
            .sorted { $0.0 > $1.0 }
            .map(\.1)
        return CommandRunner.pathDirectories + debian
    }

    /// The major version, read from the install path when it follows
    /// Debian's layout (cheap), otherwise from `pg_ctl --version`.
    func majorVersion() -> Int? {
        let resolved = URL(fileURLWithPath: pgCtl).resolvingSymlinksInPath().path
        let parts = resolved.split(separator: "/")
        if let index = parts.firstIndex(of: "postgresql"), index + 2 < parts.count,
           parts[index + 2] == "bin", let major = Int(parts[index + 1]) {
            return major
        }
        // "pg_ctl (PostgreSQL) 15.13 (Debian 15.13-0+deb12u1)"
        guard let output = try? CommandRunner.run([pgCtl, "--version"]), output.status == 0,
              let marker = output.text.range(of: "(PostgreSQL) ") else { return nil }
        return Int(output.text[marker.upperBound...].prefix(while: \.isNumber))
    }
}
