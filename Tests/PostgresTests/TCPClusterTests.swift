import EmbeddedCluster
import Foundation
import Postgres
import Testing

extension ServerTests {
    /// A cluster of its own that also listens on 127.0.0.1, where logins
    /// need the password while the socket stays password-free.
    @Suite struct TCPClusterTests {
        @Test func loopbackTCPNeedsThePasswordAndTheSocketStillWorks() async throws {
            let directory = try TestDirectories.makeScratch("tcp")
            let port = try Self.freePort()
            let cluster = EmbeddedPostgres(directory: directory, serverSettings: TestServer.throwAwaySettings, tcpPort: port)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            do {
                let socket = try await cluster.start()
                #expect(socket.usesUnixSocket && socket.port == port)
                try await cluster.setPassword("it's a secret")
                let tcp = try cluster.tcpConfiguration(password: "it's a secret")
                #expect(tcp.host == "127.0.0.1" && tcp.port == port && !tcp.redacted.contains("secret"))
                let over = try await PostgresConnection.connect(tcp)
                let address = try await over.execute("SELECT inet_client_addr()::text AS address")[0].string("address")
                #expect(address?.hasPrefix("127.0.0.1") == true)
                // The socket still trusts its private user, without a password.
                _ = try await PostgresConnection.connect(socket).execute("SELECT 1")

                let wrong = await #expect(throws: PostgresError.self) {
                    try await PostgresConnection.connect(cluster.tcpConfiguration(password: "guess"))
                }
                #expect(wrong?.isRetryable == false)
                #expect(wrong.map { !"\($0)".contains("guess") } == true)
            } catch {
                try? await cluster.destroy()
                throw error
            }
            try await cluster.destroy()
            #expect(throws: EmbeddedPostgresError.self) {
                try EmbeddedPostgres(directory: directory).tcpConfiguration(password: "x")
            }
        }

        /// A port on 127.0.0.1 that was free a moment ago.
        static func freePort() throws -> Int {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard fd >= 0 else { throw TestSetupError("socket() failed") }
            defer { close(fd) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
            }
            guard bound else { throw TestSetupError("bind to 127.0.0.1:0 failed") }
            return Int(UInt16(bigEndian: address.sin_port))
        }
    }
}
