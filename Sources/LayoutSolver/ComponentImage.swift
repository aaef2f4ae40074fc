/// A solved component written over local symbols — each symbol's position
/// in the component's member list — and shared, read-only, by the copies a
/// batch makes of it (see `Tableau.clone`).
///
/// A copy keeps its own symbols, records and row constants, and reads
/// everything else from here until an operation needs its rows: a list's
/// cells that are built, laid out and thrown away never write out the
/// ninety-odd rows each (the feed cell's 70 kB of tableau per cell), and a
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
    /// Per local symbol: the template record whose marker it is, or -1.
    let recordOfMarker: [Int32]
    /// Per record, the constant in effect when the image was taken: a copy
    /// whose constants differ shifts by the difference.
    let recordConstants: [Double]

    /// Per record: the local symbol of its marker.
    let markerOfRecord: [Int32]

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

    init(kinds: [SymbolKind], rowOf: [Int32], rowBasic: [Int32], rowConstants: [Double], rowStart: [Int32],
         cells: [Cell], levelPriorities: [Float], levelConstants: [Double], levelStart: [Int32],
         levelCells: [Cell], shifts: [ConstantShift], effectStart: [Int32], effectRows: [Int32],
         effectCoefficients: [Double], recordOfMarker: [Int32], recordConstants: [Double]) {
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
        self.shifts = shifts
        self.effectStart = effectStart
        self.effectRows = effectRows
        self.effectCoefficients = effectCoefficients
        self.recordOfMarker = recordOfMarker
        self.recordConstants = recordConstants
        var markers = [Int32](repeating: -1, count: recordConstants.count)
        for (s, k) in recordOfMarker.enumerated() where k >= 0 { markers[Int(k)] = Int32(truncatingIfNeeded: s) }
        markerOfRecord = markers
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
    /// Every basis, the ones copies took most often first (each taken one
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

    func add(_ image: ComponentImage) {
        guard !isFull else { return }
        images.append(image)
        uses.append(0)
    }

    /// The basis a copy last moved to when a constant change made `image`
    /// infeasible, by index in `images`.
    func lastMove(from image: ComponentImage) -> Int? {
        guard let to = moves[ObjectIdentifier(image)] else { return nil }
        return images.firstIndex { $0 === to }
    }

    /// Notes that a copy took basis `i`, leaving `leaving` if it moved.
    func took(_ i: Int, leaving: ComponentImage? = nil) {
        if let leaving { moves[ObjectIdentifier(leaving)] = images[i] }
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
