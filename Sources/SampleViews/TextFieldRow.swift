import LayoutEngine

/// The talk's text-field row (WWDC 2018 session 220, 17:31): a label and a
/// text field side by side, baselines aligned, the field taking the rest of
/// the width.
///
/// Rows placed in a `TextFieldForm` share no variables, so each is an
/// independent block of equations; `TextFieldForm.linkFields` aligns two
/// rows' fields and joins their blocks.
public final class TextFieldRow: View {
    public let label: Label
    public let field: TextField
    /// The constraints the row activated.
    public private(set) var rowConstraints: [LayoutConstraint] = []

    /// A row titled `title` whose field shows `placeholder`.
    public init(title: String, placeholder: String) {
        label = Label(text: title)
        field = TextField(placeholder: placeholder)
        super.init(frame: .zero)
        name = "textFieldRow"
        label.name = "label"
        field.name = "field"
        translatesAutoresizingMaskIntoConstraints = false
        addSubview(label)
        addSubview(field)
        label.setContentHuggingPriority(251, for: .horizontal)
        label.setContentCompressionResistancePriority(751, for: .horizontal)
        rowConstraints = [
            label.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 16),
            field.leadingAnchor.constraint(equalTo: label.trailingAnchor, constant: 8),
            trailingAnchor.constraint(equalTo: field.trailingAnchor, constant: 16),
            field.widthAnchor.constraint(greaterThanOrEqualToConstant: 100),
            field.topAnchor.constraint(equalTo: topAnchor, constant: 8),
            bottomAnchor.constraint(equalTo: field.bottomAnchor, constant: 8),
            label.firstBaselineAnchor.constraint(equalTo: field.firstBaselineAnchor),
        ]
        LayoutConstraint.activate(rowConstraints)
    }
}

/// Text-field rows stacked as independent blocks (scenario 3): N rows cost
/// N times one row; linking two rows' fields merges their blocks and costs
/// more, but only while the link is active.
public final class TextFieldForm: CellStack {
    public private(set) var rows: [TextFieldRow] = []

    /// A form of `count` rows with titles of varying length (seeded).
    public init(rowCount count: Int, width: Double = 375, seed: UInt64 = 0) {
        super.init(flavor: .constraints, width: width)
        name = "textFieldForm"
        var r = SeededText(seed: seed)
        for i in 0..<count {
            let row = TextFieldRow(title: r.pick(["Name", "Email", "Phone", "Street address", "City", "Postal code"]),
                                   placeholder: "Field \(i + 1)")
            rows.append(row)
            append(row)
        }
    }

    /// Aligns row `i`'s field with row `j`'s (leading edges), across the
    /// two hierarchies; returns the (active) constraint. Deactivate it to
    /// split the blocks again.
    @discardableResult
    public func linkFields(_ i: Int, _ j: Int) -> LayoutConstraint {
        let c = rows[i].field.leadingAnchor.constraint(equalTo: rows[j].field.leadingAnchor)
        c.identifier = "link \(i)-\(j)"
        c.isActive = true
        return c
    }
}
