import LayoutEngine

/// An app-shaped hierarchy for scenario 11: a tab bar container holding a
/// navigation container holding a content view with a scrolling list of
/// rows and a control near the bottom.
///
/// The bars are placed by hand, as UIKit's containers do, and pass their
/// heights on through `additionalSafeAreaInsets`, so the content's safe area
/// is the device's plus the bars'. The rows are constrained to the scroll
/// view's layout margins (so they dodge the notch in landscape); the bottom
/// control uses the talk's pair `bottom = superview.bottom - 20 @750` and
/// `bottom <= safeArea.bottom` (38:20).
///
/// ```swift
/// let window = Window(frame: .zero)
/// let shell = AppShell(rowCount: 30)
/// shell.install(in: window)
/// window.apply(.notchedPhone, orientation: .landscapeLeft)
/// window.runFrame()
/// ```
public final class AppShell: View {
    public let tabBar = View()
    public let navigationContainer: NavigationContainer
    public var navigationBar: View { navigationContainer.navigationBar }
    public var contentView: View { navigationContainer.contentView }
    public let scrollView = RowScrollView()
    public private(set) var rows: [Label] = []
    public let bottomButton = Button(title: "Post")
    /// Tab bar height above the home indicator.
    public static let tabBarHeight = 49.0

    /// A shell whose list has `rowCount` single-line rows (seeded text).
    public init(rowCount: Int, seed: UInt64 = 0) {
        navigationContainer = NavigationContainer()
        super.init(frame: .zero)
        name = "tabBarContainer"
        tabBar.name = "tabBar"
        autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(navigationContainer)
        addSubview(tabBar)
        let content = navigationContainer.contentView
        scrollView.name = "scrollView"
        scrollView.translatesAutoresizingMaskIntoConstraints = false
        content.addSubview(scrollView)
        content.addSubview(bottomButton)
        bottomButton.name = "bottomButton"
        var cs = [
            scrollView.leadingAnchor.constraint(equalTo: content.leadingAnchor),
            scrollView.trailingAnchor.constraint(equalTo: content.trailingAnchor),
            scrollView.topAnchor.constraint(equalTo: content.topAnchor),
            scrollView.bottomAnchor.constraint(equalTo: content.bottomAnchor),
            bottomButton.centerXAnchor.constraint(equalTo: content.centerXAnchor),
            bottomButton.widthAnchor.constraint(equalToConstant: 200),
            bottomButton.bottomAnchor.constraint(equalTo: content.bottomAnchor, constant: -20).withPriority(.defaultHigh),
            bottomButton.bottomAnchor.constraint(lessThanOrEqualTo: content.safeAreaLayoutGuide.bottomAnchor),
        ]
        var r = SeededText(seed: seed)
        var above: LayoutAnchor<YAxis> = scrollView.topAnchor
        let margins = scrollView.layoutMarginsGuide
        for i in 0..<rowCount {
            let row = Label(text: r.sentence(words: r.int(in: 2...7)))
            row.name = "row\(i)"
            row.translatesAutoresizingMaskIntoConstraints = false
            scrollView.addSubview(row)
            rows.append(row)
            cs += [row.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
                   row.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
                   row.topAnchor.constraint(equalTo: above, constant: 12)]
            above = row.bottomAnchor
        }
        LayoutConstraint.activate(cs)
    }

    /// Adds the shell to `window`, filling it and following its size.
    public func install(in window: Window) {
        frame = window.bounds
        window.addSubview(self)
    }

    /// The tab bar at the bottom, over the home indicator; the navigation
    /// container fills the screen with the tab bar added to its safe area.
    public override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds
        let bottomInset = safeAreaInsets.bottom
        let h = Self.tabBarHeight + bottomInset
        tabBar.frame = Rect(x: 0, y: b.height - h, width: b.width, height: h)
        navigationContainer.frame = b
        navigationContainer.additionalSafeAreaInsets = EdgeInsets(top: 0, left: 0, bottom: Self.tabBarHeight, right: 0)
    }
}

/// A navigation controller's view: a bar below the status bar (44 points,
/// 32 on a phone in landscape) and a full-screen content view whose safe
/// area includes the bar.
public final class NavigationContainer: View {
    public let navigationBar = View()
    public let contentView = View()

    init() {
        super.init(frame: .zero)
        name = "navigationContainer"
        navigationBar.name = "navigationBar"
        contentView.name = "contentView"
        addSubview(contentView)
        addSubview(navigationBar)
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds
        let compact = b.width > b.height && b.height < 500
        let barHeight = compact ? 32.0 : 44.0
        let top = safeAreaInsets.top
        navigationBar.frame = Rect(x: 0, y: 0, width: b.width, height: top + barHeight)
        contentView.frame = b
        contentView.additionalSafeAreaInsets = EdgeInsets(top: barHeight, left: 0, bottom: 0, right: 0)
    }
}

/// A scroll view whose content size follows its subviews' frames.
public final class RowScrollView: ScrollView {
    public override func layoutSubviews() {
        super.layoutSubviews()
        let bottom = subviews.reduce(0) { max($0, $1.frame.maxY) }
        contentSize = Size(width: bounds.width, height: bottom + 12)
    }
}
