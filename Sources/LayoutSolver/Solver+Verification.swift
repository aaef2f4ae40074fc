/// The check after a solve, for systems whose rows span many orders of
/// magnitude: every required constraint is evaluated from its equation as
/// added, and a component where one has drifted gets its values computed
/// afresh from the original equations (`refactor`), counted in `anomalies`.
///
/// Layout rows (coefficients within 2⁻⁷…2⁷, constants of any size) never
/// arm the check, so the common paths pay nothing for it.
extension Solver {
    /// Whether equation terms reach outside 2⁻⁷…2⁷, where rounding in a
    /// substituted row can outgrow a tolerance written for unit rows.
    static func isWideScale(_ terms: UnsafeBufferPointer<Term>) -> Bool {
        for t in terms where t.coefficient != 0 && (t.coefficient.exponent > 7 || t.coefficient.exponent < -7) {
            return true
        }
        return false
    }

    /// How far the equation in `slot` is from holding at the current values,
    /// and the size of its largest term (the scale its rounding follows).
    private func drift(_ slot: Int) -> (off: Double, magnitude: Double) {
        let r = recordInfo[slot]
        var sum = r.constant, magnitude = abs(r.constant)
        for t in keptTerms[r.termRange] {
            let s = symbolOf[key(t.variable.id)]
            let x = s.map { tableau.value(of: $0) } ?? 0
            sum += t.coefficient * x
            magnitude = Swift.max(magnitude, abs(t.coefficient * x))
        }
        let off: Double = switch r.relation {
            case .equal: abs(sum)
            case .lessThanOrEqual: Swift.max(0, sum)
            case .greaterThanOrEqual: Swift.max(0, -sum)
        }
        return (off, magnitude)
    }

    /// After a solve: each required constraint must hold to rounding of its
    /// own terms; a component where one does not is refactored.
    func verifyRequired() {
        guard needsVerification else { return }
        needsVerification = false
        var repaired = IntIndex<Int>()
        for slot in recordInfo.indices where recordInfo[slot].isLive && recordInfo[slot].priority.isRequired {
            let (off, magnitude) = drift(slot)
            guard off > 1e-10 * magnitude + 1e-300 else { continue }
            let c = tableau.symbolInfo[tableau.records[slot].marker].componentOf
            guard c >= 0, repaired[c] == nil else { continue }
            repaired[c] = 1
            tableau.anomalies += 1
            refactor(c)
        }
    }

    /// Recomputes component `c`'s basic values from the original equations:
    /// with every parameter at zero, the basic symbols solve the square
    /// system of its constraints (terms as added, markers and errors by
    /// their coefficients in the original units), by Gaussian elimination
    /// with rows equilibrated and partial pivoting. Rounding then follows
    /// the equations, not the history of pivots that led to the basis.
    private func refactor(_ c: Int) {
        tableau.materialize(c)
        var slots: [Int] = [], basics: [Int] = []
        var column = IntIndex<Int>()
        for s in tableau.components[c].symbols {
            if tableau.symbolInfo[s].rowOf >= 0 {
                column[s] = basics.count
                basics.append(s)
            }
            let owner = tableau.symbolInfo[s].ownerOf
            if owner >= 0 && tableau.records[owner].marker == s && recordInfo[owner].isLive { slots.append(owner) }
        }
        let n = basics.count
        guard n == slots.count, n > 0, n <= 512 else { return }
        // Row-major n × (n + 1): the equations over the basic symbols, then −constant.
        var m = [Double](repeating: 0, count: n * (n + 1))
        for (i, slot) in slots.enumerated() {
            let r = recordInfo[slot], record = tableau.records[slot]
            for t in keptTerms[r.termRange] {
                if let s = symbolOf[key(t.variable.id)], let j = column[s] { m[i * (n + 1) + j] += t.coefficient }
            }
            if let j = column[record.marker] { m[i * (n + 1) + j] += record.markerCoefficient }
            if record.other >= 0, let j = column[record.other] { m[i * (n + 1) + j] += record.otherCoefficient }
            m[i * (n + 1) + n] = -r.constant
            var largest = 0.0
            for j in 0..<n { largest = Swift.max(largest, abs(m[i * (n + 1) + j])) }
            guard largest > 0 else { return }
            for j in 0...n { m[i * (n + 1) + j] /= largest }
        }
        guard let x = Solver.solveSquare(&m, n) else { return }
        for (j, b) in basics.enumerated() {
            let row = tableau.symbolInfo[b].rowOf
            tableau.rows[row].constant = x[j]
            if tableau.symbolInfo[b].kind == .external { tableau.markChanged(b) }
            if tableau.violates(b, x[j]) { tableau.infeasible.append(b) }
        }
        do throws(Conflict) {
            try tableau.dualOptimize()
        } catch {
            tableau.infeasible.removeAll()
        }
    }

    /// Solves the n × n system in `m` (row-major, right-hand side last) by
    /// elimination with partial pivoting; nil if it is singular.
    static func solveSquare(_ m: inout [Double], _ n: Int) -> [Double]? {
        let w = n + 1
        for k in 0..<n {
            var p = k
            for i in (k + 1)..<Swift.max(k + 1, n) where abs(m[i * w + k]) > abs(m[p * w + k]) { p = i }
            guard m[p * w + k] != 0 else { return nil }
            if p != k { for j in 0..<w { m.swapAt(k * w + j, p * w + j) } }
            for i in (k + 1)..<Swift.max(k + 1, n) where m[i * w + k] != 0 {
                let f = m[i * w + k] / m[k * w + k]
                for j in k..<w { m[i * w + j] -= f * m[k * w + j] }
            }
        }
        var x = [Double](repeating: 0, count: n)
        for k in stride(from: n - 1, through: 0, by: -1) {
            var sum = m[k * w + n]
            for j in (k + 1)..<Swift.max(k + 1, n) { sum -= m[k * w + j] * x[j] }
            x[k] = sum / m[k * w + k]
        }
        return x
    }
}
