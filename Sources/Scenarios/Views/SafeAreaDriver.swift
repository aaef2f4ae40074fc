import Geometry
import LayoutEngine

/// Scenario 11 (235): an app-shaped hierarchy — a tab container with a tab
/// bar above the bottom safe area, a navigation container with a bar under
/// the top safe area, a scroll view holding a column of N rows along its
/// layout margins, and a bottom control pinned 20 points above the bottom
/// at a non-required priority but never below the safe area (38:20) —
/// re-laid-out on each device shape and orientation of the chosen set, once
/// per step. Every step starts from the set's last screen, so steps are alike.
final class SafeAreaDriver: ScenarioDriver {
    static let name = "safe-area"

    private let window: Window
    private let screens: [(DeviceShape, DeviceOrientation)]
    private(set) var sink = 0.0
    private let control: View

    static func screens(_ set: String) -> [(DeviceShape, DeviceOrientation)] {
        switch set {
        case "notch": [(.notchedPhone, .portrait), (.notchedPhone, .landscapeLeft)]
        case "home-button": [(.rectangularPhone, .portrait), (.rectangularPhone, .landscapeLeft)]
        case "landscape": [(.notchedPhone, .landscapeLeft), (.notchedPhone, .landscapeRight)]
        default: [(.notchedPhone, .portrait), (.notchedPhone, .landscapeLeft), (.notchedPhone, .landscapeRight),
                  (.rectangularPhone, .portrait), (.rectangularPhone, .landscapeLeft),
                  (.tablet, .portrait), (.tablet, .landscapeLeft)]
        }
    }

    init(parameters p: DriverParameters, seed: UInt64) throws(ScenarioError) {
        let rows = try p.int("views")
        screens = Self.screens(try p.choice("shape", ["all", "notch", "home-button", "landscape"]))
        window = ViewScene.window()
        let tabs = View.constrained("tabs"), tabBar = View.constrained("tabBar")
        let navigation = View.constrained("navigation"), navBar = View.constrained("navBar")
        let scroll = ScrollView()
        scroll.name = "scroll"
        scroll.translatesAutoresizingMaskIntoConstraints = false
        let column = View.constrained("column")
        control = View.constrained("bottomControl")
        window.addSubview(tabs)
        tabs.addSubview(navigation); tabs.addSubview(tabBar)
        navigation.addSubview(navBar); navigation.addSubview(scroll); navigation.addSubview(control)
        scroll.addSubview(column)
        var cs = ViewScene.pin(tabs, inside: window)
        cs += [tabBar.leadingAnchor.constraint(equalTo: tabs.leadingAnchor),
               tabs.trailingAnchor.constraint(equalTo: tabBar.trailingAnchor),
               tabBar.bottomAnchor.constraint(equalTo: tabs.bottomAnchor),
               tabBar.topAnchor.constraint(equalTo: tabs.safeAreaLayoutGuide.bottomAnchor, constant: -49),
               navigation.leadingAnchor.constraint(equalTo: tabs.leadingAnchor),
               tabs.trailingAnchor.constraint(equalTo: navigation.trailingAnchor),
               navigation.topAnchor.constraint(equalTo: tabs.topAnchor),
               navigation.bottomAnchor.constraint(equalTo: tabBar.topAnchor),
               navBar.leadingAnchor.constraint(equalTo: navigation.leadingAnchor),
               navigation.trailingAnchor.constraint(equalTo: navBar.trailingAnchor),
               navBar.topAnchor.constraint(equalTo: navigation.safeAreaLayoutGuide.topAnchor),
               navBar.heightAnchor.constraint(equalToConstant: 44),
               scroll.leadingAnchor.constraint(equalTo: navigation.leadingAnchor),
               navigation.trailingAnchor.constraint(equalTo: scroll.trailingAnchor),
               scroll.topAnchor.constraint(equalTo: navBar.bottomAnchor),
               scroll.bottomAnchor.constraint(equalTo: navigation.bottomAnchor),
               column.leadingAnchor.constraint(equalTo: scroll.layoutMarginsGuide.leadingAnchor),
               column.trailingAnchor.constraint(equalTo: scroll.layoutMarginsGuide.trailingAnchor),
               column.topAnchor.constraint(equalTo: scroll.topAnchor),
               control.centerXAnchor.constraint(equalTo: navigation.centerXAnchor),
               control.widthAnchor.constraint(equalToConstant: 200), control.heightAnchor.constraint(equalToConstant: 44),
               control.bottomAnchor.constraint(equalTo: navigation.bottomAnchor, constant: -20).withPriority(.defaultHigh),
               control.bottomAnchor.constraint(lessThanOrEqualTo: navigation.safeAreaLayoutGuide.bottomAnchor)]
        var previous: View?
        for i in 0..<rows {
            let row = View.constrained("row\(i)")
            column.addSubview(row)
            cs += [row.leadingAnchor.constraint(equalTo: column.leadingAnchor),
                   column.trailingAnchor.constraint(equalTo: row.trailingAnchor),
                   row.topAnchor.constraint(equalTo: previous?.bottomAnchor ?? column.topAnchor, constant: 4),
                   row.heightAnchor.constraint(equalToConstant: 44)]
            previous = row
        }
        if let previous { cs.append(column.bottomAnchor.constraint(equalTo: previous.bottomAnchor)) }
        LayoutConstraint.activate(cs)
        let last = screens[screens.count - 1]
        window.apply(last.0, orientation: last.1)
        window.runFrame()
    }

    func step() throws(ScenarioError) {
        for (shape, orientation) in screens {
            window.apply(shape, orientation: orientation)
            window.runFrame()
            sink += control.frame.maxY
        }
    }

    func counters() -> [String: Int] { ViewScene.counters(window) }
    func digest() -> String { window.frameDigestHex }
    var log: [String] { ViewScene.log(window) }
}
