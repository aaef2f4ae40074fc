import Geometry

/// The flow layout's incremental paths: self-sizing and batch updates change
/// only what follows the touched items; see ``FlowLayout`` for the costs.
extension FlowLayout {
    /// Takes the size the cell prefers for the item at `indexPath` and shifts
    /// what follows. A size that keeps the item's extent along its line (the
    /// height, when scrolling vertically) only changes its line's thickness:
    /// the following lines and sections move by the difference. A size that
    /// changes it re-breaks the section's lines from the line before the item's
    /// (the item may now fit there). Returns true when the layout changed.
    ///
    /// A later full prepare (rotation, `reloadData`) starts again from the estimates.
    /// - Complexity: O(items in the line + following lines + following sections),
    ///   or O(items after the item in its section) when lines re-break.
    public mutating func invalidateLayout(forPreferredSize size: Size, ofItemAt indexPath: IndexPath) -> Bool {
        let (s, i) = (indexPath.section, indexPath.item)
        guard !needsPrepare, sections.indices.contains(s), (0..<sections[s].itemCount).contains(i) else { return false }
        let old = sections[s].sizes[i]
        let wasEstimated = sections[s].estimated[i]
        sections[s].estimated[i] = false
        guard old != size else { return wasEstimated }
        sections[s].sizes[i] = size
        let extentBefore = sections[s].extent(metrics)
        let line = Int(sections[s].itemLine[i])
        if metrics.along(old) == metrics.along(size) {
            _ = sections[s].refreshThickness(ofLine: line, metrics)
            counters.shifts += sections[s].lineCount - line - 1
        } else {
            counters.itemsPlaced += sections[s].layLines(from: max(0, line - 1), metrics)
        }
        if sections[s].extent(metrics) != extentBefore { recomputeStarts(from: s) }
        return true
    }

    /// Applies a validated batch to the cached layout without a full prepare.
    ///
    /// Untouched sections (kept or moved) are reused as they are and only
    /// shifted. In a touched section, items before its first changed item keep
    /// their lines; the rest are rebuilt from the mapping (surviving and moved
    /// items keep their sizes, preferred sizes included; inserted and reloaded
    /// items start from the item sizing or the estimate) and lines re-break
    /// from the line before the first change. Inserted and reloaded sections
    /// are laid out whole. `reloadData`, or a layout that still needs a
    /// prepare, falls back to a full prepare.
    ///
    /// - Complexity: O(Σ over touched sections of (items from the first change
    ///   to the section's end) × log k + S) for k changes and S sections.
    public mutating func applyBatchUpdate(_ update: BatchUpdateResult) {
        guard !update.invalidatesEverything, !needsPrepare,
              update.itemCountsBefore == sections.map(\.itemCount) else {
            invalidateLayout(.dataSourceCounts)
            return
        }
        // Moved items keep their sizes; read them before sections are taken apart.
        var carried: [IndexPath: (Size, Bool)] = [:]
        for (from, to) in update.itemMoves {
            carried[to] = (sections[from.section].sizes[from.item], sections[from.section].estimated[from.item])
        }
        var old = sections
        sections = []
        var rebuilt: [FlowSection] = []
        rebuilt.reserveCapacity(update.sections.count)
        var firstShifted = update.sections.count
        for (n, change) in update.sections.enumerated() {
            guard case .old(let o) = change.source else {
                rebuilt.append(makeSection(n, count: change.itemCount))
                firstShifted = min(firstShifted, n)
                continue
            }
            var section = FlowSection()
            swap(&section, &old[o])                    // unique storage: edits below are in place
            if o != n { firstShifted = min(firstShifted, n) }
            guard let first = change.firstChangedItem else {
                rebuilt.append(section)
                continue
            }
            firstShifted = min(firstShifted, n)
            let oldCount = section.itemCount
            let line = first < oldCount ? Int(section.itemLine[first]) : max(0, section.lineCount - 1)
            // Copies of the tail (a slice would pin the storage and make the edits copy it all).
            let tailSizes = Array(section.sizes[first...])
            let tailEstimated = Array(section.estimated[first...])
            section.sizes.removeSubrange(first...)
            section.estimated.removeSubrange(first...)
            section.sizes.reserveCapacity(change.itemCount)
            section.estimated.reserveCapacity(change.itemCount)
            for item in first..<change.itemCount {
                let path = IndexPath(section: n, item: item)
                if let oldItem = change.oldItem(forNew: item), !binaryContains(change.reloaded, oldItem) {
                    section.sizes.append(tailSizes[oldItem - first])   // survivors here come from the tail
                    section.estimated.append(tailEstimated[oldItem - first])
                } else if let (size, estimated) = carried[path] {
                    section.sizes.append(size)
                    section.estimated.append(estimated)
                } else {
                    section.sizes.append(initialSize(path))
                    section.estimated.append(estimatedItemSize != nil)
                }
            }
            counters.itemsPlaced += section.layLines(from: max(0, line - 1), metrics)
            rebuilt.append(section)
        }
        sections = rebuilt
        recomputeStarts(from: firstShifted)
    }
}
