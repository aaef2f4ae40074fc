/// The one stylesheet, inlined into every page (no request for a file).
/// Colours are CSS variables switched by `prefers-color-scheme`, chosen for
/// ≥ 4.5:1 text contrast in both schemes; series colours come from the
/// Okabe–Ito colour-blind-safe palette, and series also differ in marker
/// shape. Focus is always visible. Workload sections use
/// `content-visibility: auto`, so the browser lays out only the sections on
/// screen: a 25-workload page loads in a fraction of the time.
enum Stylesheet {
    static let css: HTML = """
    :root{color-scheme:light dark;--bg:#ffffff;--fg:#1b1f24;--muted:#57606a;--line:#d0d7de;--panel:#f6f8fa;\
    --link:#0550ae;--pass:#1a7f37;--fail:#cf222e;--inconclusive:#9a6700;--focus:#0969da;\
    --s0:#0072b2;--s1:#d55e00;--s2:#009e73;--s3:#cc79a7;--s4:#e69f00;--s5:#56b4e9;--s6:#6b6b00;--s7:#000000;--ref:#8c959f}
    @media (prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;--muted:#9da7b3;--line:#30363d;--panel:#161b22;\
    --link:#79c0ff;--pass:#3fb950;--fail:#ff7b72;--inconclusive:#d29922;--focus:#58a6ff;\
    --s0:#56b4e9;--s1:#ff8c42;--s2:#2fd4a3;--s3:#e89ac7;--s4:#f0c24a;--s5:#9ad4f5;--s6:#c8c84a;--s7:#e6edf3;--ref:#6e7681}}
    *{box-sizing:border-box}
    body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif}
    a{color:var(--link)}
    a:focus-visible,svg.chart:focus-visible,summary:focus-visible,main:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
    .skip{position:absolute;left:-999px;top:0;background:var(--panel);padding:.5em 1em;z-index:10}
    .skip:focus{left:1em}
    header,main,footer{max-width:1100px;margin:0 auto;padding:0 1.25em}
    header{padding-top:1em;border-bottom:1px solid var(--line)}
    h1{font-size:1.6em;margin:.3em 0}h2{font-size:1.3em;margin-top:2em;border-bottom:1px solid var(--line)}h3{font-size:1.08em;margin-top:1.6em}
    .muted,.fit{color:var(--muted)}
    code,.mono,td.num{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.92em}
    table{border-collapse:collapse;margin:.6em 0;width:100%;display:block;overflow-x:auto}
    th,td{border:1px solid var(--line);padding:.25em .55em;text-align:left;vertical-align:top}
    th{background:var(--panel)}td.num{text-align:right;white-space:nowrap}
    caption{text-align:left;font-weight:600;padding:.3em 0}
    .badge{display:inline-block;font-weight:700;padding:0 .45em;border-radius:4px;border:2px solid currentColor;white-space:nowrap}
    .pass{color:var(--pass)}.fail{color:var(--fail)}.inconclusive{color:var(--inconclusive)}
    .counts{display:flex;gap:1.2em;flex-wrap:wrap;font-size:1.1em}
    nav.toc ol{columns:2;padding-left:1.2em}
    figure{margin:1em 0}figure.distribution{max-width:820px}figcaption{color:var(--muted);font-size:.92em}
    .charts{display:grid;grid-template-columns:repeat(auto-fit,minmax(420px,1fr));gap:1em}
    svg.chart{width:100%;height:auto;background:var(--bg);border:1px solid var(--line);border-radius:6px}
    svg .plot{fill:none;stroke:var(--line)}svg .grid{stroke:var(--line);stroke-width:.6}
    svg text{fill:var(--muted);font-size:11px}svg .axis-title{fill:var(--fg);font-size:12px}
    svg .series{fill:none;stroke-width:2}svg .dashed{stroke-dasharray:6 4}
    svg .reference{stroke:var(--ref);stroke-dasharray:4 4;stroke-width:1.3}svg .reference-label{fill:var(--ref)}
    svg .errorbar,svg .whisker{stroke-width:1.3}svg .iqr{fill-opacity:.25;stroke-width:1.3}svg .median-bar{stroke-width:2.4}
    svg .outlier{fill:none;stroke-width:1.2}
    """ + seriesRules + """
    ul.legend{list-style:none;padding:0;margin:.3em 0;display:flex;flex-wrap:wrap;gap:.3em 1.4em}
    svg.key{width:28px;height:12px;vertical-align:middle}
    details{margin:.5em 0}summary{cursor:pointer;color:var(--link)}
    dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.15em 1em}dl.facts dt{color:var(--muted)}dl.facts dd{margin:0}
    footer{color:var(--muted);padding:2em 1.25em;font-size:.9em}
    section.workload{content-visibility:auto;contain-intrinsic-size:auto 2600px}
    nav.bar{position:sticky;top:0;z-index:5;background:var(--bg);border-bottom:1px solid var(--line);\
    padding:.4em 1.25em;display:flex;flex-wrap:wrap;gap:.3em 1.1em;align-items:baseline}
    nav.bar a[aria-current]{font-weight:700;color:var(--fg)}
    nav.bar details{position:relative}nav.bar details ol{position:absolute;left:0;top:1.6em;z-index:6;margin:0;\
    padding:.5em 1em .5em 2.2em;background:var(--panel);border:1px solid var(--line);border-radius:6px;\
    max-height:70vh;overflow-y:auto;width:max-content;max-width:90vw}
    :target{scroll-margin-top:3.2em}
    body.wide header,body.wide main{max-width:1360px}
    table.runs{display:table;table-layout:auto;font-size:.9em}table.runs td.wrap{overflow-wrap:anywhere;max-width:18em}
    .status.finished{color:var(--pass)}.status.interrupted{color:var(--fail)}.status.running{color:var(--inconclusive)}
    ul.variants li{margin:.15em 0}
    .headline{font-size:1.2em;font-weight:700}.v-0{color:var(--pass)}.v-1,.v-error{color:var(--fail)}.v-unknown{color:var(--inconclusive)}
    svg.shift-chart{max-width:900px}svg .band{fill:var(--panel);stroke:var(--line);stroke-width:.5}
    svg .shift .interval{stroke:currentColor;stroke-width:2}svg .shift .dot,svg .shift .arrow{fill:currentColor}
    svg g.v-0{color:var(--pass)}svg g.v-1,svg g.v-error{color:var(--fail)}svg g.v-unknown{color:var(--inconclusive)}
    table.compare-cells{display:table;font-size:.9em}table.compare-cells td.mono{overflow-wrap:anywhere;max-width:16em}
    svg .row-label{fill:var(--fg);font-size:11px}svg .row-label.pooled{font-weight:700}
    @media print{.skip,nav.toc,nav.bar{display:none}section.workload{content-visibility:visible}}
    """

    /// Stroke and fill for series classes s0…s7.
    private static var seriesRules: HTML {
        var rules = ""
        for i in 0..<8 {
            rules += "svg .s\(i){stroke:var(--s\(i))}svg .mark.s\(i){fill:var(--s\(i));stroke:none}svg .iqr.s\(i){fill:var(--s\(i))}svg .outlier.s\(i){fill:none}\n"
        }
        return HTML(trusted: rules)
    }
}
