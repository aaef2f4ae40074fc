import LayoutSolver

typealias LongRowDriver = ResizableBoxesDriver<LongRow>

/// Shape: N siblings in one row, each leading edge pinned to the previous
/// trailing edge plus spacing. A resize changes the first view's width
/// (everything after it moves).
struct LongRow: ResizableBoxes {
    static let name = "long-row"

    let boxes: [Box]
    private let spacing: Double

    init(parameters p: DriverParameters) throws(ScenarioError) {
        let views = try p.int("views"); spacing = try p.double("spacing")
        boxes = (0..<views).map { Box("item\($0)") }
    }

    func constraints() -> (all: [Constraint], resized: Constraint?) {
        var constraints: [Constraint] = []
        constraints.reserveCapacity(boxes.count * 4)
        var firstWidth: Constraint?
        for (i, v) in boxes.enumerated() {
            let width = v.w == 40 + Double(i % 5) * 4
            if i == 0 { firstWidth = width; constraints.append(v.x == 0) }
            else { constraints.append(v.x == boxes[i - 1].right + spacing) }
            constraints += [width, v.y == 0, v.h == 30]
        }
        return (constraints, firstWidth)
    }

    func resizedConstant(frame: Int) -> Double { 40 + Double(frame % 2) }
}
