import Testing
@testable import LayoutEngine

@Suite struct SafeAreaTests {
    func window(_ shape: DeviceShape, _ orientation: DeviceOrientation) -> Window {
        let w = Window(frame: .zero)
        w.apply(shape, orientation: orientation)
        return w
    }

    @Test(arguments: [
        (DeviceShape.notchedPhone, DeviceOrientation.portrait, EdgeInsets(top: 44, left: 0, bottom: 34, right: 0)),
        (.notchedPhone, .landscapeLeft, EdgeInsets(top: 0, left: 44, bottom: 21, right: 44)),
        (.rectangularPhone, .portrait, EdgeInsets(top: 20, left: 0, bottom: 0, right: 0)),
        (.rectangularPhone, .landscapeRight, EdgeInsets.zero),
        (.tablet, .portrait, EdgeInsets(top: 24, left: 0, bottom: 20, right: 0)),
        (.tablet, .landscapeLeft, EdgeInsets(top: 24, left: 0, bottom: 20, right: 0)),
    ])
    func windowSafeAreaComesFromTheDevice(shape: DeviceShape, orientation: DeviceOrientation, expected: EdgeInsets) {
        let w = window(shape, orientation)
        #expect(w.safeAreaInsets == expected)
        #expect(w.frame.size == shape.size(orientation))
    }

    @Test func childrenGetOnlyTheOverlapNeverMoreThanTheParent() {
        let w = window(.notchedPhone, .portrait)   // 44 top, 34 bottom
        let full = View(frame: Rect(x: 0, y: 0, width: 375, height: 812))
        let middle = View(frame: Rect(x: 0, y: 100, width: 375, height: 600))
        let straddling = View(frame: Rect(x: 10, y: 20, width: 100, height: 100))
        let above = View(frame: Rect(x: 0, y: -30, width: 375, height: 100))
        for v in [full, middle, straddling, above] { w.addSubview(v) }
        #expect(full.safeAreaInsets == EdgeInsets(top: 44, left: 0, bottom: 34, right: 0))
        #expect(middle.safeAreaInsets == .zero)
        #expect(straddling.safeAreaInsets == EdgeInsets(top: 24, left: 0, bottom: 0, right: 0))
        #expect(above.safeAreaInsets.top == 44)   // never more than the parent's
        // Nested: the grandchild inherits what its parent got, clipped again.
        let inner = View(frame: Rect(x: 0, y: 10, width: 50, height: 50))
        straddling.addSubview(inner)
        #expect(inner.safeAreaInsets.top == 14)
        straddling.additionalSafeAreaInsets = EdgeInsets(top: 0, left: 5, bottom: 0, right: 0)
        #expect(straddling.safeAreaInsets == EdgeInsets(top: 24, left: 5, bottom: 0, right: 0))
        #expect(inner.safeAreaInsets == EdgeInsets(top: 14, left: 5, bottom: 0, right: 0))
    }

    @Test func safeAreaGuideFollowsRotation() {
        let w = window(.notchedPhone, .portrait)
        let content = constrained("content")
        w.addSubview(content)
        let g = w.safeAreaLayoutGuide
        LayoutConstraint.activate([
            content.leadingAnchor.constraint(equalTo: g.leadingAnchor), content.trailingAnchor.constraint(equalTo: g.trailingAnchor),
            content.topAnchor.constraint(equalTo: g.topAnchor), content.bottomAnchor.constraint(equalTo: g.bottomAnchor),
        ])
        w.runFrame()
        #expect(content.frame == Rect(x: 0, y: 44, width: 375, height: 812 - 44 - 34))
        #expect(g.layoutFrame == content.frame)
        w.apply(.notchedPhone, orientation: .landscapeLeft)
        w.runFrame()
        #expect(content.frame == Rect(x: 44, y: 0, width: 812 - 88, height: 375 - 21))
        w.apply(.rectangularPhone, orientation: .portrait)
        w.runFrame()
        #expect(content.frame == Rect(x: 0, y: 20, width: 375, height: 647))
    }

    @Test func marginsSitInsideTheSafeAreaAndCanBeDirectional() {
        let w = window(.notchedPhone, .landscapeLeft)
        let box = constrained("box")
        w.addSubview(box)
        let m = w.layoutMarginsGuide
        LayoutConstraint.activate([
            box.leadingAnchor.constraint(equalTo: m.leadingAnchor), box.trailingAnchor.constraint(equalTo: m.trailingAnchor),
            box.topAnchor.constraint(equalTo: m.topAnchor), box.heightAnchor.constraint(equalToConstant: 10),
        ])
        w.runFrame()
        #expect(box.frame == Rect(x: 52, y: 8, width: 812 - 104, height: 10))
        w.insetsLayoutMarginsFromSafeArea = false
        w.runFrame()
        #expect(box.frame.minX == 8)
        w.insetsLayoutMarginsFromSafeArea = true
        w.directionalLayoutMargins = DirectionalEdgeInsets(top: 8, leading: 30, bottom: 8, trailing: 10)
        w.runFrame()
        #expect(box.frame.minX == 74 && box.frame.maxX == 812 - 54)
        w.semanticLayoutDirection = .rightToLeft
        w.systemInsetsChanged()
        w.runFrame()
        #expect(box.frame.minX == 54 && box.frame.maxX == 812 - 74)
    }

    @Test func preservesSuperviewLayoutMargins() {
        let w = window(.rectangularPhone, .landscapeLeft)
        w.layoutMargins = EdgeInsets(top: 20, left: 20, bottom: 20, right: 20)
        let child = View(frame: Rect(x: 5, y: 100, width: 300, height: 50))
        w.addSubview(child)
        #expect(child.effectiveLayoutMargins.left == 8)
        child.preservesSuperviewLayoutMargins = true
        #expect(child.effectiveLayoutMargins.left == 15)
        #expect(child.effectiveLayoutMargins.top == 8)
    }

    @Test func readableGuideNarrowsWithTheTextSize() {
        let w = window(.tablet, .landscapeLeft)   // 1194 wide
        let text = constrained("text")
        w.addSubview(text)
        let r = w.readableContentGuide
        LayoutConstraint.activate([
            text.leadingAnchor.constraint(equalTo: r.leadingAnchor), text.trailingAnchor.constraint(equalTo: r.trailingAnchor),
            text.topAnchor.constraint(equalTo: r.topAnchor), text.heightAnchor.constraint(equalToConstant: 10),
        ])
        w.runFrame()
        #expect(abs(text.frame.width - 672) < 1e-9)
        #expect(abs(text.frame.midX - 597) < 1e-9)
        w.bodyTextSize = 14
        w.runFrame()
        #expect(abs(text.frame.width - 672.0 / 17 * 14) < 1e-9)
        w.apply(.notchedPhone, orientation: .portrait)   // narrower than readable: the margins win
        w.runFrame()
        #expect(text.frame == Rect(x: 8, y: 52, width: 375 - 16, height: 10))
    }

    @Test(arguments: ScrollView.ContentInsetAdjustmentBehavior.allCases)
    func scrollViewInsetAdjustment(behavior: ScrollView.ContentInsetAdjustmentBehavior) {
        let w = window(.notchedPhone, .landscapeLeft)   // 0 top, 44 sides, 21 bottom
        let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 812, height: 375))
        scroll.contentInsetAdjustmentBehavior = behavior
        scroll.contentInset = EdgeInsets(top: 10, left: 0, bottom: 0, right: 0)
        scroll.contentSize = Size(width: 812, height: 2000)   // scrolls vertically only
        w.addSubview(scroll)
        let expected: EdgeInsets = switch behavior {
        case .automatic, .scrollableAxes: EdgeInsets(top: 10, left: 0, bottom: 21, right: 0)
        case .never: EdgeInsets(top: 10, left: 0, bottom: 0, right: 0)
        case .always: EdgeInsets(top: 10, left: 44, bottom: 21, right: 44)
        }
        #expect(scroll.adjustedContentInset == expected)
        // What was absorbed is not passed on to the content.
        let row = View(frame: Rect(x: 0, y: 300, width: 812, height: 100))
        scroll.addSubview(row)
        let absorbedBottom = behavior != .never
        let absorbedSides = behavior == .always
        #expect(row.safeAreaInsets.bottom == (absorbedBottom ? 0 : 21))
        #expect(row.safeAreaInsets.left == (absorbedSides ? 0 : 44))
        scroll.scrollToTop()
        #expect(scroll.contentOffset == Point(x: -expected.left, y: -expected.top))
        #expect(scroll.maximumContentOffset.y == 2000 + expected.bottom - 375)
    }

    @Test func scrollableAxesFollowsTheContent() {
        let w = window(.notchedPhone, .portrait)
        let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 375, height: 812))
        scroll.contentInsetAdjustmentBehavior = .scrollableAxes
        w.addSubview(scroll)
        scroll.contentSize = Size(width: 375, height: 100)
        #expect(scroll.adjustedContentInset == .zero)
        scroll.contentSize = Size(width: 375, height: 5000)
        #expect(scroll.adjustedContentInset == EdgeInsets(top: 44, left: 0, bottom: 34, right: 0))
        scroll.contentInsetAdjustmentBehavior = .automatic
        scroll.contentSize = Size(width: 375, height: 100)
        #expect(scroll.adjustedContentInset == EdgeInsets(top: 44, left: 0, bottom: 34, right: 0))
    }

    /// The talk's bottom control: near the bottom edge, but above the home indicator.
    @Test(arguments: [(DeviceShape.notchedPhone, 812.0 - 34), (.rectangularPhone, 667.0 - 20)])
    func bottomControlWorksWithAndWithoutASafeArea(shape: DeviceShape, expectedBottom: Double) {
        let w = window(shape, .portrait)
        let button = constrained("button")
        w.addSubview(button)
        LayoutConstraint.activate([
            button.centerXAnchor.constraint(equalTo: w.centerXAnchor),
            button.widthAnchor.constraint(equalToConstant: 100), button.heightAnchor.constraint(equalToConstant: 44),
            button.bottomAnchor.constraint(equalTo: w.bottomAnchor, constant: -20).withPriority(.defaultHigh),
            button.bottomAnchor.constraint(lessThanOrEqualTo: w.safeAreaLayoutGuide.bottomAnchor),
        ])
        w.runFrame()
        #expect(button.frame.maxY == expectedBottom)
    }
}
