import CollectionLayout
import CollectionTestSupport
import Testing
import Randomness

/// A valid batch on `sections` sections of up to five items: up to six
/// section operations (deletes, reloads, moves; at least one insert when
/// there are none) and up to three inserts, and item changes (each item
/// deleted, reloaded or moved with odds 1 in 6 each) in up to three carried
/// sections; every other section is untouched.
func randomSectionBatch(_ rng: inout SplitMix64, sections: Int) -> GeneratedBatch {
    GeneratedBatch(&rng, sections: sections, items: 0...5, shape: RandomBatchShape(
        sectionKinds: .scattered(upTo: 6), insertedSections: 0...3, alwaysChangesSections: true,
        itemSections: .upTo(3), itemChanges: .oneIn(6), freshSectionItems: 0...4))
}

func resolveError(_ ops: [BatchUpdate.Operation], before: [Int], after: [Int]) -> BatchUpdateError? {
    do { _ = try BatchUpdate(ops).resolve(itemCountsBefore: before, itemCountsAfter: after) } catch { return error }
    return nil
}

func denseError(_ ops: [BatchUpdate.Operation], before: [Int], after: [Int]) -> BatchUpdateError? {
    do { _ = try DenseBatchReference(ops, before: before, after: after) } catch { return error }
    return nil
}

/// Batches with section operations resolve sparsely (records for touched
/// sections only, the section map as sorted lists) and answer every query as
/// the dense reference does.
@Suite struct BatchUpdateSectionSparseTests {
    @Test func everyQueryMatchesTheDenseReference() throws {
        var rng = SplitMix64(seed: 2018)
        for _ in 0..<600 {
            let batch = randomSectionBatch(&rng, sections: Int.random(in: 0...40, using: &rng))
            let counts = batch.before.map(\.count)
            let ops = shuffledSingles(batch.operations, &rng)
            let dense = try DenseBatchReference(ops, before: counts, after: batch.after)
            let result = try BatchUpdate(ops).resolve(itemCountsBefore: counts, itemCountsAfter: batch.after)
            #expect(result.sections.count == dense.sections.count)
            for (n, expected) in dense.sections.enumerated() {
                let change = result.sections[n]
                let got = DenseBatchReference.Section(source: change.source, leaving: change.leaving, arriving: change.arriving,
                                                      reloaded: change.reloaded, itemCount: change.itemCount)
                #expect(got == expected, "section \(n) of \(ops) on \(counts)")
            }
            #expect(Array(result.sections.map(\.source)) == dense.sections.map(\.source))
            for old in -1...counts.count {
                #expect(result.newSection(forOld: old) == (counts.indices.contains(old) ? dense.newForOld[old] : nil),
                        "old section \(old) in \(ops)")
            }
            #expect(result.touchedSections == dense.touchedSections)
            // Items and identities, against the slot-filling reference.
            let expected = referenceAfterState(before: counts, operations: batch.operations, after: batch.after)
            #expect(libraryAfterState(result) == expected)
            let expectedIDs = expected.enumerated().map { n, row in
                row.enumerated().map { i, origin -> Int in
                    switch origin {
                    case .old(let p), .moved(let p): batch.before[p.section][p.item]
                    case .reloaded, .inserted: newID(IndexPath(n, i))
                    }
                }
            }
            #expect(result.apply(to: batch.before, newItem: newID) == expectedIDs, "\(ops) on \(counts)")
            // A move is two map entries and a record; never a record per section.
            #expect(result.sectionsVisited <= 3 * ops.count)
        }
    }

    @Test func countMismatchesThrowWhatTheDenseReferenceThrows() {
        var rng = SplitMix64(seed: 225)
        for round in 0..<800 {
            let batch = randomSectionBatch(&rng, sections: Int.random(in: 1...40, using: &rng))
            let counts = batch.before.map(\.count)
            guard !batch.after.isEmpty else { continue }
            let ops = shuffledSingles(batch.operations, &rng)
            let valid = try? DenseBatchReference(ops, before: counts, after: batch.after)
            // Half the rounds change only untouched kept sections (which must
            // throw); the others change any section, touched or fresh too.
            let candidates = round % 2 == 0
                ? batch.after.indices.filter { n in
                    if case .old = valid!.sections[n].source { return !valid!.touchedSections.contains(n) } else { return false }
                }
                : Array(batch.after.indices)
            guard !candidates.isEmpty else { continue }
            var after = batch.after
            for n in candidates.shuffled(using: &rng).prefix(Int.random(in: 1...3, using: &rng)) {
                after[n] += after[n] > 0 && Bool.random(using: &rng) ? -1 : 1
            }
            let expected = denseError(ops, before: counts, after: after)
            #expect(resolveError(ops, before: counts, after: after) == expected, "\(ops) on \(counts) → \(after)")
            if round % 2 == 0 { #expect(expected != nil) }
        }
    }

    @Test func theLowestWrongSectionIsReportedAcrossRuns() {
        // 10,000 sections of 3; sections leave and arrive so the kept ones
        // come in several runs with shifted indexes.
        let before = Array(repeating: 3, count: 10_000)
        let ops: [BatchUpdate.Operation] = [.deleteSections([5, 4_000]), .insertSections([2, 7_000]),
                                            .moveSection(from: 9_000, to: 1), .reloadSections([6_000]),
                                            .insertItems([IndexPath(8_000, 0)])]
        var after = Array(repeating: 3, count: 10_000)
        after[8_000] = 4
        #expect(resolveError(ops, before: before, after: after) == nil)
        for wrong in [[9_999], [7_500, 9_999], [3_000, 4_500], [8_000, 3], [0, 8_000]] {
            var bad = after
            for n in wrong { bad[n] += 1 }
            let expected = denseError(ops, before: before, after: bad)
            #expect(expected != nil)
            #expect(resolveError(ops, before: before, after: bad) == expected, "\(wrong)")
        }
        // After-update section 3,000 was 2,999: sections 1 and 2 arrive below
        // it and section 5 left.
        var bad = after
        bad[3_000] = 2; bad[4_500] = 0
        #expect(resolveError(ops, before: before, after: bad) ==
            .itemCountMismatch(section: 3_000, sourceSection: 2_999, before: 3, leaving: 0, arriving: 0, after: 2))
    }
}
