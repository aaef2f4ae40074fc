extension Window {
    /// Brings system guides up to date with the safe area and margins after
    /// frames moved. (Filled in with the safe-area model.)
    func settleSystemGuides() {
        guard !safeAreaRoots.isEmpty else { return }
        safeAreaRoots.removeAll(keepingCapacity: true)
    }
}
