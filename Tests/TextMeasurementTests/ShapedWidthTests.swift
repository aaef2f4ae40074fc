import Foundation
import Testing
@testable import TextMeasurement

/// Known answers: HarfBuzz widths against advances read from the font's
/// tables by Fixtures/make_expected_widths.py (fontTools, not our code).
@Suite struct ShapedWidthTests {
    /// Rounding of summed Double advances; shaping itself is exact in font units.
    static let tolerance = 0.01

    static func points(_ units: Double, size: Double, face: DejaVuExpectations.Face) -> Double {
        units * size / face.unitsPerEm
    }

    @Test func installedFontsAreTheOnesTheFixturesWereMadeFrom() throws {
        for face in [DejaVuExpectations.regular, DejaVuExpectations.bold] {
            let size = fileSize(atPath: face.file)
            #expect(size == face.fileSize,
                    "\(face.file) changed; rerun Fixtures/make_expected_widths.py to regenerate the expectations")
        }
    }

    @Test(arguments: DejaVuExpectations.widths)
    func unkernedWidthIsTheSumOfHmtxAdvances(_ expected: DejaVuExpectations.Width) throws {
        let measurer = try HarfBuzzTextMeasurer(kerning: false)
        let face = expected.bold ? DejaVuExpectations.bold : DejaVuExpectations.regular
        for size in [10.0, 17.0, 2048.0] {
            let font = expected.bold ? Font.boldSystem(size: size) : .system(size: size)
            let width = measurer.measure(expected.text, font: font).size.width
            #expect(abs(width - Self.points(expected.unkernedUnits, size: size, face: face)) < Self.tolerance,
                    "\(expected.text) at \(size) pt")
        }
    }

    @Test(arguments: DejaVuExpectations.widths)
    func kernedWidthAddsTheGPOSPairAdjustments(_ expected: DejaVuExpectations.Width) throws {
        let measurer = try HarfBuzzTextMeasurer()
        let face = expected.bold ? DejaVuExpectations.bold : DejaVuExpectations.regular
        let font = expected.bold ? Font.boldSystem(size: 17) : .system(size: 17)
        let width = measurer.measure(expected.text, font: font).size.width
        #expect(abs(width - Self.points(expected.kernedUnits, size: 17, face: face)) < Self.tolerance)
    }

    @Test func kerningNarrowsAVBelowAPlusV() throws {
        let measurer = try HarfBuzzTextMeasurer()
        let font = Font.system(size: 20)
        let pair = measurer.measure("AV", font: font).size.width
        let apart = measurer.measure("A", font: font).size.width + measurer.measure("V", font: font).size.width
        #expect(pair < apart - 1, "DejaVu kerns A-V by 131 units, 1.28 pt at 20 pt")
        let unkerned = try HarfBuzzTextMeasurer(kerning: false).measure("AV", font: font).size.width
        #expect(abs(unkerned - apart) < Self.tolerance)
    }

    @Test func boldIsWiderThanRegular() throws {
        let measurer = try HarfBuzzTextMeasurer()
        let regular = measurer.measure("Hello, World", font: .system(size: 17)).size.width
        let bold = measurer.measure("Hello, World", font: .boldSystem(size: 17)).size.width
        #expect(bold > regular)
    }

    @Test func lineHeightAndBaselineComeFromHhea() throws {
        let face = DejaVuExpectations.regular
        let metrics = try HarfBuzzTextMeasurer().measure("Hello", font: .system(size: 17))
        let lineHeight = Self.points(face.ascender - face.descender + face.lineGap, size: 17, face: face)
        #expect(abs(metrics.lineHeight - lineHeight) < 1e-9)
        #expect(abs(metrics.size.height - lineHeight) < 1e-9)
        #expect(abs(metrics.firstBaseline - Self.points(face.ascender, size: 17, face: face)) < 1e-9)
        #expect(metrics.lastBaseline == metrics.firstBaseline)
    }

    @Test func ellipsisWidthMatchesTheFont() throws {
        // A truncated line with no room for text shows only the ellipsis.
        let ellipsis = try #require(DejaVuExpectations.widths.first { $0.text == "…" && !$0.bold })
        let metrics = try HarfBuzzTextMeasurer().measure(
            "Wonderful\nsecond", font: .system(size: 10), numberOfLines: 1, lineBreakMode: .byTruncatingTail)
        let expected = try HarfBuzzTextMeasurer().measure("Wonderful…", font: .system(size: 10)).size.width
        #expect(metrics.isTruncated)
        #expect(abs(metrics.size.width - expected) < 0.1)  // "l…" kerning aside
        #expect(abs(try HarfBuzzTextMeasurer().measure("…", font: .system(size: 10)).size.width
            - Self.points(ellipsis.kernedUnits, size: 10, face: DejaVuExpectations.regular)) < Self.tolerance)
    }

    @Test func sentenceWrapsWhereAnIndependentGreedyWrapDoes() throws {
        let measurer = try HarfBuzzTextMeasurer()
        let text = DejaVuExpectations.wrapText
        for (width, expectedLines) in DejaVuExpectations.wraps {
            let metrics = measurer.measure(text, font: .system(size: DejaVuExpectations.wrapPointSize),
                                           availableWidth: width, numberOfLines: 0)
            let lines = metrics.lineTexts(of: text).map { String($0.reversed().drop { $0 == " " }.reversed()) }
            #expect(lines == expectedLines, "width \(width)")
            #expect(metrics.lines.allSatisfy { $0.width <= width }, "width \(width)")
        }
    }
}

/// The size of the file at `path`, or nil if it cannot be read.
private func fileSize(atPath path: String) -> Int? {
    (try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? Int
}
