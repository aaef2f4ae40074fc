import Testing
@testable import LayoutEngine

@Suite struct VisualFormatTests {
    func row() -> (Window, View, [String: View]) {
        let window = makeWindow()
        let row = View(frame: Rect(x: 0, y: 100, width: 320, height: 60))
        row.name = "row"
        window.addSubview(row)
        let avatar = constrained("avatar"), title = constrained("title"), date = constrained("date")
        for v in [avatar, title, date] { row.addSubview(v) }
        return (window, row, ["avatar": avatar, "title": title, "date": date])
    }

    @Test func theIssueExampleLaysOut() throws {
        let (window, row, views) = row()
        let cs = try row.addConstraints(withVisualFormat: "H:|-8-[avatar(40)]-8-[title(>=100@750)]-|", views: views)
        #expect(cs.count == 5)
        try row.addConstraints(withVisualFormat: "V:|-10-[avatar(40)]", views: views)
        try row.addConstraints(withVisualFormat: "V:|-10-[title(20)]", views: views)
        window.runFrame()
        #expect(views["avatar"]!.frame == Rect(x: 8, y: 10, width: 40, height: 40))
        #expect(views["title"]!.frame == Rect(x: 56, y: 10, width: 320 - 20 - 56, height: 20))
        let title = cs.first { $0.firstItem === views["title"] && $0.firstAttribute == .width }!
        #expect(title.relation == .greaterThanOrEqual && title.constant == 100 && title.priority == 750)
    }

    @Test func metricsStandardSpacingFlushAndViewPredicates() throws {
        let (window, row, views) = row()
        try row.addConstraints(withVisualFormat: "H:|[avatar(side)]-[title(==date)][date]-(gap)-|",
                               metrics: ["side": 30, "gap": 12], views: views)
        try row.addConstraints(withVisualFormat: "V:|[avatar(side)]", metrics: ["side": 30], views: views)
        try row.addConstraints(withVisualFormat: "H:[avatar][title]", options: [.alignAllTop, .alignAllBottom], views: views)
        try row.addConstraints(withVisualFormat: "H:[title][date]", options: .alignAllCenterY, views: views)
        window.runFrame()
        let a = views["avatar"]!.frame, t = views["title"]!.frame, d = views["date"]!.frame
        #expect(a == Rect(x: 0, y: 0, width: 30, height: 30))
        #expect(t.minX == 38 && t.width == d.width && d.minX == t.maxX && d.maxX == 308)
        #expect(t.minY == 0 && t.height == 30 && d.midY == t.midY)
    }

    @Test func inequalitiesAndPrioritiesInConnections() throws {
        let (window, row, views) = row()
        try row.addConstraints(withVisualFormat: "H:|-(>=4,==10@500)-[avatar(20)]-(>=20@1000)-[title(50)]", views: views)
        try row.addConstraints(withVisualFormat: "V:|[avatar(20)]", views: views)
        try row.addConstraints(withVisualFormat: "V:|[title(20)]", views: views)
        window.runFrame()
        #expect(views["avatar"]!.frame.minX == 10)
        #expect(views["title"]!.frame.minX >= 50)
    }

    @Test func rightToLeftFormats() throws {
        let (window, row, views) = row()
        try row.addConstraints(withVisualFormat: "H:|-8-[avatar(40)]-(>=8)-[title(50)]-20-|",
                               options: .directionRightToLeft, views: views)
        try row.addConstraints(withVisualFormat: "V:|[avatar(20)]", views: views)
        try row.addConstraints(withVisualFormat: "V:|[title(20)]", views: views)
        window.runFrame()
        #expect(views["avatar"]!.frame.maxX == 312)
        #expect(views["title"]!.frame.minX == 20)
    }

    /// Every error names what went wrong and points at the column.
    @Test(arguments: [
        ("", VisualFormatError.Reason.emptyFormat, 0),
        ("H:", .emptyFormat, 2),
        ("H:|-8-[avatar(40)-8-", .expected("']'"), 17),
        ("H:|-8-[ghost]", .unknownView("ghost"), 7),
        ("H:|-gap-[avatar]", .unknownMetric("gap"), 4),
        ("H:[avatar]-|-[title]", .misplacedSuperview, 11),
        ("H:[avatar]|[title]", .misplacedSuperview, 10),
        ("H:[avatar(>=x)]", .unknownView("x"), 10),
        ("H:[avatar(40@2000)]", .invalidPriority(2000), 13),
        ("H:[avatar]-8", .expected("'-' after the spacing"), 12),
        ("H:[avatar]-(8-[title]", .expected("')'"), 13),
        ("H:[]", .expected("a view name"), 3),
        ("H:avatar", .expected("a view such as [name]"), 2),
        ("H:[avatar]-8-x", .expected("a view such as [name]"), 13),
        ("H:[avatar]x", .unexpectedCharacter("x"), 10),
        ("H:[avatar]-(>=)-[title]", .expected("a number or metric name"), 14),
    ])
    func errorsPointAtTheColumn(format: String, reason: VisualFormatError.Reason, offset: Int) {
        let (_, _, views) = row()
        do {
            _ = try LayoutConstraint.constraints(withVisualFormat: format, views: views)
            Issue.record("\(format) parsed")
        } catch {
            #expect(error.reason == reason, "\(format): \(error)")
            #expect(error.offset == offset, "\(format): \(error)")
            #expect(error.column == offset + 1)
            let lines = error.description.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.last == Substring(String(repeating: " ", count: offset) + "^"))
        }
    }

    @Test func superviewErrorsAndAlignmentAlongTheAxis() {
        let loose = constrained("loose")
        #expect(throws: VisualFormatError(reason: .noSuperview("loose"), offset: 2, format: "H:|[loose]")) {
            try LayoutConstraint.constraints(withVisualFormat: "H:|[loose]", views: ["loose": loose])
        }
        let (_, _, views) = row()
        #expect(throws: VisualFormatError(reason: .alignmentAlongAxis, offset: 0, format: "H:[avatar][title]")) {
            try LayoutConstraint.constraints(withVisualFormat: "H:[avatar][title]", options: .alignAllLeading, views: views)
        }
    }

    @Test func errorDescriptionReadsLikeUIKit() {
        let (_, _, views) = row()
        do {
            _ = try LayoutConstraint.constraints(withVisualFormat: "H:|-8-[avatar(40)-8-", views: views)
        } catch {
            #expect(error.description == "Unable to parse constraint format: \nExpected ']'. \nH:|-8-[avatar(40)-8- \n                 ^")
        }
    }
}
