import EngineBuilds
import Foundation
import Testing

/// The checks `layoutbench agent` relies on before it fetches or builds anything.
@Suite struct AllowedRemotesBuilderTests {
    @Test func refusalsNeverShowARemotesCredentials() {
        #expect(RemoteBuildRefusal.redacted("https://bot:s3cret@git.example/lb.git") == "https://git.example/lb.git")
        #expect(RemoteBuildRefusal.redacted("/srv/git/lb.git") == "/srv/git/lb.git")
        let refusal = RemoteBuildRefusal.notInAllowedRemotes(commit: String(repeating: "a", count: 40),
                                                            remotes: ["https://bot:s3cret@git.example/lb.git"],
                                                            lastError: "fatal: could not read https://bot:s3cret@git.example/lb.git")
        #expect(!refusal.description.contains("s3cret"))
    }

    @Test func onlyFullCommitIDsAndSomeRemote() {
        let builder = AllowedRemotesBuilder(remotes: [], cacheDirectory: FileManager.default.temporaryDirectory)
        #expect(throws: RemoteBuildRefusal.notACommitID("main")) { try builder.prepare(commit: "main") }
        #expect(throws: RemoteBuildRefusal.notACommitID("--upload-pack=x")) { try builder.prepare(commit: "--upload-pack=x") }
        #expect(throws: RemoteBuildRefusal.noAllowedRemotes) { try builder.prepare(commit: String(repeating: "b", count: 40)) }
    }
}
