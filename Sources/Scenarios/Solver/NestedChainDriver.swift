import LayoutSolver

typealias NestedChainDriver = ResizableBoxesDriver<NestedChain>

/// Shape: N views each nested in the previous one with every edge inset by a
/// fixed amount. A resize changes the root's width (every descendant follows).
struct NestedChain: ResizableBoxes {
    static let name = "nested-chain"

    let boxes: [Box]
    private let inset: Double

    init(parameters p: DriverParameters) throws(ScenarioError) {
        let depth = try p.int("depth"); inset = try p.double("inset")
        boxes = (0..<depth).map { Box("level\($0)") }
    }

    private var rootSize: Double { 2 * inset * Double(boxes.count) + 100 }

    func constraints() -> (all: [Constraint], resized: Constraint?) {
        var constraints: [Constraint] = []
        constraints.reserveCapacity(boxes.count * 4)
        var rootWidth: Constraint?
        for (i, v) in boxes.enumerated() {
            if i == 0 {
                let w = v.w == rootSize
                rootWidth = w
                constraints += [v.x == 0, v.y == 0, w, v.h == rootSize]
            } else {
                let p = boxes[i - 1]
                constraints += [v.x == p.x + inset, v.y == p.y + inset,
                                v.w == p.w - 2 * inset, v.h == p.h - 2 * inset]
            }
        }
        return (constraints, rootWidth)
    }

    func resizedConstant(frame: Int) -> Double { rootSize + Double(frame % 2) }
}
