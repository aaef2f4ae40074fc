/// An image: only its name and size matter to layout.
public struct Image: Hashable, Sendable {
    public var name: String
    public var size: Size

    public init(name: String, size: Size) {
        self.name = name
        self.size = size
    }
}

/// Shows an image and sizes to it, as `UIImageView`: its intrinsic size is
/// the image's (no intrinsic metric without one).
open class ImageView: View {
    public var image: Image? {
        didSet {
            if image?.size != oldValue?.size { invalidateIntrinsicContentSize() }
            if image != oldValue { setNeedsDisplay() }
        }
    }

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
    }

    /// An image view for `image`, ready for constraints.
    public convenience init(image: Image?) {
        self.init(frame: .zero)
        self.image = image
        translatesAutoresizingMaskIntoConstraints = false
    }

    open override var intrinsicContentSize: Size {
        image?.size ?? Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
    }

    open override func sizeThatFits(_ size: Size) -> Size { image?.size ?? .zero }
}
