import Foundation
import ResultStore
import Testing

extension CompareServerTests {
    /// The comparison lands in `comparisons` and `comparison_cells` on a real PostgreSQL.
    @Suite struct ComparisonStorageTests {
        @Test func comparisonAndCellsAreStored() async throws {
            let store = try await CompareServer.freshStore("compare")
            let dir = try CompareCLI.scratch("store")
            let base = try CompareCLI.fixture([:], in: dir, name: "base")
            let candidate = try CompareCLI.fixture(["FIXTURE_EXTRA_PIVOTS": "2", "FIXTURE_DIGEST": "moved"], in: dir, name: "candidate")
            // The fixture's times are the same on both sides; the rounds go on until time is decided too (same).
            let result = try CompareCLI.compare([base, candidate, "independent-blocks", "--sizes", "10", "--variants", "independent,linked",
                                                 "--samples", "6", "--max-rounds", "3", "--threshold", "0.1", "--out", dir.path,
                                                 "--database", store.configuration.urlIncludingPassword])
            #expect(result.status == 1, "\(result.out)\n\(result.err)")
            #expect(result.out.contains("stored as comparison"))

            let comparisons = try await store.comparisons()
            try #require(comparisons.count == 1)
            let stored = comparisons[0]
            #expect(result.out.contains(stored.id.uuidString.lowercased()))
            #expect(stored.baseSpec == base && stored.candidateSpec == candidate)
            #expect(stored.baseCommit == nil && stored.candidateCommit == nil)  // binaries, not revisions
            #expect(stored.exitCode == 1 && stored.threshold == 0.1 && stored.rounds >= 1)
            #expect(stored.finishedAt != nil)

            let cells = try await store.comparisonCells(stored.id)
            #expect(cells.map(\.variant) == ["independent", "linked"])
            for cell in cells {
                #expect(cell.workload == "independent-blocks" && cell.size == 10)
                #expect(cell.verdict == "behaviour changed")
                #expect(cell.baseDigest == "fixture-10" && cell.candidateDigest == "moved")
                #expect(cell.counterChangesJSON.contains("\"name\": \"pivots\""))
                #expect(cell.failure == nil && cell.ratio != nil && cell.lower != nil && cell.upper != nil)
                #expect(cell.timeVerdict == "same")
                // One value per timing job, two a side per round; two rounds at least, three at most.
                #expect(cell.baseSamples == cell.candidateSamples && [4, 6].contains(cell.baseSamples))
            }
        }
    }
}
