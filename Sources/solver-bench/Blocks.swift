import LayoutSolver

/// The benchmark's unit of work: one block of four variables and five
/// constraints — a required position, a strong width, a required relation, a
/// required `>=` and one weak preference that the `>=` violates. Linked
/// blocks replace the fixed position by "my left = my neighbour's right + 10",
/// which ties the whole chain into one component.
struct Block {
    let left: Variable, width: Variable, right: Variable, height: Variable
    var position: Constraint
    var constraints: [Constraint]

    init(index: Int, after previous: Block?) {
        left = Variable("left\(index)")
        width = Variable("width\(index)")
        right = Variable("right\(index)")
        height = Variable("height\(index)")
        position = Block.position(left, index: index, after: previous)
        constraints = []
        constraints = [position] + Block.body(left: left, width: width, right: right, height: height)
    }

    static func position(_ left: Variable, index: Int, after previous: Block?) -> Constraint {
        if let previous { return left == previous.right + 10 }
        return left == Double(index) * 150
    }

    /// The four constraints after the position, made anew (churn recreates them).
    static func body(left: Variable, width: Variable, right: Variable, height: Variable) -> [Constraint] {
        [(width == 100).priority(750),
         right == left + width,
         height >= width * 0.5,
         (height == 30).priority(250)]
    }

    /// The constraint the toggle workload switches on and off.
    var toggled: Constraint { constraints[4] }

    mutating func rebuild() {
        constraints = [position] + Block.body(left: left, width: width, right: right, height: height)
    }
}

func makeBlocks(_ n: Int, linked: Bool) -> [Block] {
    var blocks: [Block] = []
    blocks.reserveCapacity(n)
    for i in 0..<n { blocks.append(Block(index: i, after: linked ? blocks.last : nil)) }
    return blocks
}
