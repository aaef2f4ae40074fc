import Foundation

/// A package that takes long enough to compile for a test to stop its
/// build mid-way: a library of generated Codable types and one executable
/// that uses it.
public enum SlowPackage {
    /// Package.swift and the sources, by path; `main` is the executable's
    /// main.swift, which gets `import Shapes` and a use of the library in front.
    public static func files(product: String, main: String = "print(0)\n") -> [String: String] {
        var files = ["Package.swift": """
            // swift-tools-version:6.0
            import PackageDescription
            let package = Package(name: "Slow", targets: [
                .target(name: "Shapes"),
                .executableTarget(name: "\(product)", dependencies: ["Shapes"]),
            ])
            """,
            "Sources/\(product)/main.swift": "import Shapes\n_ = Shape0_0()\n" + main]
        for file in 0..<6 {
            files["Sources/Shapes/Shapes\(file).swift"] = (0..<30).map { type in
                let fields = (0..<12).map { "    public var f\($0): [String: Int] = [:]" }.joined(separator: "\n")
                return "public struct Shape\(file)_\(type): Codable, Hashable, Sendable {\n\(fields)\n    public init() {}\n}"
            }.joined(separator: "\n")
        }
        return files
    }
}
