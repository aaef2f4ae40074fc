/// A single-line editable text box, as `UITextField` with a rounded border:
/// its intrinsic size is its text (or placeholder) with 8 points of padding
/// on the sides and at least 34 points of height.
open class TextField: Label {
    /// Shown (and measured) while `text` is empty.
    public var placeholder = "" {
        didSet { if placeholder != oldValue && text.isEmpty { invalidateIntrinsicContentSize() } }
    }

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        textPadding = EdgeInsets(top: 7, left: 8, bottom: 7, right: 8)
        minimumHeight = 34
    }

    /// A text field showing `placeholder`, ready for constraints.
    public convenience init(placeholder: String, font: Font = .system(size: 17)) {
        self.init(frame: .zero)
        self.placeholder = placeholder
        self.font = font
        translatesAutoresizingMaskIntoConstraints = false
    }

    override var textForMeasurement: String { text.isEmpty ? placeholder : text }
}
