/// One tableau cell: `coefficient × symbol`.
struct Cell {
    var symbol: Int
    var coefficient: Double
}

/// Values smaller than this are treated as zero: a row constant that must
/// be zero, a phase-one optimum.
let epsilon = 1.0e-8

@inline(__always) func nearZero(_ x: Double) -> Bool { abs(x) < epsilon }

/// Whether `a + b`, summed to `sum`, cancelled: the sum is below
/// `cancellation` relative to the larger term. Relative, so a row written in
/// millionths keeps its terms while a sum of unit terms still drops its
/// noise; an absolute bound dropped a 1e-6 · 1e-3 product as if it were noise.
@inline(__always) func cancelled(_ sum: Double, _ a: Double, _ b: Double) -> Bool {
    abs(sum) < cancellation * max(abs(a), abs(b))
}

/// Rounding noise is a few units in the last place (1e-16) per operation;
/// a row whose coefficients span 1e-6…1e6 makes real differences of 1e-9
/// and less (1 − 2e-9 from a 2e-6 · 1e-3 product), which a looser bound
/// dropped, losing a variable from the row.
let cancellation = 1.0e-12

/// A linear expression `constant + Σ cells` over tableau symbols.
///
/// Cells are kept in the order operations produced them (never hash order,
/// so every process sees the same order); rows longer than a threshold add a
/// symbol → position map. Substituting a short row into a long one therefore
/// costs the short row's length, not the long one's — the property that keeps
/// removals from a linked chain quadratic overall instead of cubic. Choices
/// that need an order ("the smallest symbol with …") scan explicitly.
struct Row {
    var constant: Double
    private(set) var cells: [Cell] = []
    /// Folded dummy terms (see `DummyNode`): part of the row's value as an
    /// equation, but absent from `cells` and from the column index until the
    /// component is unfolded.
    private(set) var refs: [FoldedRef] = []
    /// symbol → index in `cells`; meaningful only when `indexed`.
    private var positions = IntIndex<Int32>.unused
    private var indexed = false
    /// Some cell may name another row's basic external symbol (a link; see
    /// `Tableau+Links.swift`): the row's value is then its constant plus its
    /// links' values, not its constant alone. Set by the tableau, inherited
    /// by every row this one is added into.
    var linked = false
    /// When the row entered the tableau (`Tableau.insertRow`): a link always
    /// names a row born before the one holding it, which keeps links acyclic
    /// and gives expansion its order. 32 bits, beside the flags: the row
    /// stays 56 bytes (see `Tableau.renumberBirths`).
    var birth: Int32 = 0

    private static let indexThreshold = 12
    /// Folded references a row collects (through substitutions) before they
    /// are folded into one node.
    private static let refLimit = 8

    init(constant: Double = 0) {
        self.constant = constant
    }

    /// An empty row with room for `capacity` cells, so that building it
    /// term by term allocates once.
    init(constant: Double, capacity: Int) {
        self.constant = constant
        cells.reserveCapacity(capacity)
    }

    var isEmpty: Bool { cells.isEmpty && refs.isEmpty }
    var count: Int { cells.count }

    @inline(__always) func index(of symbol: Int) -> Int? {
        if indexed { return positions[symbol] }
        for i in cells.indices where cells[i].symbol == symbol { return i }
        return nil
    }

    @inline(__always) func coefficient(of symbol: Int) -> Double {
        guard let i = index(of: symbol) else { return 0 }
        return cells[i].coefficient
    }

    /// Adds `coefficient × symbol`. Returns +1 if the symbol is new in the
    /// row, -1 if it cancelled out, 0 otherwise.
    @discardableResult
    mutating func add(_ symbol: Int, _ coefficient: Double) -> Int {
        if let i = index(of: symbol) {
            let c = cells[i].coefficient + coefficient
            if cancelled(c, cells[i].coefficient, coefficient) { remove(at: i); return -1 }
            cells[i].coefficient = c
            return 0
        }
        // A fresh term is kept unless exactly zero: a user's 1e-9·x is data,
        // not cancellation noise.
        if coefficient == 0 { return 0 }
        append(Cell(symbol: symbol, coefficient: coefficient))
        return 1
    }

    /// Removes `symbol` and returns its coefficient (0 if absent).
    @discardableResult
    mutating func remove(_ symbol: Int) -> Double {
        guard let i = index(of: symbol) else { return 0 }
        let c = cells[i].coefficient
        remove(at: i)
        return c
    }

    /// `self += k × other`, in time proportional to `other`'s length.
    /// Symbols that appear or cancel are appended to `added` / `removed` so
    /// the caller can keep its column index exact.
    ///
    /// `indexing: false` keeps an unindexed row so however long it grows: an
    /// objective level in `discoverBasis`'s scratch, which lives for a pivot
    /// or two, where building an index cost more than scanning. The cells
    /// come out the same either way.
    mutating func add(_ other: Row, times k: Double, added: inout SymbolBuffer, removed: inout SymbolBuffer,
                      indexing: Bool = true) {
        if !other.refs.isEmpty && k != 0 { addRefs(other.refs, times: k) }
        if other.linked && k != 0 { linked = true }
        if cells.isEmpty && k != 0 {
            // Copying keeps the other row's order, so its index stays valid as
            // is. Into reserved room it is a memcpy; otherwise the buffer is
            // shared until the next write.
            constant += other.constant * k
            // Through a buffer pointer: appending the array itself retained
            // and released it.
            if cells.capacity >= other.cells.count {
                other.cells.withUnsafeBufferPointer { cells.append(contentsOf: $0) }
            } else {
                cells = other.cells
            }
            positions = other.positions
            indexed = other.indexed
            if k != 1 { for i in cells.indices { cells[i].coefficient *= k } }
            for cell in cells { added.append(cell.symbol) }
            return
        }
        constant += other.constant * k
        for cell in other.cells {
            let c = cell.coefficient * k
            if let i = index(of: cell.symbol) {
                let sum = cells[i].coefficient + c
                if cancelled(sum, cells[i].coefficient, c) {
                    remove(at: i)
                    removed.append(cell.symbol)
                } else {
                    cells[i].coefficient = sum
                }
            } else if c != 0 {
                if indexing || indexed {
                    append(Cell(symbol: cell.symbol, coefficient: c))
                } else {
                    cells.append(Cell(symbol: cell.symbol, coefficient: c))
                }
                added.append(cell.symbol)
            }
        }
    }

    /// Replaces the symbol in cell `i` by `other` (a row that does not
    /// contain it): `self += k × other` with that cell gone, `k` its
    /// coefficient, which is returned. The first symbol `other` brings in
    /// takes over the cell, so renaming one symbol — the common case when a
    /// marker leaves a chain — moves no other cell and costs two index
    /// updates instead of four. Symbols that appear or cancel go to `added` /
    /// `removed` as in `add(_:times:added:removed:)`.
    @discardableResult
    mutating func substitute(at i: Int, with other: Row, added: inout SymbolBuffer, removed: inout SymbolBuffer) -> Double {
        let k = cells[i].coefficient
        if !other.refs.isEmpty { addRefs(other.refs, times: k) }
        if other.linked { linked = true }
        constant += other.constant * k
        if indexed { positions.remove(cells[i].symbol) }
        var hole = i   // cells[hole] is dead until reused; `other` never names its symbol
        for cell in other.cells {
            let c = cell.coefficient * k
            if let j = index(of: cell.symbol) {
                let sum = cells[j].coefficient + c
                if cancelled(sum, cells[j].coefficient, c) {
                    removeCell(j, hole: &hole)
                    removed.append(cell.symbol)
                } else {
                    cells[j].coefficient = sum
                }
            } else if c != 0 {
                if hole >= 0 {
                    cells[hole] = Cell(symbol: cell.symbol, coefficient: c)
                    if indexed { positions[cell.symbol] = hole }
                    hole = -1
                } else {
                    append(Cell(symbol: cell.symbol, coefficient: c))
                }
                added.append(cell.symbol)
            }
        }
        if hole >= 0 {
            let lastIndex = cells.count - 1
            let last = cells.removeLast()
            if hole < lastIndex {
                cells[hole] = last
                if indexed { positions[last.symbol] = hole }
            }
        }
        return k
    }

    /// Removes cell `j` (swap with the last) while a dead cell sits at `hole`,
    /// which follows the last cell if that is the one moved.
    private mutating func removeCell(_ j: Int, hole: inout Int) {
        let gone = cells[j].symbol
        let lastIndex = cells.count - 1
        let last = cells.removeLast()
        if j < lastIndex {
            cells[j] = last
            if lastIndex == hole { hole = j } else if indexed { positions[last.symbol] = j }
        }
        if indexed { positions.remove(gone) }
    }

    mutating func scale(by k: Double) {
        constant *= k
        for i in cells.indices { cells[i].coefficient *= k }
        for i in refs.indices { refs[i].coefficient *= k }
    }

    /// Removes and returns the folded terms.
    mutating func takeRefs() -> [FoldedRef] {
        let r = refs
        refs = []
        return r
    }

    private mutating func addRefs(_ more: [FoldedRef], times k: Double) {
        for r in more { refs.append(FoldedRef(coefficient: r.coefficient * k, node: r.node)) }
        if refs.count > Self.refLimit {
            refs = [FoldedRef(coefficient: 1, node: DummyNode(cells: [], refs: refs))]
        }
    }

    /// Moves every explicit cell whose symbol is a dummy (a required
    /// equality's marker, by `symbols`), and every folded term, into one new
    /// node that this row then refers to — when the row holds `threshold`
    /// dummies or more, or already refers to a node. Returns the number of
    /// cells moved.
    ///
    /// The symbol table is borrowed, not captured: a closure reading it held
    /// a copy of the table, an atomic retain and release on every add.
    @discardableResult
    mutating func foldDummies(threshold: Int, symbols: borrowing [SymbolInfo]) -> Int {
        @inline(__always) func isDummy(_ s: Int) -> Bool { symbols[s].kind == .dummy }
        // Count before building anything: almost every row stays as it is,
        // and two throw-away arrays per added constraint would be wasted.
        var count = 0
        for cell in cells where isDummy(cell.symbol) { count += 1 }
        guard count >= threshold || (!refs.isEmpty && (count > 0 || refs.count > 1)) else { return 0 }
        var dummies: [Cell] = []
        dummies.reserveCapacity(count)
        var kept = Row(constant: constant)
        kept.linked = linked
        kept.birth = birth
        for cell in cells {
            if isDummy(cell.symbol) { dummies.append(cell) } else { kept.append(cell) }
        }
        // Short rows stay as they are: folding pays only where dummies pile up.
        guard dummies.count >= threshold || (!refs.isEmpty && (!dummies.isEmpty || refs.count > 1)) else { return 0 }
        kept.refs = [FoldedRef(coefficient: 1, node: DummyNode(cells: dummies, refs: refs))]
        self = kept
        return dummies.count
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

    /// A row of `source`'s cells with each symbol `s` written as `map[s]`.
    /// Only for a row without folded references (`refs`), whose nodes are
    /// shared, not copied. From buffers, not from a row: reading a row out
    /// of the tableau's array to rename it copied it, three retains and
    /// releases per row.
    init(constant: Double, renaming source: UnsafeBufferPointer<Cell>, _ map: UnsafeBufferPointer<Int32>) {
        self.constant = constant
        let n = source.count
        // Reserved, then appended: `Array(unsafeUninitializedCapacity:)`
        // allocates through an unspecialised path that looks up the
        // array's type metadata each time, where `reserveCapacity` is
        // specialised for `Cell`.
        cells.reserveCapacity(n)
        for i in 0..<n {
            cells.append(Cell(symbol: Int(map[source[i].symbol]), coefficient: source[i].coefficient))
        }
        // No index yet, even when long: lookups scan until the row's next
        // append builds one. Most copies are never looked up at length
        // before the window goes, and indexing each would slow every copy.
    }

    /// A row of `source`'s cells as they are (a shared copy's row, read
    /// from its image in local symbols); unindexed, as the renaming one.
    init(constant: Double, copying source: UnsafeBufferPointer<Cell>) {
        self.constant = constant
        cells.reserveCapacity(source.count)
        cells.append(contentsOf: source)
    }

    @inline(__always) private mutating func append(_ cell: Cell) {
        if indexed { positions[cell.symbol] = cells.count }
        cells.append(cell)
        if !indexed && cells.count > Self.indexThreshold { buildIndex() }
    }

    /// Out of line: inlined, it would make every append save and restore
    /// the registers it needs.
    @inline(never) private mutating func buildIndex() {
        // 64 slots (512 bytes): a 128-slot table would be a request for over
        // 1,008 bytes, which glibc serves from its large bins after
        // consolidating every fast bin.
        var map = IntIndex<Int32>(minimumCapacity: 32)
        for (i, c) in cells.enumerated() { map[c.symbol] = i }
        positions = map
        indexed = true
    }

    /// Removes the cell at `i` (swap with the last) and returns its coefficient.
    @discardableResult
    mutating func remove(at i: Int) -> Double {
        let gone = cells[i]
        let last = cells.removeLast()
        if i < cells.count {
            cells[i] = last
            if indexed { positions[last.symbol] = i }
        }
        if indexed { positions.remove(gone.symbol) }
        return gone.coefficient
    }
}

/// A reusable list of symbols that a merge added to or cancelled from a row.
/// Resetting is a store, not `removeAll(keepingCapacity:)`, which is costly
/// in a chain's removal. Read by index: an iterator would be a
/// slice of the storage, retained and released while the tableau changes.
struct SymbolBuffer {
    private var storage: [Int] = []
    private(set) var count = 0

    @inline(__always) mutating func append(_ s: Int) {
        if count < storage.count { storage[count] = s } else { storage.append(s) }
        count += 1
    }

    @inline(__always) mutating func reset() { count = 0 }

    @inline(__always) subscript(i: Int) -> Int { storage[i] }
}
