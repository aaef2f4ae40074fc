import Foundation
import Harness
import Testing

extension AgentServerTests {
    /// A URL with its password given on the command line (discouraged, but
    /// allowed) reaches neither the stored run nor any output.
    @Suite struct RedactionTests {
        @Test func commandLinesLoseTheirPasswords() {
            #expect(CommandLineRedaction.redacted(["layoutbench", "run", "--database", "postgresql://bench:s3cret@db:5432/lb"])
                    == "layoutbench run --database postgresql://bench:***@db:5432/lb")
            #expect(CommandLineRedaction.redacted(["--database=postgres://u:p%40ss@h/db?sslmode=require"])
                    == "--database=postgres://u:***@h/db?sslmode=require")
            #expect(CommandLineRedaction.redacted(["postgresql://h/db?user=u&password=s3cret&sslmode=disable"])
                    == "postgresql://h/db?user=u&password=***&sslmode=disable")
            #expect(CommandLineRedaction.redacted(["host=h password=s3cret dbname=lb"]) == "host=h password=*** dbname=lb")
            #expect(CommandLineRedaction.redacted(["postgresql://u:s3cret@h/db?application_name=a@b"])
                    == "postgresql://u:***@h/db?application_name=a@b")
            #expect(CommandLineRedaction.redacted(["run", "--engine", "fx=/opt/fx", "https://git.example/x"])
                    == "run --engine fx=/opt/fx https://git.example/x")
        }

        @Test func aDistributedRunStoresItsCommandLineWithoutThePassword() async throws {
            let database = try await AgentTestServer.shared().freshDatabase()
            let password = try AgentTestServer.shared().password
            let run = try CommandProcess(name: "detach-argv", arguments: [
                "run", "cheap-operations", "--sizes", "100", "--samples", "1", "--plain", "--engine", "fx",
                "--distributed", "--detach", "--machine-class", "test", "--database", try database.url,
                "--workloads-directory", CommandProcess.workloads])
            #expect(try await run.waitForExit(timeout: .seconds(60)) == 0, "\(run.stderr.suffix(1500))")
            #expect(try await database.count("SELECT count(*) FROM runs") == 1)
            #expect(try await database.count("SELECT count(*) FROM runs WHERE command_line LIKE '%' || $1 || '%'", [.text(password)]) == 0)
            #expect(try await database.count("SELECT count(*) FROM runs WHERE command_line LIKE '%:***@127.0.0.1%'") == 1)
            #expect(!run.stdout.contains(password) && !run.stderr.contains(password))
        }
    }
}
