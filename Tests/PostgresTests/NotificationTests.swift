import Postgres
import Testing

extension ServerTests {
    @Suite struct NotificationTests {
        private func channel() -> String { TestServer.uniqueTable("Jobs Channel") }

        @Test func aListenerReceivesANotification() async throws {
            let listener = try await TestServer.connect()
            let sender = try await TestServer.connect()
            let channel = channel()
            try await listener.listen(channel)
            try await sender.notify(channel, payload: "job 42; it's <ready>")
            let note = try #require(try await listener.nextNotification(timeout: .seconds(120)))
            #expect(note.channel == channel)
            #expect(note.payload == "job 42; it's <ready>")
            #expect(note.senderPID > 0)
        }

        @Test func waitingTimesOutWithNil() async throws {
            let listener = try await TestServer.connect()
            try await listener.listen(channel())
            let clock = ContinuousClock()
            let started = clock.now
            #expect(try await listener.nextNotification(timeout: .milliseconds(250)) == nil)
            #expect(clock.now - started >= .milliseconds(250))
            #expect(try await listener.nextNotification(timeout: .zero) == nil)
        }

        @Test func aWaitingListenerWakesWhenANotificationArrives() async throws {
            let listener = try await TestServer.connect()
            let sender = try await TestServer.connect()
            let channel = channel()
            try await listener.listen(channel)
            // A timeout returns nil, so receiving the payload proves the wake-up
            // came from the notification; no wall-clock bound (a loaded machine
            // delays the task, not the logic).
            async let received = listener.nextNotification(timeout: .seconds(60))
            try await Task.sleep(for: .milliseconds(100))
            // Inside a transaction, delivery waits for COMMIT.
            try await sender.transaction { conn in
                try conn.notify(channel, payload: "first")
                try conn.notify(channel, payload: "second")
            }
            #expect(try await received?.payload == "first")
            #expect(try await listener.nextNotification(timeout: .seconds(120))?.payload == "second")
        }

        @Test func listeningSurvivesReconnect() async throws {
            let listener = try await TestServer.connect()
            let sender = try await TestServer.connect()
            let channel = channel()
            try await listener.listen(channel)
            try await listener.reconnect()
            try await sender.notify(channel, payload: "after reconnect")
            #expect(try await listener.nextNotification(timeout: .seconds(120))?.payload == "after reconnect")
            try await listener.unlisten(channel)
            try await sender.notify(channel, payload: "ignored")
            #expect(try await listener.nextNotification(timeout: .milliseconds(200)) == nil)
        }
    }
}
