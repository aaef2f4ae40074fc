/// Adding a batch in which blocks repeat: a list's cells, each an
/// independent block of constraints with the same shape, are solved once and
/// copied, instead of each being built and optimised constraint by constraint.
extension Solver {
    /// Batches smaller than this are added one by one: grouping them costs
    /// more than a copy could save.
    package static let batchGroupingThreshold = 16
    /// Blocks smaller than this are added, not copied: below it a copy's
    /// fixed costs (its tables, a component, a dual repair) outweigh what
    /// it saves (independent-blocks' text-field rows, 3 to 7 constraints a
    /// block, build faster one by one).
    static let defaultSmallestCopiedBlock = 8

    /// Adds `batch` as `add(_:)` would one constraint at a time, except that
    /// a failing constraint does not stop it: each is left out, and
    /// `failed` hears of it (batch index and error) in batch order once the
    /// rest is in.
    ///
    /// A *block* is a set of constraints of the batch that share variables
    /// with each other and with nothing the solver already holds: an
    /// independent component-to-be. A block with the same shape as an
    /// earlier block of the batch — the same relations, priorities and
    /// coefficients over its variables in the same order, constants aside —
    /// is not built: the earlier block's solved component is copied under
    /// new symbols (`Tableau.clone`), and each constraint whose constant
    /// differs moves there through the in-place path (dual simplex), as
    /// `setConstant` does. The result is an optimum of the same equations;
    /// where the optimum is unique (an unambiguous layout) it is the same
    /// solution, and `componentsCloned` counts the copies.
    ///
    /// A batch in which no two blocks share a shape goes in its own order,
    /// exactly as one by one. Otherwise the constraints that touch what the
    /// solver already holds go first (in batch order), then the blocks one
    /// after another, in order of their first constraint. Blocks share no
    /// variable with anything else, so the order between them changes no
    /// value.
    package func add(batch constraints: [Constraint], failed: (Int, SolverError) -> Void) {
        var batch = EquationBatch()
        batch.reserveCapacity(equations: constraints.count, terms: 3 * constraints.count)
        for c in constraints { batch.append(c) }
        add(batch: batch, failed: failed)
    }

    /// The same for equations laid out flat (see `EquationBatch`).
    package func add(batch: borrowing EquationBatch, failed: (Int, SolverError) -> Void) {
        var failures: [(Int, SolverError)] = []
        defer { for (i, e) in failures.sorted(by: { $0.0 < $1.0 }) { failed(i, e) } }
        func addOne(_ i: Int) {
            do { try add(batch, at: i) } catch { failures.append((i, error)) }
        }
        guard batch.count >= Self.batchGroupingThreshold else {
            for i in batch.indices { addOne(i) }
            return
        }
        reserveCapacity(forAdding: batch.count)
        flushRemovals()
        let plan = BatchPlan(batch, solver: self)
        // Nothing to copy (a chain, a one-off window): added in batch order,
        // exactly as one by one.
        guard plan.hasTwins else {
            for i in batch.indices { addOne(i) }
            return
        }
        for i in plan.outside { addOne(i) }

        var templates: [UInt64: [BatchTemplate]] = [:]   // shape hash → blocks solved so far with it
        for b in plan.blocks.indices {
            let members = plan.members(b)
            let shape = plan.blocks[b].shape
            if plan.blocks[b].copyable, let candidates = templates[shape],
               let t = candidates.first(where: { plan.sameShape($0.block, b, in: batch) }),
               copy(block: b, from: t, plan, batch) {
                continue
            }
            let before = failures.count
            for i in members { addOne(i) }
            // Copies read the template's rows written out. A large block whose
            // rows link others is no template: writing a chain out costs the
            // square of its length, more than building each copy.
            guard plan.blocks[b].copyable, failures.count == before,
                  let c = component(ofBlock: members, batch),
                  tableau.components[c].symbols.count <= Self.largestLinkedTemplate || !tableau.hasLinks(c),
                  var template = template(b, plan, batch) else { continue }
            // Optimised now rather than at the next read, so its copies start optimal.
            tableau.optimize(c)
            tableau.components[c].needsOptimize = false
            tableau.expandLinks(inComponent: c)
            guard let image = tableau.image(of: c, records: template.records,
                                            constants: template.records.map { recordInfo[$0].constant })
            else { continue }
            template.family = ImageFamily(image)
            templates[shape, default: []].append(template)
        }
    }

    /// Symbols of the largest block with links kept as a template (a list
    /// cell's few hundred; a chain's thousands are built instead).
    static let largestLinkedTemplate = 512

    /// A solved block that later blocks of its shape copy: its records and
    /// its variables' symbols, looked up once instead of once per copy.
    struct BatchTemplate {
        var block: Int
        var records: [Int]
        var externals: [Int]
        /// The solved block over local symbols, which its copies share, and
        /// the other bases copies have needed.
        var family: ImageFamily?
    }

    private func template(_ b: Int, _ plan: BatchPlan, _ batch: borrowing EquationBatch) -> BatchTemplate? {
        var records: [Int] = [], externals: [Int] = []
        records.reserveCapacity(plan.members(b).count)
        externals.reserveCapacity(plan.variables(b).count)
        for i in plan.members(b) {
            guard let r = recordOf[key(batch.equations[i].id)] else { return nil }
            records.append(r)
        }
        for v in plan.variables(b) {
            guard let s = symbolOf[key(v.id)] else { return nil }
            externals.append(s)
        }
        return BatchTemplate(block: b, records: records, externals: externals)
    }

    /// The component holding exactly the block's constraints, if it is one.
    private func component(ofBlock members: ArraySlice<Int>, _ batch: borrowing EquationBatch) -> Int? {
        guard let first = recordOf[key(batch.equations[members.first!].id)] else { return nil }
        let c = tableau.symbolInfo[tableau.records[first].marker].componentOf
        guard c >= 0, tableau.components[c].constraintCount == members.count else { return nil }
        return c
    }

    /// Copies template block `t`'s component for block `b` with the
    /// constants that differ moved. The copy is shared (see
    /// `ComponentImage`) in the first basis of the template's in which its
    /// constants are feasible; if none is, it is written out in the
    /// template's and repaired by dual simplex, and the basis it ends in is
    /// kept for later copies. Returns false, having undone what it did, when
    /// the template cannot be copied or a required constant cannot move
    /// (block `b` is then added constraint by constraint, which finds and
    /// reports the conflict as `add` does).
    private func copy(block b: Int, from template: BatchTemplate, _ plan: BatchPlan,
                      _ batch: borrowing EquationBatch) -> Bool {
        let block = (members: plan.members(b), variables: plan.variables(b))
        let c = tableau.symbolInfo[tableau.records[template.records[0]].marker].componentOf
        guard tableau.isCloneable(c), let family = template.family else { return false }
        var scratch = CopyScratch()
        swap(&scratch, &copyScratch)
        defer {
            scratch.ids.removeAll(keepingCapacity: true)
            scratch.externals.removeAll(keepingCapacity: true)
            scratch.created.removeAll(keepingCapacity: true)
            swap(&scratch, &copyScratch)
        }
        // The same constraint twice in one block would be one record for two.
        for i in block.members { scratch.ids.append(batch.equations[i].id) }
        scratch.ids.sort()
        for k in scratch.ids.indices.dropFirst() where scratch.ids[k] == scratch.ids[k - 1] { return false }
        newSymbols(for: block.variables, into: &scratch.externals, created: &scratch.created)
        let constants = block.members.map { batch.equations[$0].constant }
        let basis = tableau.feasibleBasis(in: family, for: constants)
        let first = family.template
        guard let (copy, slots) = tableau.clone(c, family: family, image: basis?.image ?? first,
                                                constants: basis?.constants ?? first.rowConstants,
                                                recordConstants: constants, templateExternals: template.externals,
                                                newExternals: scratch.externals, templateRecords: template.records) else {
            for s in scratch.created { forgetSymbol(s, free: true) }
            return false
        }
        do {
            if basis == nil {
                // No known basis is feasible: dual simplex from the
                // template's finds one, on the image if it can (the copy
                // stays shared), else on the copy written out. Either way
                // the family keeps it.
                var changes: [(record: Int, delta: Double)] = []
                first.changes(to: constants, into: &changes)
                if tableau.discoversOnImages,
                   let found = tableau.discoverBasis(from: first, constants: first.rowConstants, changes: changes,
                                                     recordConstants: constants,
                                                     symbols: tableau.components[copy].symbols) {
                    tableau.adopt(copy, image: found.image, constants: found.constants,
                                  previous: first, previousConstants: first.rowConstants)
                    family.add(found.image)
                } else {
                    tableau.materialize(copy)
                    try tableau.shiftConstants(changes.map { (slots[$0.record], $0.delta) })
                    tableau.learnBasis(of: copy, records: slots, constants: constants, into: family)
                }
            }
        } catch {
            let (_, released) = tableau.dismantle(copy) { _ in false }
            tableau.counters.constraintsRemoved -= slots.count   // never counted as added
            for s in released { forgetSymbol(s, free: false) }
            for s in scratch.created where variables[s].variable != nil { forgetSymbol(s, free: true) }
            return false
        }
        batch.terms.withUnsafeBufferPointer { terms in
            for (k, i) in block.members.enumerated() {
                let e = batch.equations[i]
                recordOf[key(e.id)] = slots[k]
                keep(e, UnsafeBufferPointer(rebasing: terms[e.termRange]), slot: slots[k])
            }
        }
        tableau.counters.constraintsAdded += slots.count
        tableau.counters.componentsCloned += 1
        return true
    }
}

/// How `Solver.add(batch:)` splits a batch: the constraints that touch what
/// the solver holds already (or cannot be added as they are: already held,
/// non-finite, a required two-sided preference), and the blocks, each with
/// its variables in order of first mention and a hash of its shape.
struct BatchPlan {
    /// A block: its constraints and variables are runs of `memberList` and
    /// `variableList` (flat, so a batch of 600 blocks grows two arrays, not
    /// 1,200).
    struct Block {
        var memberStart = 0, memberCount = 0
        var variableStart = 0, variableCount = 0
        /// Its shape's length in words (see `init`).
        var shapeCount = 0
        var shape: UInt64 = 0
        /// False for a block no other block of the batch can match (none as
        /// long, or shorter than the smallest copied block): it is neither
        /// described nor kept as a template.
        var copyable = true
    }
    private(set) var outside: [Int] = []
    private(set) var blocks: [Block] = []
    /// Whether two blocks have the same shape hash: if none do, nothing in
    /// the batch can be copied.
    private(set) var hasTwins = false
    private var memberList: [Int] = []
    private var variableList: [Variable] = []
    /// Variable id → first constraint mentioning it while grouping, then
    /// `batchCount +` its index in its block's variables.
    private var seen: VariableTable
    private let batchCount: Int

    /// Block `b`'s constraints (batch indices, in batch order).
    func members(_ b: Int) -> ArraySlice<Int> {
        memberList[blocks[b].memberStart..<(blocks[b].memberStart + blocks[b].memberCount)]
    }
    /// Block `b`'s variables, in order of first mention.
    func variables(_ b: Int) -> ArraySlice<Variable> {
        variableList[blocks[b].variableStart..<(blocks[b].variableStart + blocks[b].variableCount)]
    }

    /// Plans `batch` in phases: which constraints stay outside, which
    /// constraints share variables, whether any two pieces could be twins,
    /// the blocks and their members, then the shapes of the blocks that
    /// could have a twin. It stops early, with no blocks, where nothing can
    /// be copied.
    init(_ batch: borrowing EquationBatch, solver: Solver) {
        let n = batch.count
        batchCount = n
        let (lowest, highest) = Self.idRange(batch.terms)
        seen = VariableTable(lowest: lowest, highest: highest, count: n)
        var touchesOld = Self.unbatchable(batch.equations)
        var sets = joinSharingVariables(batch)
        sets.flatten()
        let smallest = solver.smallestCopiedBlock
        // Leaving out what touches the solver's variables only removes
        // pieces, so it cannot make twins: the check comes first.
        guard Self.hasLongTwins(sets.parent, smallest: smallest) else { return }
        // A solver that holds no variable yet (a window's first layout)
        // needs no lookup per term.
        if solver.symbolOf.count > 0 { Self.markTouching(solver, batch, &touchesOld) }
        numberBlocks(roots: sets.parent, touchesOld: touchesOld)
        describeShapes(batch, smallest: smallest)
        // Twins by shape, not only by length: without any, the batch goes in
        // its own order, exactly as one by one.
        var shapes = blocks.filter(\.copyable).map(\.shape)
        shapes.sort()
        hasTwins = shapes.indices.dropFirst().contains { shapes[$0] == shapes[$0 - 1] }
        guard hasTwins else { return }
        // A block no other block shares a shape with is never copied, so it
        // is no template either: making one optimises it early and writes
        // its links out (`Tableau+Links.swift`) for nothing.
        var twinned = Set<UInt64>()
        for k in shapes.indices.dropFirst() where shapes[k] == shapes[k - 1] { twinned.insert(shapes[k]) }
        for b in blocks.indices where blocks[b].copyable && !twinned.contains(blocks[b].shape) {
            blocks[b].copyable = false
        }
    }

    // The phases' loops run over buffer pointers: through the arrays, every
    // read was bounds-checked and every write checked uniqueness, most of
    // the plan's time on a batch of small equations.

    /// The lowest and highest variable id the batch mentions.
    private static func idRange(_ terms: [Term]) -> (lowest: Int, highest: Int) {
        var lowest = Int.max, highest = Int.min
        terms.withUnsafeBufferPointer { ts in
            for t in ts {
                let v = Int(truncatingIfNeeded: t.variable.id)
                lowest = min(lowest, v)
                highest = max(highest, v)
            }
        }
        return (lowest, highest)
    }

    /// Per constraint, whether it cannot be copied as it is: a non-finite
    /// constant, no terms, or a required two-sided preference. (A
    /// constraint the solver holds already names variables it holds, so
    /// `markTouching` finds it too; a copy's coefficients equal those its
    /// template was added with, so only the constant is checked.)
    private static func unbatchable(_ equations: [EquationBatch.Equation]) -> [Bool] {
        var old = [Bool](repeating: false, count: equations.count)
        equations.withUnsafeBufferPointer { es in
            old.withUnsafeMutableBufferPointer { old in
                for i in es.indices {
                    let e = es[i]
                    if !e.constant.isFinite || e.termCount == 0
                        || (e.abovePriority != nil && (e.abovePriority!.isRequired || e.priority.isRequired)) {
                        old[i] = true
                    }
                }
            }
        }
        return old
    }

    /// Union–find over the batch: constraints that share a variable join.
    /// `seen` holds each variable's first constraint afterwards.
    private mutating func joinSharingVariables(_ batch: borrowing EquationBatch) -> DisjointSets {
        var sets = DisjointSets(count: batch.count)
        batch.equations.withUnsafeBufferPointer { es in
            batch.terms.withUnsafeBufferPointer { ts in
                sets.withUnions { unions in
                    seen.update { seen in
                        for i in es.indices {
                            let e = es[i]
                            for k in e.termStart..<(e.termStart + e.termCount) {
                                let v = Int(truncatingIfNeeded: ts[k].variable.id)
                                if let j = seen[v] {
                                    unions.union(i, j)
                                } else {
                                    seen[v] = i
                                }
                            }
                        }
                    }
                }
            }
        }
        return sets
    }

    /// Whether two connected pieces are as long as each other (from the
    /// smallest copied size on): without, nothing can be copied.
    private static func hasLongTwins(_ roots: [Int32], smallest: Int) -> Bool {
        let n = roots.count
        return roots.withUnsafeBufferPointer { root -> Bool in
            var pieceLength = [Int32](repeating: 0, count: n)
            var piecesOfLength = [Int32](repeating: 0, count: n + 1)
            return pieceLength.withUnsafeMutableBufferPointer { length in
                piecesOfLength.withUnsafeMutableBufferPointer { ofLength in
                    for i in 0..<n { length[Int(root[i])] += 1 }
                    for i in 0..<n where Int(length[i]) >= smallest {
                        ofLength[Int(length[i])] += 1
                        if ofLength[Int(length[i])] > 1 { return true }
                    }
                    return false
                }
            }
        }
    }

    /// Marks the constraints that name a variable the solver holds.
    private static func markTouching(_ solver: Solver, _ batch: borrowing EquationBatch, _ touchesOld: inout [Bool]) {
        batch.equations.withUnsafeBufferPointer { es in
            batch.terms.withUnsafeBufferPointer { ts in
                touchesOld.withUnsafeMutableBufferPointer { old in
                    for i in es.indices where !old[i] {
                        let e = es[i]
                        for k in e.termStart..<(e.termStart + e.termCount)
                        where solver.symbolOf[Int(truncatingIfNeeded: ts[k].variable.id)] != nil {
                            old[i] = true
                            break
                        }
                    }
                }
            }
        }
    }

    /// Fills `outside`, `blocks` and `memberList`: a piece that touches the
    /// solver goes outside whole; the others become blocks, numbered in
    /// order of their first constraint, their members placed by counting.
    private mutating func numberBlocks(roots: [Int32], touchesOld: [Bool]) {
        let n = roots.count
        // Indexed by root: -2 for a root whose piece touches the solver, -1
        // for one not yet numbered.
        var blockOf = [Int32](repeating: -1, count: n)
        var memberCounts: [Int32] = []
        roots.withUnsafeBufferPointer { root in
            blockOf.withUnsafeMutableBufferPointer { blockOf in
                touchesOld.withUnsafeBufferPointer { old in
                    for i in 0..<n where old[i] { blockOf[Int(root[i])] = -2 }
                }
                for i in 0..<n {
                    let r = Int(root[i])
                    var b = blockOf[r]
                    if b == -2 { outside.append(i); continue }
                    if b < 0 {
                        b = Int32(truncatingIfNeeded: memberCounts.count)
                        blockOf[r] = b
                        memberCounts.append(0)
                    }
                    memberCounts[Int(b)] += 1
                }
            }
        }
        blocks = [Block](repeating: Block(), count: memberCounts.count)
        var start = 0
        for b in blocks.indices {
            blocks[b].memberStart = start
            start += Int(memberCounts[b])
        }
        memberList = [Int](repeating: 0, count: start)
        roots.withUnsafeBufferPointer { root in
            blockOf.withUnsafeBufferPointer { blockOf in
                blocks.withUnsafeMutableBufferPointer { blocks in
                    memberList.withUnsafeMutableBufferPointer { members in
                        for i in 0..<n {
                            let b = Int(blockOf[Int(root[i])])
                            guard b >= 0 else { continue }
                            members[blocks[b].memberStart + blocks[b].memberCount] = i
                            blocks[b].memberCount += 1
                        }
                    }
                }
            }
        }
    }

    /// Describes each block with a possible twin (another block as long, of
    /// the smallest copied size or more); the others are marked not
    /// copyable, so a batch with no repeats (a chain, a one-off window)
    /// pays for the grouping alone.
    ///
    /// A block's shape is, per constraint, the relation, the priorities and
    /// the term count, then per term its variable's index in the block
    /// (first mention first) and its coefficient's bits. Only its hash is
    /// made here, over the first words, with each variable's index kept in
    /// `seen`; `sameShape` compares two blocks word by word from the batch
    /// itself. (Written out, the words would be tens of bytes a constraint,
    /// written here and read back cold by the copies.)
    private mutating func describeShapes(_ batch: borrowing EquationBatch, smallest: Int) {
        let placed = memberList.count
        var sameLength = [Int32](repeating: 0, count: placed + 1)   // blocks by length
        for b in blocks.indices where blocks[b].memberCount >= smallest {
            sameLength[blocks[b].memberCount] += 1
        }
        variableList.reserveCapacity(placed * 2)
        let offset = batchCount
        batch.equations.withUnsafeBufferPointer { es in
            batch.terms.withUnsafeBufferPointer { ts in
                memberList.withUnsafeBufferPointer { members in
                    seen.update { seen in
                        for b in blocks.indices {
                            blocks[b].variableStart = variableList.count
                            guard sameLength[blocks[b].memberCount] > 1 else {
                                blocks[b].copyable = false
                                continue
                            }
                            let variableStart = blocks[b].variableStart
                            // The counts and the first words sort blocks into
                            // candidates well enough (`sameShape` decides):
                            // mixing every word, one multiply waiting for the
                            // last, would dominate the plan's time.
                            var h: UInt64 = 0, mixed = 0, words = 0
                            @inline(__always) func word(_ w: UInt64) {
                                if mixed < 48 { h = Self.mix(h, w); mixed += 1 }
                                words += 1
                            }
                            for m in blocks[b].memberStart..<(blocks[b].memberStart + blocks[b].memberCount) {
                                let e = es[members[m]]
                                word(Self.code(e.relation))
                                word(Self.priorities(e))
                                word(UInt64(e.termCount))
                                for k in e.termStart..<(e.termStart + e.termCount) {
                                    let id = Int(truncatingIfNeeded: ts[k].variable.id)
                                    var l = seen[id]! - offset
                                    if l < 0 {
                                        l = variableList.count - variableStart
                                        seen[id] = offset + l
                                        variableList.append(ts[k].variable)
                                    }
                                    word(UInt64(l))
                                    word(ts[k].coefficient.bitPattern)
                                }
                            }
                            blocks[b].variableCount = variableList.count - blocks[b].variableStart
                            blocks[b].shapeCount = words
                            blocks[b].shape = Self.mix(Self.mix(UInt64(blocks[b].memberCount),
                                                                UInt64(blocks[b].variableCount) << 32 | UInt64(words)), h)
                        }
                    }
                }
            }
        }
    }

    /// A fixed (unseeded) mix: shapes only sort blocks into candidates, and
    /// `sameShape` decides, so a collision costs a comparison, nothing more.
    @inline(__always) private static func mix(_ h: UInt64, _ x: UInt64) -> UInt64 {
        let m = (h ^ x) &* 0x9E37_79B9_7F4A_7C15
        return m ^ (m >> 29)
    }

    private static func code(_ r: Relation) -> UInt64 {
        switch r {
        case .equal: return 1
        case .lessThanOrEqual: return 2
        case .greaterThanOrEqual: return 3
        }
    }

    /// Whether two blocks of `batch` have the same shape exactly (the hash
    /// only sorts them): walked word by word, as the hash was made.
    func sameShape(_ a: Int, _ b: Int, in batch: borrowing EquationBatch) -> Bool {
        let x = blocks[a], y = blocks[b]
        guard x.shapeCount == y.shapeCount, x.memberCount == y.memberCount, x.variableCount == y.variableCount
        else { return false }
        return batch.equations.withUnsafeBufferPointer { es in
            batch.terms.withUnsafeBufferPointer { ts in
                memberList.withUnsafeBufferPointer { members in
                    seen.read { seen in
                        for m in 0..<x.memberCount {
                            let e = es[members[x.memberStart + m]], f = es[members[y.memberStart + m]]
                            guard e.termCount == f.termCount, Self.code(e.relation) == Self.code(f.relation),
                                  Self.priorities(e) == Self.priorities(f) else { return false }
                            for k in 0..<e.termCount {
                                let s = ts[e.termStart + k], t = ts[f.termStart + k]
                                // Indices in their blocks, both offset by the batch's count.
                                guard s.coefficient.bitPattern == t.coefficient.bitPattern,
                                      seen[Int(truncatingIfNeeded: s.variable.id)]
                                        == seen[Int(truncatingIfNeeded: t.variable.id)] else { return false }
                            }
                        }
                        return true
                    }
                }
            }
        }
    }

    /// An equation's priorities as one word: the priority's bits, then the
    /// upper priority's of a two-sided preference (0 for none).
    @inline(__always) private static func priorities(_ e: EquationBatch.Equation) -> UInt64 {
        UInt64(e.priority.rawValue.bitPattern) << 32 | UInt64(e.abovePriority?.rawValue.bitPattern ?? 0)
    }
}

/// Variable id → a non-negative value, for one batch: a flat table over the
/// batch's range of ids when they lie close together (a subtree's new views
/// made their variables one after another), else a paged map, since the
/// plan's lookups are most of its cost on a batch with nothing to copy.
struct VariableTable {
    private var base = 0
    private var flat: [Int32] = []
    private var paged = PagedIDMap()
    private let isFlat: Bool

    init(lowest: Int, highest: Int, count: Int) {
        isFlat = lowest <= highest && highest - lowest < 8 * count + 1024
        if isFlat {
            base = lowest
            flat = [Int32](repeating: -1, count: highest - lowest + 1)
        } else {
            paged.reserveCapacity(forAdding: count)
        }
    }

    /// Runs `body` with the table open for reads, as `update` for writes.
    func read<R>(_ body: (Access) -> R) -> R {
        if isFlat {
            return flat.withUnsafeBufferPointer { table in
                body(Access(base: base, table: UnsafeMutableBufferPointer(mutating: table), paged: nil))
            }
        }
        return body(Access(base: 0, table: UnsafeMutableBufferPointer(start: nil, count: 0), paged: paged))
    }

    /// Runs `body` with the table open for reads and writes: the flat table
    /// through its buffer, without a bounds or uniqueness check per access.
    mutating func update<R>(_ body: (inout Access) -> R) -> R {
        if isFlat {
            let base = base
            return flat.withUnsafeMutableBufferPointer { table in
                var access = Access(base: base, table: table, paged: nil)
                return body(&access)
            }
        }
        var access = Access(base: 0, table: UnsafeMutableBufferPointer(start: nil, count: 0), paged: paged)
        defer { paged = access.paged! }
        paged = PagedIDMap()   // moved out, so writes through `access` copy nothing
        return body(&access)
    }

    struct Access {
        let base: Int
        let table: UnsafeMutableBufferPointer<Int32>
        var paged: PagedIDMap?

        subscript(id: Int) -> Int? {
            @inline(__always) get {
                if paged == nil {
                    let v = table[id - base]
                    return v < 0 ? nil : Int(v)
                }
                return paged![id]
            }
            @inline(__always) set {
                if paged == nil {
                    table[id - base] = Int32(truncatingIfNeeded: newValue ?? -1)
                } else {
                    paged![id] = newValue
                }
            }
        }
    }
}
