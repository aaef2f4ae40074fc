extension Duration {
    /// The duration in seconds, as the run's reports and budgets count time.
    public var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) * 1e-18
    }
}
