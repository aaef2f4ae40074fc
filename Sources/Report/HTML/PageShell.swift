import Analysis
import Foundation
import Workloads

/// The document around every run page: the head with the stylesheet and
/// the Content-Security-Policy (nothing loads but the page itself), a skip
/// link, and a navigation bar that stays at the top while the reader
/// scrolls. Works without scripts: the workload list is a `<details>`.
struct PageShell {
    /// From the page's folder to `Reports/`: "../" for a run's summary, "../../" for a workload page.
    var root: String
    /// From the page's folder to the run's folder: "" or "../".
    var runFolder: String

    func navigation(run: RunData, anchors: PageAnchors, workloads: [String], current: String?) -> HTML {
        var links: [HTML] = [
            "<a href=\"\(root)index.html\">All runs</a>",
            "<a href=\"\(root)history/index.html\">History</a>",
            current == nil ? "<a href=\"\(runFolder)index.html\" aria-current=\"page\">Run summary</a>"
                : "<a href=\"\(runFolder)index.html\">Run summary</a>",
        ]
        if let current, let i = workloads.firstIndex(of: current) {
            if i > 0 {
                let prev = workloads[i - 1]
                links.append("<a href=\"\(runFolder + anchors.page(workload: prev))\" rel=\"prev\">← \(prev)</a>")
            }
            if i + 1 < workloads.count {
                let next = workloads[i + 1]
                links.append("<a href=\"\(runFolder + anchors.page(workload: next))\" rel=\"next\">\(next) →</a>")
            }
        }
        let items = HTML.join(workloads.map { name in
            let title = run.workload(named: name)?.title ?? name
            let href = runFolder + anchors.page(workload: name)
            let mark: HTML = name == current ? " aria-current=\"page\"" : ""
            return "<li><a href=\"\(href)#\(anchors.id(workload: name))\"\(mark)>\(name)</a> <span class=\"muted\">\(title)</span></li>"
        })
        let list: HTML = workloads.isEmpty ? "" : "<details><summary>Workloads (\(workloads.count))</summary><ol>\(items)</ol></details>"
        return "<nav class=\"bar\" id=\"pages\" aria-label=\"Pages\">\(HTML.join(links, separator: " "))\(list)</nav>"
    }

    func document(title: String, skipText: String, nav: HTML, header: HTML, main: HTML, footer: HTML, bodyClass: String = "") -> String {
        let page: HTML = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark"><meta name="referrer" content="no-referrer">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
        <title>\(title)</title><style>\(Stylesheet.css)</style></head>
        <body\(bodyClass.isEmpty ? "" : " class=\"\(bodyClass)\"" as HTML)><a class="skip" href="#main">\(skipText)</a>\(nav)
        <header>\(header)</header>
        <main id="main" tabindex="-1">\(main)</main>
        <footer>\(footer)</footer>
        </body></html>
        """
        return page.raw
    }
}

/// A talk's title as a reader without the original script's fonts can still
/// read it: the English title first when there is one, the original beside it.
func talkTitle(_ talk: TalkReference) -> HTML {
    guard let english = talk.titleEnglish, !english.isEmpty, english != talk.title else { return "\(talk.title)" }
    return "\(english) <span class=\"muted\">(original title: \(talk.title))</span>"
}
