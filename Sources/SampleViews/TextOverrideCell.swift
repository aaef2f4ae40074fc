import LayoutEngine

/// Scenario 4 (session 220, 35:02): labels whose size is known without
/// measuring. A cell of `labelCount` labels stacked vertically, in one of
/// three variants; the texts are `textLength` characters long.
///
/// ```swift
/// let stack = CellStack(flavor: .constraints, width: 375)
/// stack.append(TextOverrideCell(variant: .knownSize, labelCount: 4, textLength: 80, seed: 1))
/// ```
public final class TextOverrideCell: View {
    public enum Variant: String, Sendable, CaseIterable {
        /// Plain labels: the engine asks each label's intrinsic size and the text is measured.
        case measured
        /// `intrinsicContentSize` returns a size the app already knows; nothing is measured.
        case knownSize
        /// No intrinsic metric; width and height are fully constrained instead; nothing is measured.
        case fullyConstrained
    }

    public let variant: Variant
    public private(set) var labels: [Label] = []
    /// The size every label is given in the override variants (one 17-point line).
    public static let knownLabelSize = Size(width: 300, height: 20)

    public init(variant: Variant, labelCount: Int, textLength: Int, seed: UInt64 = 0) {
        self.variant = variant
        super.init(frame: .zero)
        name = "textOverrideCell"
        translatesAutoresizingMaskIntoConstraints = false
        var r = SeededText(seed: seed)
        var cs: [LayoutConstraint] = []
        var above = topAnchor
        for i in 0..<labelCount {
            var text = ""
            while text.count < textLength { text += (text.isEmpty ? "" : " ") + r.pick(SeededText.words) }
            let label: Label = variant == .measured ? Label() : OverrideLabel(variant: variant)
            label.name = "label\(i)"
            label.text = String(text.prefix(textLength))
            label.translatesAutoresizingMaskIntoConstraints = false
            addSubview(label)
            labels.append(label)
            cs += [label.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 16),
                   label.topAnchor.constraint(equalTo: above, constant: 4)]
            if variant == .fullyConstrained {
                cs += [label.widthAnchor.constraint(equalToConstant: Self.knownLabelSize.width),
                       label.heightAnchor.constraint(equalToConstant: Self.knownLabelSize.height)]
            }
            above = label.bottomAnchor
        }
        cs.append(bottomAnchor.constraint(equalTo: above, constant: 4))
        LayoutConstraint.activate(cs)
    }
}

/// A label that tells the engine its size without measuring its text.
final class OverrideLabel: Label {
    let variant: TextOverrideCell.Variant

    init(variant: TextOverrideCell.Variant) {
        self.variant = variant
        super.init(frame: .zero)
    }

    override var intrinsicContentSize: Size {
        variant == .knownSize ? TextOverrideCell.knownLabelSize
            : Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
    }
}
