import Testing
@testable import LayoutEngine

/// A window with real HarfBuzz measurement, 375×812 like a notched phone.
func makeWindow(width: Double = 375, height: Double = 812) -> Window {
    Window(frame: Rect(x: 0, y: 0, width: width, height: height))
}

/// A window with a 300 × 200 container placed by hand at (10, 20).
func windowWithContainer() -> (Window, View) {
    let window = makeWindow()
    let container = View(frame: Rect(x: 10, y: 20, width: 300, height: 200))
    window.addSubview(container)
    return (window, container)
}

/// A plain view ready for constraints.
func constrained(_ name: String) -> View {
    let v = View()
    v.name = name
    v.translatesAutoresizingMaskIntoConstraints = false
    return v
}

/// Records the render loop's calls in order.
final class RecordingView: View {
    var log: [String]
    init(_ name: String, log: [String] = []) {
        self.log = log
        super.init(frame: .zero)
        self.name = name
    }
    var recorder: ((String) -> Void)?
    override func updateConstraints() { recorder?("updateConstraints \(name!)") }
    override func layoutSubviews() {
        super.layoutSubviews()
        recorder?("layoutSubviews \(name!)")
    }
    override func draw() { recorder?("draw \(name!)") }
}

extension Rect {
    func isClose(to other: Rect, tolerance: Double = 1e-6) -> Bool {
        abs(minX - other.minX) <= tolerance && abs(minY - other.minY) <= tolerance
            && abs(width - other.width) <= tolerance && abs(height - other.height) <= tolerance
    }
}
