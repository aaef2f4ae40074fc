import Foundation
import Testing
import ScenarioCatalog
import Workloads

/// Every file in Workloads/ loads against the real catalog, and the names
/// and variants scripts and CI rely on are there.
@Suite struct WorkloadFilesTests {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Workloads")

    static let required: [String: [String]] = [
        "self-sizing-cells": ["own-engine", "fresh-engine"],
        "churn": ["churned", "grouped", "hidden"],
        "independent-blocks": ["independent", "linked"],
        "text-measurement": ["measured", "override"],
        "cheap-operations": ["equality", "inequality", "priority", "set-constant", "recreate"],
        "fitting-size": [], "unsatisfiable": [], "flow-layout": [],
        "mosaic": ["filter", "binary-search"],
        "batch-updates": ["batch", "reload-data"],
        "safe-area": [],
        "layout-cycle": ["manual", "constraints", "toggle", "recreate", "coalesced", "forced"],
        "feed-cell": ["constraints", "manual"],
        "long-row": [], "nested-chain": [], "random-anchors": [], "moving-subtree": [], "hierarchy-removal": [],
    ]

    @Test func everyFileValidates() {
        let (workloads, problems) = WorkloadLoader.loadDirectory(Self.directory, catalog: ScenarioCatalog.catalog)
        #expect(problems.map(\.description) == [])
        #expect(workloads.count >= Self.required.count)
    }

    @Test func requiredNamesAndVariantsExist() {
        let (workloads, _) = WorkloadLoader.loadDirectory(Self.directory, catalog: ScenarioCatalog.catalog)
        let byName = Dictionary(uniqueKeysWithValues: workloads.map { ($0.name, $0) })
        for (name, variants) in Self.required {
            guard let w = byName[name] else { Issue.record("missing Workloads/\(name).yaml"); continue }
            for v in variants { #expect(w.variant(named: v) != nil, "\(name) lacks variant \(v)") }
        }
    }

    @Test func everyScenarioOfScenariosMdIsCovered() {
        let (workloads, _) = WorkloadLoader.loadDirectory(Self.directory, catalog: ScenarioCatalog.catalog)
        let covered = Set(workloads.map(\.talk.scenario))
        for i in 1...12 { #expect(covered.contains("§\(i)"), "no workload replays scenario §\(i)") }
    }
}
