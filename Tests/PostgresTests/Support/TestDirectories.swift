import EmbeddedCluster
import Foundation
import Postgres

/// Temporary directories for the clusters tests create.
///
/// Every run works under `/tmp/layoutbench-pgtests-<uid>/run-<pid>-<random>`
/// (per user, so root's and a developer's runs never share a folder). The
/// first use reaps the folders of earlier runs whose process is gone: a
/// crashed run leaves its servers running, and those would otherwise live
/// until the machine stops. Runs still in progress (say in another
/// worktree) are left alone because their process is alive.
enum TestDirectories {
    static let base = "/tmp/layoutbench-pgtests-\(geteuid())"

    static let run: String = {
        let path = "\(base)/run-\(getpid())-\(UUID().uuidString.prefix(8).lowercased())"
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true,
                                                  attributes: [.posixPermissions: 0o755])
        return path
    }()

    /// A new empty directory under this run's folder.
    static func makeScratch(_ name: String) throws -> String {
        let path = run + "/" + name + "-" + UUID().uuidString.prefix(6).lowercased()
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func reapAbandonedRuns() async {
        let manager = FileManager.default
        guard let runs = try? manager.contentsOfDirectory(atPath: base) else { return }
        for name in runs where name.hasPrefix("run-") {
            let pidText = name.dropFirst(4).prefix(while: \.isNumber)
            guard let pid = Int32(pidText), kill(pid, 0) != 0, errno == ESRCH else { continue }
            let runPath = base + "/" + name
            for cluster in (try? manager.contentsOfDirectory(atPath: runPath)) ?? [] {
                let clusterPath = runPath + "/" + cluster
                guard manager.fileExists(atPath: clusterPath + "/data/PG_VERSION") else { continue }
                print("Reaping a test cluster left by dead process \(pid): \(clusterPath)")
                try? await EmbeddedPostgres(directory: clusterPath).destroy()
            }
            try? manager.removeItem(atPath: runPath)
        }
    }
}
