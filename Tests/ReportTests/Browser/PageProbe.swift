import Foundation

/// What a real browser saw when it opened a report page from disk.
struct PageProbe {
    /// Seconds from `Page.navigate` to the load event (the fastest of `loads` navigations).
    var loadSeconds: Double
    /// Every navigation's load time, in order (the first includes starting the page's renderer process).
    var allLoadSeconds: [Double] = []
    /// Console calls of type error/assert, uncaught exceptions, and Log entries of level error.
    var errors: [String]
    /// URL of every request the page made (the page's own file:// load included).
    var requests: [String]
    /// The result of `script` (a JSON string the page computed).
    var facts: [String: Any]
    var screenshotPNG: Data

    /// Opens `page` in a fresh headless Chromium, waits for the load event
    /// and a short quiet period, evaluates `script` (an expression whose
    /// value is a JSON string), takes a full-page screenshot and closes.
    ///   `loads` > 1 navigates again and keeps the fastest load: other test
    ///   suites share the machine, and the page's own cost is the floor.
    static func open(_ page: URL, script: String, width: Int = 1280, dark: Bool = false, loads: Int = 1) throws -> PageProbe {
        let browser = try DevToolsPipe(windowWidth: width)
        defer { browser.close() }
        let target = try browser.send("Target.createTarget", ["url": "about:blank"])
        let targetID = target["targetId"] as! String
        let attached = try browser.send("Target.attachToTarget", ["targetId": targetID, "flatten": true])
        let session = attached["sessionId"] as! String
        for domain in ["Page.enable", "Runtime.enable", "Log.enable", "Network.enable"] {
            try browser.send(domain, session: session)
        }
        if dark {
            try browser.send("Emulation.setEmulatedMedia", ["features": [["name": "prefers-color-scheme", "value": "dark"]]], session: session)
        }
        var loadSeconds = Double.infinity
        var allLoads: [Double] = []
        for attempt in 0..<max(loads, 1) {
            if attempt > 0 {
                try browser.send("Page.navigate", ["url": "about:blank"], session: session)
                browser.drain(for: 0.3)
                browser.forgetEvents(named: "Page.loadEventFired")
            }
            let start = Date()
            try browser.send("Page.navigate", ["url": page.absoluteString], session: session)
            _ = try browser.waitForEvent("Page.loadEventFired")
            allLoads.append(Date().timeIntervalSince(start))
            loadSeconds = min(loadSeconds, allLoads.last!)
        }
        browser.drain(for: 0.5)

        let evaluated = try browser.send("Runtime.evaluate", ["expression": script, "returnByValue": true], session: session)
        let json = (evaluated["result"] as? [String: Any])?["value"] as? String ?? "{}"
        let facts = (try JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any] ?? [:]

        // Paint every section for the screenshot (the page lets the browser skip off-screen ones).
        try browser.send("Runtime.evaluate", ["expression": "document.querySelectorAll('section.workload').forEach(s => s.style.contentVisibility = 'visible')"], session: session)
        let metrics = try browser.send("Page.getLayoutMetrics", session: session)
        let size = (metrics["cssContentSize"] as? [String: Any]) ?? [:]
        let height = min((size["height"] as? Double) ?? 1600, 12_000)
        let shot = try browser.send("Page.captureScreenshot", [
            "format": "png", "captureBeyondViewport": true,
            "clip": ["x": 0, "y": 0, "width": Double(width), "height": height, "scale": 1],
        ], session: session, timeout: 60)
        let png = Data(base64Encoded: shot["data"] as? String ?? "") ?? Data()

        var errors: [String] = []
        var requests: [String] = []
        for e in browser.events where e["sessionId"] as? String == session {
            let params = e["params"] as? [String: Any] ?? [:]
            switch e["method"] as? String {
            case "Runtime.consoleAPICalled":
                let type = params["type"] as? String ?? ""
                if type == "error" || type == "assert" { errors.append("console.\(type): \(params["args"] ?? "")") }
            case "Runtime.exceptionThrown":
                errors.append("exception: \(params["exceptionDetails"] ?? "")")
            case "Log.entryAdded":
                let entry = params["entry"] as? [String: Any] ?? [:]
                if entry["level"] as? String == "error" { errors.append("log: \(entry["text"] ?? "") \(entry["url"] ?? "")") }
            case "Network.requestWillBeSent":
                requests.append(((params["request"] as? [String: Any])?["url"] as? String) ?? "?")
            case "Network.loadingFailed":
                errors.append("loading failed: \(params["errorText"] ?? "")")
            default: break
            }
        }
        return PageProbe(loadSeconds: loadSeconds, allLoadSeconds: allLoads, errors: errors, requests: requests, facts: facts, screenshotPNG: png)
    }

    /// The JavaScript the tests evaluate: resource-loading elements, external
    /// URLs in any attribute, resource timing entries, and the text the
    /// charts and tables show.
    static let factsScript = """
    JSON.stringify((() => {
      const all = [...document.querySelectorAll('*')];
      const urls = [];
      for (const el of all) for (const a of el.attributes) {
        const v = a.value.trim();
        if (/^(https?:|\\/\\/|ftp:|ws:|wss:|data:text\\/html|javascript:)/i.test(v) || /url\\(\\s*['"]?(?!#)/i.test(v)) urls.push(el.tagName + ' ' + a.name + '=' + v);
      }
      const css = [...document.styleSheets].flatMap(s => [...s.cssRules].map(r => r.cssText)).join('\\n');
      return {
        title: document.title,
        loaders: document.querySelectorAll('img,script,link,iframe,object,embed,source,video,audio,image,use,frame').length,
        externalURLs: urls,
        cssURLs: (css.match(/url\\((?!\\s*['"]?#)[^)]*\\)|@import/g) || []),
        resources: performance.getEntriesByType('resource').map(e => e.name),
        charts: [...document.querySelectorAll('svg.chart')].map(s => ({
          title: s.querySelector('title')?.textContent || '',
          desc: s.querySelector('desc')?.textContent || '',
          lines: s.querySelectorAll('polyline.series').length,
          marks: s.querySelectorAll('.mark').length,
          boxes: s.querySelectorAll('g.box').length,
          pointLabels: [...s.querySelectorAll('.mark > title, g.box > title')].map(t => t.textContent),
          focusable: s.tabIndex === 0,
          width: s.getBoundingClientRect().width })),
        chartTables: [...document.querySelectorAll('table.chart-data')].map(t => t.textContent),
        cellTables: [...document.querySelectorAll('table.cells')].map(t => t.textContent),
        verdictRows: [...document.querySelectorAll('table.verdicts tbody tr')].map(r => r.innerText),
        headings: [...document.querySelectorAll('h2')].map(h => h.textContent),
        images: document.images.length,
        skipLink: document.querySelector('a.skip')?.getAttribute('href') || '',
        darkBackground: getComputedStyle(document.body).backgroundColor
      };
    })())
    """
}
