import CollectionLayout
import CollectionTestSupport
import Testing

/// A valid batch on `sections` sections: up to six section operations
/// (deletes, reloads, moves) and up to three inserts, and item changes in up
/// to three carried sections; every other section is untouched.
func randomSectionBatch(_ rng: inout SeededGenerator, sections: Int) -> GeneratedBatch {
    var nextID = 0
    let before: [[Int]] = (0..<sections).map { _ in
        (0..<Int.random(in: 0...5, using: &rng)).map { _ in nextID += 1; return nextID }
    }
    var ops: [BatchUpdate.Operation] = []
    var kind = [Int](repeating: 0, count: sections)          // 0 keep, 1 delete, 2 reload, 3 move
    for s in before.indices.shuffled(using: &rng).prefix(Int.random(in: 0...6, using: &rng)) {
        kind[s] = Int.random(in: 1...3, using: &rng)
    }
    var insertedCount = Int.random(in: 0...3, using: &rng)
    if !kind.contains(where: { $0 != 0 }) { insertedCount = max(insertedCount, 1) }
    let movedFrom = before.indices.filter { kind[$0] == 3 }.shuffled(using: &rng)
    let sectionCount = sections - kind.filter { $0 == 1 }.count + insertedCount
    let arriving = Array((0..<sectionCount).shuffled(using: &rng).prefix(insertedCount + movedFrom.count))
    var source = [Int?](repeating: nil, count: sectionCount)
    for (from, to) in zip(movedFrom, arriving) { ops.append(.moveSection(from: from, to: to)); source[to] = from }
    let insertedSections = Array(arriving.dropFirst(movedFrom.count))
    if !insertedSections.isEmpty { ops.append(.insertSections(insertedSections)) }
    let deletedSections = before.indices.filter { kind[$0] == 1 }
    if !deletedSections.isEmpty { ops.append(.deleteSections(deletedSections)) }
    let reloadedSections = before.indices.filter { kind[$0] == 2 }
    if !reloadedSections.isEmpty { ops.append(.reloadSections(reloadedSections)) }
    var survivors = before.indices.filter { kind[$0] == 0 || kind[$0] == 2 }.makeIterator()
    for n in 0..<sectionCount where !arriving.contains(n) { source[n] = survivors.next()! }

    // Items, in a few carried sections that are not reloaded.
    let carried = (0..<sectionCount).filter { source[$0].map { kind[$0] != 2 } ?? false }
    let itemSections = Array(carried.shuffled(using: &rng).prefix(Int.random(in: 0...3, using: &rng)))
    var leaving = [Int](repeating: 0, count: sections)
    var movesInto = [Int: [IndexPath]]()
    for n in itemSections {
        let o = source[n]!
        for i in before[o].indices {
            switch Int.random(in: 0..<6, using: &rng) {
            case 0: ops.append(.deleteItems([IndexPath(o, i)])); leaving[o] += 1
            case 1: ops.append(.reloadItems([IndexPath(o, i)]))
            case 2:
                movesInto[itemSections.randomElement(using: &rng)!, default: []].append(IndexPath(o, i))
                leaving[o] += 1
            default: break
            }
        }
    }
    var after = [Int](repeating: 0, count: sectionCount)
    for n in 0..<sectionCount {
        guard let o = source[n], kind[o] != 2 else { after[n] = Int.random(in: 0...4, using: &rng); continue }
        guard itemSections.contains(n) else { after[n] = before[o].count; continue }
        let moves = movesInto[n] ?? []
        let inserts = Int.random(in: 0...2, using: &rng)
        after[n] = before[o].count - leaving[o] + moves.count + inserts
        let slots = (0..<after[n]).shuffled(using: &rng).prefix(moves.count + inserts)
        for (from, slot) in zip(moves, slots) { ops.append(.moveItem(from: from, to: IndexPath(n, slot))) }
        let insertPaths = slots.dropFirst(moves.count).map { IndexPath(n, $0) }
        if !insertPaths.isEmpty { ops.append(.insertItems(insertPaths)) }
    }
    return GeneratedBatch(before: before, operations: ops, after: after)
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
        var rng = SeededGenerator(seed: 2018)
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
        var rng = SeededGenerator(seed: 225)
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
