import Foundation
import Testing
@testable import TextMeasurement

@Suite struct FontLoadingTests {
    @Test func missingFontNamesThePathAndThePackage() throws {
        let directory = "/nonexistent/fonts"
        let error = #expect(throws: TextMeasurementError.self) {
            try HarfBuzzTextMeasurer(fontDirectory: directory)
        }
        #expect(error == .fontFileMissing(path: "/nonexistent/fonts/DejaVuSans.ttf",
                                          debianPackage: "fonts-dejavu-core"))
        let message = String(describing: try #require(error))
        #expect(message.contains("/nonexistent/fonts/DejaVuSans.ttf"))
        #expect(message.contains("apt-get install fonts-dejavu-core"))
    }

    @Test func fileThatIsNotAFontIsReportedAsUnreadable() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("text-measurement-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("DejaVuSans.ttf").path
        try Data("not a font".utf8).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: TextMeasurementError.self) {
            try HarfBuzzTextMeasurer(fontDirectory: directory.path)
        }
        guard case let .fontFileUnreadable(reportedPath, _) = error else {
            Issue.record("expected fontFileUnreadable, got \(String(describing: error))")
            return
        }
        #expect(reportedPath == path)
    }

    @Test func manyMeasurersLoadAndFreeTheirFonts() throws {
        // Creating and dropping measurers must not leak or crash in deinit.
        for _ in 0..<20 {
            let measurer = try HarfBuzzTextMeasurer()
            #expect(measurer.measure("x", font: .system(size: 9)).lineCount == 1)
        }
    }
}
