import Geometry

/// Screen geometry the collection scenarios lay out in: a notched phone in
/// portrait and landscape, with its safe-area insets (235, 05:10).
enum DeviceScreens {
    static let portrait = (bounds: Size(width: 390, height: 844),
                           safeArea: EdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
    static let landscape = (bounds: Size(width: 844, height: 390),
                            safeArea: EdgeInsets(top: 0, left: 47, bottom: 21, right: 47))
}

extension LayoutDigest {
    mutating func add(_ frame: Rect) { add([frame.minX, frame.minY, frame.width, frame.height]) }
}
