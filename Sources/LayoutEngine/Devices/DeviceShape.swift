/// How a device is held.
public enum DeviceOrientation: String, Sendable, CaseIterable {
    case portrait
    case landscapeLeft
    case landscapeRight

    public var isLandscape: Bool { self != .portrait }
}

/// A screen to lay out on: its size and its safe area in each orientation,
/// as UIKit reports them on the real devices.
public struct DeviceShape: Hashable, Sendable, CustomStringConvertible {
    public let name: String
    /// The screen in portrait, in points.
    public let portraitSize: Size
    public let portraitSafeArea: EdgeInsets
    /// The safe area with the device turned so the notch is on the left;
    /// `landscapeRight` mirrors it.
    public let landscapeSafeArea: EdgeInsets

    public init(name: String, portraitSize: Size, portraitSafeArea: EdgeInsets, landscapeSafeArea: EdgeInsets) {
        self.name = name
        self.portraitSize = portraitSize
        self.portraitSafeArea = portraitSafeArea
        self.landscapeSafeArea = landscapeSafeArea
    }

    /// A notched phone (iPhone X-class, 375×812): status bar and notch on
    /// top, home indicator below; landscape puts 44 points on both sides
    /// and 21 below.
    public static let notchedPhone = DeviceShape(
        name: "notched phone", portraitSize: Size(width: 375, height: 812),
        portraitSafeArea: EdgeInsets(top: 44, left: 0, bottom: 34, right: 0),
        landscapeSafeArea: EdgeInsets(top: 0, left: 44, bottom: 21, right: 44))

    /// A rectangular phone (iPhone 8-class, 375×667): only the 20-point
    /// status bar in portrait, nothing in landscape.
    public static let rectangularPhone = DeviceShape(
        name: "rectangular phone", portraitSize: Size(width: 375, height: 667),
        portraitSafeArea: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0),
        landscapeSafeArea: .zero)

    /// A tablet with rounded corners (iPad Pro 11-class, 834×1194): status
    /// bar and home indicator in both orientations.
    public static let tablet = DeviceShape(
        name: "tablet", portraitSize: Size(width: 834, height: 1194),
        portraitSafeArea: EdgeInsets(top: 24, left: 0, bottom: 20, right: 0),
        landscapeSafeArea: EdgeInsets(top: 24, left: 0, bottom: 20, right: 0))

    /// The three shapes the scenarios test on.
    public static let all: [DeviceShape] = [.notchedPhone, .rectangularPhone, .tablet]

    public func size(_ orientation: DeviceOrientation) -> Size {
        orientation.isLandscape ? Size(width: portraitSize.height, height: portraitSize.width) : portraitSize
    }

    public func safeAreaInsets(_ orientation: DeviceOrientation) -> EdgeInsets {
        switch orientation {
        case .portrait: portraitSafeArea
        case .landscapeLeft: landscapeSafeArea
        case .landscapeRight:
            EdgeInsets(top: landscapeSafeArea.top, left: landscapeSafeArea.right,
                       bottom: landscapeSafeArea.bottom, right: landscapeSafeArea.left)
        }
    }

    public var description: String { name }
}
