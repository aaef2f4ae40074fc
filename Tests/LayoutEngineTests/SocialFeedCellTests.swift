import Testing
@testable import LayoutEngine
import SampleViews

@Suite struct SocialFeedCellTests {
    func host(_ strategy: SocialFeedCell.Strategy, _ layout: SocialFeedCell.Layout) -> (Window, SocialFeedCell) {
        let window = makeWindow()
        let stack = CellStack(flavor: .constraints, width: 375)
        window.addSubview(stack)
        let cell = SocialFeedCell(strategy: strategy, content: .make(seed: 1, layout: layout))
        stack.append(cell)
        window.runFrame()
        return (window, cell)
    }

    /// The four layouts, as frame dumps (the same for churned and grouped).
    @Test(arguments: SocialFeedCell.Layout.allCases)
    func fourLayouts(layout: SocialFeedCell.Layout) {
        let (w1, churned) = host(.churned, layout)
        let (w2, grouped) = host(.grouped, layout)
        #expect(churned.frameDump() == grouped.frameDump())
        #expect(w1.constraintMessages.isEmpty && w2.constraintMessages.isEmpty, "\(w1.constraintMessages)")
        let f = grouped
        #expect(f.avatarView.frame == Rect(x: 8, y: 8, width: 40, height: 40))
        #expect(f.titleLabel.frame.minX == 56 && f.titleLabel.frame.minY == 8)
        #expect(f.dateLabel.frame.maxX == 375 - 8)
        #expect(f.logLabel.frame.minY == f.titleLabel.frame.maxY + 4)
        #expect(f.logLabel.frame.width == 375 - 56 - 8)
        #expect(f.logLabel.intrinsicMetrics!.lineCount > 1 || f.logLabel.text.count < 40)
        let expectedBottom: Double
        if layout.hasImage {
            #expect(f.imageView.frame.width == 311 && abs(f.imageView.frame.height - 311 * 0.5625) < 1e-9)
            expectedBottom = f.imageView.frame.maxY + 8
        } else {
            #expect(f.imageView.frame.height == 0)
            expectedBottom = f.socialView.frame.maxY + 8
        }
        if layout.hasSocial {
            #expect(f.socialView.frame.minY == f.logLabel.frame.maxY + 8 && f.socialView.frame.height == 15.5)   // one 13-point line, 15.13 up to the pixel grid
        } else {
            #expect(f.socialView.frame.height == 0 && f.socialView.isHidden)
        }
        #expect(abs(f.frame.height - max(expectedBottom, 56)) < 1e-9)
    }

    @Test func hiddenStrategyKeepsTheSocialSlot() {
        let (_, hidden) = host(.hidden, .plain)
        #expect(hidden.socialView.isHidden)
        #expect(hidden.socialView.frame.minY == hidden.logLabel.frame.maxY + 8)
        let (_, shared) = host(.hidden, .shared)
        #expect(!shared.socialView.isHidden)
    }

    /// Churn rebuilds every constraint on every pass, even with nothing
    /// changed; grouped and hidden do nothing then.
    @Test(arguments: SocialFeedCell.Strategy.allCases)
    func aPassWithNothingChanged(strategy: SocialFeedCell.Strategy) {
        let (window, cell) = host(strategy, .shared)
        let before = window.engineCounters
        cell.configure(cell.content)
        window.runFrame()
        let d = window.engineCounters - before
        #expect(cell.updatePasses == 2)
        if strategy == .churned {
            #expect(d[.constraintsAdded] == Int64(cell.churnedConstraints.count))
            #expect(d[.constraintChurn] == Int64(cell.churnedConstraints.count))
        } else {
            #expect(d[.constraintsAdded] == 0 && d[.constraintsRemoved] == 0 && d.solverWork == 0)
        }
    }

    /// Switching layouts: grouped swaps only the arrays that differ.
    @Test func groupedSwapsOnlyWhatDiffers() {
        let (window, cell) = host(.grouped, .plain)
        let before = window.engineCounters
        cell.configure(.make(seed: 1, layout: .image))
        window.runFrame()
        let d = window.engineCounters - before
        #expect(d[.constraintsRemoved] == Int64(cell.noImageConstraints.count))
        // The image constraints, plus one content-size constraint per axis of the image that appeared.
        #expect(d[.constraintsAdded] == Int64(cell.imageConstraints.count) + 2)
        #expect(d[.constraintChurn] == 0)
        #expect(cell.imageView.frame.height > 0)
    }
}
