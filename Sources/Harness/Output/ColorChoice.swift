import Foundation

/// `--color auto|always|never`, with `NO_COLOR` (no-color.org): colour only
/// where a person reads it, and never when they asked for none.
public enum ColorChoice: String, CaseIterable, Sendable {
    case auto, always, never

    /// Whether to paint: `always` and `never` say so; `auto` paints a
    /// terminal unless `NO_COLOR` is set to anything non-empty or `TERM` is `dumb`.
    public func enabled(isTerminal: Bool, environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        switch self {
        case .always: true
        case .never: false
        case .auto: isTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
        }
    }
}

/// How a table meets its reader: colour, and whether long cells are cut to
/// fit a terminal. Piped output is never cut — a script reads every word.
public struct TextStyle: Sendable, Equatable {
    public var color: Bool
    public var fitsTerminal: Bool

    public init(color: Bool, fitsTerminal: Bool) {
        self.color = color; self.fitsTerminal = fitsTerminal
    }

    /// The style for standard output under `choice`.
    public static func standardOutput(_ choice: ColorChoice) -> TextStyle {
        let terminal = isatty(STDOUT_FILENO) == 1
        return TextStyle(color: choice.enabled(isTerminal: terminal), fitsTerminal: terminal)
    }
}
