import CollectionLayout
import CollectionTestSupport
import Randomness

/// A random valid batch for the model `before` (sections of item identities):
/// with `sectionChanges`, each section kept (9 in 12), deleted, reloaded or
/// moved (1 in 12 each) and up to one inserted; in every carried section each
/// item changed (deleted, reloaded or moved alike) with `itemChangePercent`
/// percent odds. Returns the operations and the after-update counts.
func randomValidBatch(on before: [[UInt64]], _ rng: inout SplitMix64,
                      itemChangePercent: Int = 8, sectionChanges: Bool = true) -> (ops: [BatchUpdate.Operation], after: [Int]) {
    let shape = RandomBatchShape(
        sectionKinds: sectionChanges ? .weighted(keep: 9, delete: 1, reload: 1, move: 1) : .none,
        insertedSections: sectionChanges ? 0...1 : 0...0,
        itemChanges: .percent(itemChangePercent), freshSectionItems: 0...6)
    let (ops, after) = randomValidBatch(before: before.map(\.count), shape: shape, using: &rng)
    return (ops, after)
}
