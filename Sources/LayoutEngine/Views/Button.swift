/// A button with a text title, as `UIButton`: its intrinsic size is the
/// title with content insets, at least 44 points high. Tapping is not modelled.
open class Button: Label {
    /// Space around the title (6 and 12 points by default).
    public var contentEdgeInsets = EdgeInsets(top: 6, left: 12, bottom: 6, right: 12) {
        didSet { textPadding = contentEdgeInsets; invalidateIntrinsicContentSize() }
    }

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        textPadding = contentEdgeInsets
        minimumHeight = 44
    }

    /// A button titled `title`, ready for constraints.
    public convenience init(title: String, font: Font = .system(size: 17)) {
        self.init(frame: .zero)
        self.text = title
        self.font = font
        translatesAutoresizingMaskIntoConstraints = false
    }

    /// The title (the label's text).
    public var title: String {
        get { text }
        set { text = newValue }
    }
}
