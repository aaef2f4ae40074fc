import Geometry

/// The talk's custom mosaic layout (WWDC 2018 session 225, 19:26–27:30): rows
/// of one, two or three photos in a repeating pattern, which a line-based flow
/// layout cannot produce.
///
/// `prepare` computes every item's attributes once and caches them in reading
/// order, which is also ascending `minY`. `layoutAttributesForElements(in:)` is
/// called on every scroll step and answers in one of two ways:
///
/// - ``ElementQuery/filter``: test every cached attribute, O(N) per query, so
///   scrolling slows as photos are added (the talk's first version);
/// - ``ElementQuery/binarySearch``: binary-search the first attribute that can
///   reach the rect, then walk until attributes start below it, O(log N + k).
///
/// Both return the same attributes in the same order.
public struct MosaicLayout: CollectionViewLayout {
    /// The row styles, used in this order (a row never takes more items than remain).
    public enum Segment: Hashable, Sendable, CaseIterable {
        /// One item across the whole row.
        case fullWidth
        /// Two items side by side.
        case fiftyFifty
        /// A large item on the left two thirds, two stacked on the right third.
        case twoThirdsOneThird
        /// Two stacked items on the left third, a large item on the right two thirds.
        case oneThirdTwoThirds

        var itemCount: Int {
            switch self {
            case .fullWidth: 1
            case .fiftyFifty: 2
            case .twoThirdsOneThird, .oneThirdTwoThirds: 3
            }
        }
    }

    /// How element queries search the cache.
    public enum ElementQuery: Hashable, Sendable { case filter, binarySearch }

    public var elementQuery: ElementQuery = .binarySearch
    /// The height of a row of the mosaic.
    public var segmentHeight: Double = 200
    /// The gap between rows and between items in a row.
    public var spacing: Double = 1

    /// All attributes, sections one after another, each in reading order; sorted by `minY`.
    var cache: [LayoutAttributes] = []
    /// `runningMaxY[i]` is the largest `maxY` among `cache[0...i]`: it never
    /// decreases, so it can be binary-searched even though `maxY` alone could.
    var runningMaxY: [Double] = []
    /// Where each section starts in `cache`.
    var sectionStarts: [Int] = [0]
    var contentBounds: Rect = .zero
    var bounds: Rect = .zero
    var width: Double = 0
    var pending: LayoutInvalidation = .everything

    public init() {}

    public var needsPrepare: Bool { !pending.isEmpty }

    /// Rebuilds the whole cache when something was invalidated or the counts or
    /// width changed; otherwise only records the bounds. - Complexity: O(N).
    public mutating func prepare(_ context: LayoutContext) {
        bounds = context.bounds
        let newWidth = max(0, context.bounds.width - context.contentInset.left - context.contentInset.right)
        let counts = zip(sectionStarts, sectionStarts.dropFirst()).map { $1 - $0 }
        guard !pending.isEmpty || newWidth != width || counts != context.itemCounts else { return }
        pending = []
        width = newWidth
        cache = []
        cache.reserveCapacity(context.totalItemCount)
        runningMaxY = []
        runningMaxY.reserveCapacity(context.totalItemCount)
        sectionStarts = [0]
        contentBounds = Rect(x: 0, y: 0, width: width, height: 0)
        var y = 0.0
        for (section, count) in context.itemCounts.enumerated() {
            var item = 0
            var segment = Segment.fullWidth
            while item < count {
                let remaining = count - item
                if segment.itemCount > remaining { segment = remaining == 1 ? .fullWidth : .fiftyFifty }
                let row = Rect(x: 0, y: y, width: width, height: segmentHeight)
                for frame in frames(of: segment, in: row) {
                    append(LayoutAttributes(indexPath: IndexPath(section: section, item: item), frame: frame))
                    item += 1
                }
                y = row.maxY + spacing
                segment = next(after: segment)
            }
            sectionStarts.append(cache.count)
        }
        contentBounds.size.height = max(0, y - spacing)
    }

    public var contentSize: Size { contentBounds.size }

    /// - Complexity: O(N) with ``ElementQuery/filter``; O(log N + k) with
    ///   ``ElementQuery/binarySearch``, plus the items that start above `rect` but
    ///   are skipped because they end before it (none in this mosaic).
    public func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        var examined = 0
        return layoutAttributesForElements(in: rect, examined: &examined)
    }

    /// The same query, adding to `examined` the cached attributes it read (the
    /// binary search's probes and the walk's items): N per query for
    /// ``ElementQuery/filter``, about log₂ N + k for ``ElementQuery/binarySearch``.
    public func layoutAttributesForElements(in rect: Rect, examined: inout Int) -> [LayoutAttributes] {
        switch elementQuery {
        case .filter:
            examined += cache.count
            return cache.filter { $0.frame.intersects(rect) }
        case .binarySearch:
            // Before `first`, every attribute ends at or above rect.minY.
            var lo = 0, hi = cache.count
            while lo < hi {
                let mid = (lo + hi) / 2
                examined += 1
                if runningMaxY[mid] <= rect.minY { lo = mid + 1 } else { hi = mid }
            }
            var result: [LayoutAttributes] = []
            var i = lo
            while i < cache.count, cache[i].frame.minY < rect.maxY {
                if cache[i].frame.intersects(rect) { result.append(cache[i]) }
                i += 1
            }
            examined += i - lo
            return result
        }
    }

    /// - Complexity: O(1).
    public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard indexPath.section >= 0, indexPath.section + 1 < sectionStarts.count, indexPath.item >= 0 else { return nil }
        let index = sectionStarts[indexPath.section] + indexPath.item
        return index < sectionStarts[indexPath.section + 1] ? cache[index] : nil
    }

    /// True only when the size changes: nothing in the mosaic depends on the scroll offset.
    public func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        boundsSizeChanged(from: bounds, to: newBounds)
    }

    public mutating func invalidateLayout(_ invalidation: LayoutInvalidation) {
        pending.formUnion(invalidation)
    }

    // MARK: Building

    mutating func append(_ attributes: LayoutAttributes) {
        runningMaxY.append(max(runningMaxY.last ?? -.infinity, attributes.frame.maxY))
        cache.append(attributes)
    }

    /// The pattern: full, halves, two-thirds/one-third, one-third/two-thirds, halves, …
    func next(after segment: Segment) -> Segment {
        switch segment {
        case .fullWidth: .fiftyFifty
        case .fiftyFifty: .twoThirdsOneThird
        case .twoThirdsOneThird: .oneThirdTwoThirds
        case .oneThirdTwoThirds: .fiftyFifty
        }
    }

    /// The item frames of one row in reading order (top to bottom, then left to
    /// right), so that the cache stays sorted by `minY`.
    func frames(of segment: Segment, in row: Rect) -> [Rect] {
        let g = spacing
        let halfHeight = (row.height - g) / 2
        switch segment {
        case .fullWidth:
            return [row]
        case .fiftyFifty:
            let w = (row.width - g) / 2
            return [Rect(x: row.minX, y: row.minY, width: w, height: row.height),
                    Rect(x: row.minX + w + g, y: row.minY, width: w, height: row.height)]
        case .twoThirdsOneThird:
            let big = (row.width - g) * 2 / 3
            let x = row.minX + big + g, w = row.width - big - g
            return [Rect(x: row.minX, y: row.minY, width: big, height: row.height),
                    Rect(x: x, y: row.minY, width: w, height: halfHeight),
                    Rect(x: x, y: row.minY + halfHeight + g, width: w, height: halfHeight)]
        case .oneThirdTwoThirds:
            let small = (row.width - g) / 3
            let x = row.minX + small + g
            return [Rect(x: row.minX, y: row.minY, width: small, height: halfHeight),
                    Rect(x: x, y: row.minY, width: row.width - small - g, height: row.height),
                    Rect(x: row.minX, y: row.minY + halfHeight + g, width: small, height: halfHeight)]
        }
    }
}
