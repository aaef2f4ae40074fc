/// An agent's heartbeat runs beside its claim loop as a task of its own.
extension Task where Success == Void, Failure == Never {
    /// Runs `body`, then cancels this task and waits for it to end, whether
    /// `body` returns or throws. Awaited, not just cancelled: a heartbeat
    /// still reconnecting when the agent's process exits is inside libpq
    /// (and Kerberos, through GSSAPI) while those libraries tear themselves
    /// down (an agent aborted at exit once, status 6, in a
    /// PostgreSQL-restart test).
    public func cancelled<T>(after body: () async throws -> T) async rethrows -> T {
        do {
            let result = try await body()
            cancel()
            await value
            return result
        } catch {
            cancel()
            await value
            throw error
        }
    }
}
