import Testing
@testable import LayoutEngine
import SampleViews

@Suite struct SizeFittingTests {
    @Test func freshEngineSizeMatchesTheWindowEngine() {
        let window = makeWindow()
        let list = FeedList(flavor: .constraints, width: 375)
        window.addSubview(list)
        list.appendCells(count: 3, seed: 11)
        window.runFrame()
        let before = window.engineCounters
        for cell in list.feedCells {
            let size = cell.systemLayoutSizeFitting(Size(width: 375, height: 0),
                                                    horizontalFittingPriority: .required,
                                                    verticalFittingPriority: .fittingSizeLevel)
            #expect(size.width == 375)
            #expect(abs(size.height - cell.frame.height) < 1e-6)
        }
        let d = window.engineCounters - before
        #expect(d[.enginesCreated] == 3 && d[.fittingSizeCalls] == 3)
        #expect(d[.solverConstraintsAdded] > 3 * 67)   // every call rebuilds the cell's equations
    }

    @Test func compressedSizeOfALabelRow() {
        let window = makeWindow()
        let row = constrained("row")
        let title = Label(text: "Hello, World")
        row.addSubview(title)
        window.addSubview(row)
        LayoutConstraint.activate([
            title.leadingAnchor.constraint(equalTo: row.leadingAnchor, constant: 8),
            row.trailingAnchor.constraint(equalTo: title.trailingAnchor, constant: 8),
            title.topAnchor.constraint(equalTo: row.topAnchor, constant: 4),
            row.bottomAnchor.constraint(equalTo: title.bottomAnchor, constant: 4),
        ])
        let size = row.systemLayoutSizeFitting(View.layoutFittingCompressedSize)
        #expect(size == Size(width: 103 + 16, height: 28))
    }
}
