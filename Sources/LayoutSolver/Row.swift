/// One tableau cell: `coefficient × symbol`.
struct Cell {
    var symbol: Int
    var coefficient: Double
}

/// Coefficients smaller than this are treated as zero and dropped, so that
/// cancellation noise never turns into a pivot candidate.
let epsilon = 1.0e-8

@inline(__always) func nearZero(_ x: Double) -> Bool { abs(x) < epsilon }

/// A linear expression `constant + Σ cells` over tableau symbols.
///
/// Invariant: `cells` is sorted by symbol and holds no near-zero coefficient.
/// Sorted order makes every scan deterministic (Swift's `Dictionary` order is
/// seeded per process) and lets "the first symbol with …" mean "the symbol
/// with the smallest id with …", which is Bland's anti-cycling rule.
struct Row {
    var constant: Double
    var cells: [Cell]

    init(constant: Double = 0, cells: [Cell] = []) {
        self.constant = constant
        self.cells = cells
    }

    /// Position of `symbol` in `cells`, if present.
    @inline(__always) func index(of symbol: Int) -> Int? {
        var lo = 0, hi = cells.count
        if hi <= 8 {
            for i in 0..<hi where cells[i].symbol >= symbol {
                return cells[i].symbol == symbol ? i : nil
            }
            return nil
        }
        while lo < hi {
            let mid = (lo + hi) >> 1
            if cells[mid].symbol < symbol { lo = mid + 1 } else { hi = mid }
        }
        return lo < cells.count && cells[lo].symbol == symbol ? lo : nil
    }

    @inline(__always) func coefficient(of symbol: Int) -> Double {
        guard let i = index(of: symbol) else { return 0 }
        return cells[i].coefficient
    }

    /// Adds `coefficient × symbol`. Returns +1 if the symbol is new in the
    /// row, -1 if it cancelled out, 0 otherwise.
    @discardableResult
    mutating func add(_ symbol: Int, _ coefficient: Double) -> Int {
        var lo = 0, hi = cells.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if cells[mid].symbol < symbol { lo = mid + 1 } else { hi = mid }
        }
        if lo < cells.count && cells[lo].symbol == symbol {
            let c = cells[lo].coefficient + coefficient
            if nearZero(c) { cells.remove(at: lo); return -1 }
            cells[lo].coefficient = c
            return 0
        }
        if nearZero(coefficient) { return 0 }
        cells.insert(Cell(symbol: symbol, coefficient: coefficient), at: lo)
        return 1
    }

    /// Removes `symbol` and returns its coefficient (0 if absent).
    @discardableResult
    mutating func remove(_ symbol: Int) -> Double {
        guard let i = index(of: symbol) else { return 0 }
        return cells.remove(at: i).coefficient
    }

    /// `self += k × other`. Symbols that appear or cancel are appended to
    /// `added` / `removed` so the caller can keep its column index exact.
    mutating func add(_ other: Row, times k: Double, added: inout [Int], removed: inout [Int]) {
        constant += other.constant * k
        let a = cells, b = other.cells
        if b.isEmpty { return }
        var out: [Cell] = []
        out.reserveCapacity(a.count + b.count)
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if j == b.count || (i < a.count && a[i].symbol < b[j].symbol) {
                out.append(a[i]); i += 1
            } else if i == a.count || b[j].symbol < a[i].symbol {
                let c = b[j].coefficient * k
                if !nearZero(c) {
                    out.append(Cell(symbol: b[j].symbol, coefficient: c))
                    added.append(b[j].symbol)
                }
                j += 1
            } else {
                let c = a[i].coefficient + b[j].coefficient * k
                if nearZero(c) { removed.append(a[i].symbol) } else {
                    out.append(Cell(symbol: a[i].symbol, coefficient: c))
                }
                i += 1; j += 1
            }
        }
        cells = out
    }

    mutating func scale(by k: Double) {
        constant *= k
        for i in cells.indices { cells[i].coefficient *= k }
    }

    /// Rewrites `0 = self` as `symbol = …`: removes `symbol` and divides the
    /// rest by minus its coefficient.
    mutating func solve(for symbol: Int) {
        let c = remove(symbol)
        scale(by: -1 / c)
    }

    /// Rewrites `lhs = self` (where `self` contains `rhs`) as `rhs = …`.
    mutating func solve(lhs: Int, rhs: Int) {
        add(lhs, -1)
        solve(for: rhs)
    }
}
