/// A solved component written over local symbols — each symbol's position
/// in the component's member list — and shared, read-only, by the copies a
/// batch makes of it (see `Tableau.clone`).
///
/// A copy keeps its own symbols, records and row constants, and reads
/// everything else from here until an operation needs its rows: a list's
/// cells that are built, laid out and thrown away never write out the
/// ninety-odd rows each (tens of kilobytes of tableau per cell), and a
/// constant change that moves no basis (a cell's top, a label's new height)
/// moves numbers only. `Tableau.materialize` writes the rows out; after it
/// the copy is an ordinary component, as if it had been copied row by row.
final class ComponentImage {
    /// Per local symbol: its kind, and its row (an index into the row
    /// arrays) if it is basic, else -1.
    let kinds: [SymbolKind]
    let rowOf: [Int32]
    /// Per row: the local basic symbol, the constant the template had, and
    /// its cells (a run of `cells`, from `rowStart[r]` to `rowStart[r + 1]`).
    let rowBasic: [Int32]
    let rowConstants: [Double]
    let rowStart: [Int32]
    let cells: [Cell]
    /// The objective levels, in the template's order, their cells runs of `levelCells`.
    let levelPriorities: [Float]
    let levelConstants: [Double]
    let levelStart: [Int32]
    let levelCells: [Cell]
    /// Per template record, in the order its copies' records are made: how
    /// a change δ of its constant moves row constants (see `ConstantShift`).
    let shifts: [ConstantShift]
    /// The rows a `.column` shift moves and the marker's coefficient in
    /// each: runs from `effectStart[k]` to `effectStart[k + 1]`.
    let effectStart: [Int32]
    let effectRows: [Int32]
    let effectCoefficients: [Double]
    /// Per record, the constant in effect when the image was taken: a copy
    /// whose constants differ shifts by the difference.
    let recordConstants: [Double]

    /// Per record: its marker's and other error's local symbols and their
    /// coefficients (the same in every basis of a family).
    let records: ImageRecords
    /// Per record: the local symbol of its marker.
    var markerOfRecord: [Int32] { records.markers }
    /// Per local symbol: the template record whose marker it is, or -1.
    var recordOfMarker: [Int32] { records.recordOfMarker }

    var rowCount: Int { rowBasic.count }
    var objectiveTermCount: Int { levelCells.count }

    /// The changes that take this image's record constants to `constants`
    /// (the same records, in order): each record whose constant differs and
    /// by how much, appended to `changes`.
    func changes(to constants: [Double], into changes: inout [(record: Int, delta: Double)]) {
        for k in constants.indices where constants[k] != recordConstants[k] {
            changes.append((k, constants[k] - recordConstants[k]))
        }
    }

    /// The image of a basis: its rows and objective over local symbols, and
    /// its records. Works out how each record's constant change moves the
    /// rows in this basis (`shifts`, and the rows of each `.column` one).
    init(kinds: [SymbolKind], rowOf: [Int32], rowBasic: [Int32], rowConstants: [Double], rowStart: [Int32],
         cells: [Cell], levelPriorities: [Float], levelConstants: [Double], levelStart: [Int32],
         levelCells: [Cell], records: ImageRecords, recordConstants: [Double]) {
        self.kinds = kinds
        self.rowOf = rowOf
        self.rowBasic = rowBasic
        self.rowConstants = rowConstants
        self.rowStart = rowStart
        self.cells = cells
        self.levelPriorities = levelPriorities
        self.levelConstants = levelConstants
        self.levelStart = levelStart
        self.levelCells = levelCells
        self.records = records
        self.recordConstants = recordConstants

        // Which case of `Tableau.applyShift` each record's constant change
        // takes in this basis; the `.column` ones collect the rows holding
        // their marker. Through buffers, and with no scratch tables: a
        // basis found on an image (`discoverBasis`) makes one of these,
        // and each array was an allocation and each write a uniqueness check.
        let recordCount = records.markers.count
        var shifts: [ConstantShift] = []
        shifts.reserveCapacity(recordCount)
        for k in 0..<recordCount {
            let m = Int(records.markers[k]), o = Int(records.others[k])
            if rowOf[m] >= 0 {
                shifts.append(ConstantShift(mode: .markerRow, row: rowOf[m], divisor: records.markerCoefficients[k]))
            } else if o >= 0, rowOf[o] >= 0 {
                shifts.append(ConstantShift(mode: .otherRow, row: rowOf[o], divisor: records.otherCoefficients[k]))
            } else {
                shifts.append(ConstantShift(mode: .column, row: -1, divisor: records.markerCoefficients[k]))
            }
        }
        /// The record whose `.column` shift a cell's symbol carries, or -1.
        let marks = records.recordOfMarker
        @inline(__always) func columnRecord(_ s: Int) -> Int {
            let k = Int(marks[s])
            return k >= 0 && shifts[k].mode == .column ? k : -1
        }
        // Grouped by record with a counting sort in one table: counted,
        // summed, moved up a place (each group's start), then each group's
        // start advanced past what is placed, ending as the next one's.
        var effectStart = [Int32](repeating: 0, count: recordCount + 1)
        var total = 0
        effectStart.withUnsafeMutableBufferPointer { bounds in
            for cell in cells {
                let k = columnRecord(cell.symbol)
                if k >= 0 { bounds[k + 1] += 1 }
            }
            for k in 0..<recordCount { bounds[k + 1] += bounds[k] }
            total = Int(bounds[recordCount])
            for k in stride(from: recordCount, to: 0, by: -1) { bounds[k] = bounds[k - 1] }
            bounds[0] = 0
        }
        var effectRows = [Int32](repeating: 0, count: total)
        var effectCoefficients = [Double](repeating: 0, count: total)
        effectStart.withUnsafeMutableBufferPointer { bounds in
            effectRows.withUnsafeMutableBufferPointer { rows in
                effectCoefficients.withUnsafeMutableBufferPointer { coefficients in
                    for r in 0..<rowBasic.count {
                        for i in Int(rowStart[r])..<Int(rowStart[r + 1]) {
                            let k = columnRecord(cells[i].symbol)
                            guard k >= 0 else { continue }
                            let e = Int(bounds[k + 1])
                            bounds[k + 1] += 1
                            rows[e] = Int32(truncatingIfNeeded: r)
                            coefficients[e] = cells[i].coefficient
                        }
                    }
                }
            }
        }
        self.shifts = shifts
        self.effectStart = effectStart
        self.effectRows = effectRows
        self.effectCoefficients = effectCoefficients
    }
}

/// An image's records, by index in the order its copies' records are made:
/// each one's marker and other error (local symbols; -1 for none) and their
/// coefficients in the constraint's own row. A basis change moves none of
/// these, so a family's images share one.
struct ImageRecords {
    var markers: [Int32] = []
    var others: [Int32] = []
    var markerCoefficients: [Double] = []
    var otherCoefficients: [Double] = []
    /// Per local symbol: the record whose marker it is, or -1.
    var recordOfMarker: [Int32] = []

    /// Fills `recordOfMarker` for an image of `symbolCount` local symbols
    /// once `markers` is complete.
    mutating func indexMarkers(symbolCount: Int) {
        recordOfMarker = [Int32](repeating: -1, count: symbolCount)
        for (k, m) in markers.enumerated() { recordOfMarker[Int(m)] = Int32(truncatingIfNeeded: k) }
    }
}

/// The images of one template in the bases its copies have needed: the
/// template's own first, then each basis a copy reached by dual simplex
/// when none of the earlier ones was feasible for its constants. Shared by
/// the template's copies, which move to another of them when a constant
/// change makes their own infeasible. Every basis here is optimal for the
/// template's structure, so any of them in which a copy's constants are
/// feasible is an optimum of that copy.
final class ImageFamily {
    /// The template's own image: copies no known basis fits start from it.
    let template: ComponentImage
    /// Every basis, the ones new copies took most often first (each taken one
    /// moves up a place), so a copy usually finds its own at the first try.
    private(set) var images: [ComponentImage]
    private var uses: [Int]
    /// Per basis a copy left, the one it moved to (both in `images`, which
    /// holds them: no cycle of strong references between images).
    private var moves: [ObjectIdentifier: ComponentImage] = [:]
    /// The feed cell's vertical block meets about fifteen bases (which of
    /// its inequalities bind depends on its text): room for twice that.
    static let limit = 32

    init(_ template: ComponentImage) {
        self.template = template
        images = [template]
        uses = [0]
    }

    var isFull: Bool { images.count >= Self.limit }

    /// Keeps `image`, a basis no earlier copy had, unless the family is
    /// full; a copy that reached it by leaving `leaving` notes the move, as
    /// `took` does.
    func add(_ image: ComponentImage, leaving: ComponentImage? = nil) {
        guard !isFull else { return }
        images.append(image)
        uses.append(0)
        if let leaving { moves[ObjectIdentifier(leaving)] = image }
    }

    /// The basis a copy last moved to when a constant change made `image`
    /// infeasible, by index in `images`.
    func lastMove(from image: ComponentImage) -> Int? {
        guard let to = moves[ObjectIdentifier(image)] else { return nil }
        return images.firstIndex { $0 === to }
    }

    /// Notes that a copy took basis `i`, leaving `leaving` if it moved. Only
    /// new copies reorder the bases: were moves counted too, a list's cells
    /// toggling between two contents would keep reordering them, and every
    /// step would try a different number of bases (the harness's counters
    /// must repeat from step to step).
    func took(_ i: Int, leaving: ComponentImage? = nil) {
        if let leaving {
            moves[ObjectIdentifier(leaving)] = images[i]
            return
        }
        uses[i] += 1
        if i > 0 && uses[i] > uses[i - 1] {
            images.swapAt(i, i - 1)
            uses.swapAt(i, i - 1)
        }
    }
}

/// How changing one constraint's constant by δ moves the row constants of
/// a component in a given basis — the three cases of `Tableau.applyShift`,
/// with the same arithmetic, so a shared copy's constants come out bit for
/// bit as its written-out rows' would.
struct ConstantShift {
    enum Mode: UInt8 {
        /// The marker is basic: its row moves by -δ / divisor.
        case markerRow
        /// The other error is basic: its row moves by -δ / divisor.
        case otherRow
        /// Neither is: each row holding the marker moves by k × (δ / divisor).
        case column
    }
    var mode: Mode
    var row: Int32
    var divisor: Double
}
