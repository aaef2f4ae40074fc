import Geometry
import LayoutEngine
import SampleViews

/// Scenario 3 on the view layer: the talk's form of text-field rows (a label
/// and a field, baselines aligned), each row its own hierarchy and so its
/// own block of equations. `linked` aligns every row's field with the
/// previous row's ("align text field 1 with text field 3"), joining all
/// blocks. `build` makes the form in a fresh window per step; `edit-one`
/// changes one row's title there and back in a form built once.
final class ViewIndependentBlocksDriver: ViewShapeDriver, ScenarioDriver {
    static let name = "independent-blocks"
    private let rows: Int, linked: Bool
    private var form: TextFieldForm?
    private var titles = ("Name", "Street address")

    init(parameters p: DriverParameters, seed: UInt64) throws(ScenarioError) {
        rows = try p.int("blocks"); linked = try p.bool("linked")
        let editOne = try p.choice("operation", ["build", "edit-one"]) == "edit-one"
        super.init(rebuild: !editOne)
        build()
        window.runFrame()
        if editOne { try step() }   // one round to the engine's steady state
    }

    override func build() {
        let f = TextFieldForm(rowCount: rows, width: 375, seed: 1)
        window.addSubview(f)
        if linked { for i in 1..<max(rows, 1) { f.linkFields(i, i - 1) } }
        form = f
        views = f.rows
    }

    override func step() throws(ScenarioError) {
        guard !rebuild, let form else { return try super.step() }
        let label = form.rows[rows / 2].label
        label.text = titles.1
        window.runFrame()
        label.text = titles.0
        window.runFrame()
    }

    override func digest() -> String { form?.frameDigestHex ?? "" }
}
