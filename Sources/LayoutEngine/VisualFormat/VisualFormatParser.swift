/// The Visual Format Language parsed into a plain syntax tree; building
/// constraints from it is `VisualFormat`'s job.
///
/// ```
/// format      ::= (orientation ':')? ('|' connection)? view (connection view)* (connection '|')?
/// connection  ::= '' | '-' | '-' predicates '-'
/// predicates  ::= simple | '(' predicate (',' predicate)* ')'
/// predicate   ::= relation? (number | metric | viewName) ('@' (number | metric))?
/// view        ::= '[' name ('(' predicate (',' predicate)* ')')? ']'
/// ```
struct VisualFormatParser {
    struct Predicate {
        enum Object {
            case constant(Double)
            case view(String)
        }
        var relation: LayoutRelation
        var object: Object
        var priority: Double?
        var offset: Int
    }

    struct Connection {
        enum Spacing {
            /// `[a][b]`: no gap.
            case flush
            /// `[a]-[b]`: the standard gap.
            case standard
            /// `[a]-8-[b]`, `[a]-(>=8@750)-[b]`.
            case predicates([Predicate])
        }
        var spacing: Spacing
        var offset: Int
    }

    struct ViewTerm {
        var name: String
        var predicates: [Predicate]
        var offset: Int
    }

    struct Syntax {
        var vertical = false
        var leading: Connection?
        var views: [ViewTerm] = []
        /// `connections[i]` sits between `views[i]` and `views[i + 1]`.
        var connections: [Connection] = []
        var trailing: Connection?
        var superviewOffset = 0
    }

    private let chars: [Character]
    private let format: String
    private let metrics: [String: Double]
    private var i = 0

    init(_ format: String, metrics: [String: Double]) {
        self.format = format
        self.chars = Array(format)
        self.metrics = metrics
    }

    private func fail(_ reason: VisualFormatError.Reason, at offset: Int? = nil) -> VisualFormatError {
        VisualFormatError(reason: reason, offset: offset ?? i, format: format)
    }

    private var current: Character? { i < chars.count ? chars[i] : nil }

    private mutating func skipSpaces() { while current == " " { i += 1 } }

    private mutating func take(_ c: Character) -> Bool {
        skipSpaces()
        if current == c { i += 1; return true }
        return false
    }

    private mutating func expect(_ c: Character) throws(VisualFormatError) {
        guard take(c) else { throw fail(.expected("'\(c)'")) }
    }

    mutating func parse() throws(VisualFormatError) -> Syntax {
        var syntax = Syntax()
        if chars.count >= 2, chars[1] == ":", chars[0] == "H" || chars[0] == "V" {
            syntax.vertical = chars[0] == "V"
            i = 2
        }
        skipSpaces()
        guard current != nil else { throw fail(.emptyFormat) }
        if take("|") {
            syntax.superviewOffset = i - 1
            syntax.leading = try connection()
        }
        syntax.views.append(try view())
        while true {
            skipSpaces()
            guard let c = current else { break }
            if c == "|" { throw fail(.misplacedSuperview) }
            let connection = try connection()
            skipSpaces()
            if current == "|" {
                syntax.superviewOffset = i
                i += 1
                syntax.trailing = connection
                skipSpaces()
                if let extra = current {
                    throw extra == "[" || extra == "-" || extra == "|" ? fail(.misplacedSuperview, at: syntax.superviewOffset)
                        : fail(.unexpectedCharacter(extra))
                }
                break
            }
            guard current == "[" else {
                if let c = current, case .flush = connection.spacing { throw fail(.unexpectedCharacter(c)) }
                throw fail(.expected("a view such as [name]"))
            }
            syntax.connections.append(connection)
            syntax.views.append(try view())
        }
        return syntax
    }

    private mutating func connection() throws(VisualFormatError) -> Connection {
        skipSpaces()
        let start = i
        guard take("-") else { return Connection(spacing: .flush, offset: start) }
        skipSpaces()
        if current == "[" || current == "|" { return Connection(spacing: .standard, offset: start) }
        var predicates: [Predicate] = []
        if take("(") {
            predicates = try predicateList(allowViews: false)
        } else {
            let p = i
            predicates = [Predicate(relation: .equal, object: .constant(try constant()), priority: nil, offset: p)]
        }
        guard take("-") else { throw fail(.expected("'-' after the spacing")) }
        return Connection(spacing: .predicates(predicates), offset: start)
    }

    private mutating func view() throws(VisualFormatError) -> ViewTerm {
        skipSpaces()
        guard take("[") else { throw fail(.expected("a view such as [name]")) }
        skipSpaces()
        let start = i
        guard let name = identifier() else { throw fail(.expected("a view name")) }
        var predicates: [Predicate] = []
        if take("(") { predicates = try predicateList(allowViews: true) }
        try expect("]")
        return ViewTerm(name: name, predicates: predicates, offset: start)
    }

    /// After '(' up to and including ')'.
    private mutating func predicateList(allowViews: Bool) throws(VisualFormatError) -> [Predicate] {
        var out: [Predicate] = []
        repeat {
            out.append(try predicate(allowViews: allowViews))
        } while take(",")
        try expect(")")
        return out
    }

    private mutating func predicate(allowViews: Bool) throws(VisualFormatError) -> Predicate {
        skipSpaces()
        let start = i
        var relation = LayoutRelation.equal
        if i + 1 < chars.count, chars[i + 1] == "=" {
            switch chars[i] {
            case "=": relation = .equal; i += 2
            case "<": relation = .lessThanOrEqual; i += 2
            case ">": relation = .greaterThanOrEqual; i += 2
            default: break
            }
        }
        skipSpaces()
        let objectOffset = i
        let object: Predicate.Object
        if let c = current, c.isLetter || c == "_" {
            let name = identifier()!
            if let m = metrics[name] {
                object = .constant(m)
            } else if allowViews {
                object = .view(name)
            } else {
                throw fail(.unknownMetric(name), at: objectOffset)
            }
        } else {
            object = .constant(try number())
        }
        var priority: Double?
        if take("@") {
            skipSpaces()
            let p = i
            let value = try constant()
            guard value >= 1, value <= 1000 else { throw fail(.invalidPriority(value), at: p) }
            priority = value
        }
        return Predicate(relation: relation, object: object, priority: priority, offset: start)
    }

    /// A number or a metric name.
    private mutating func constant() throws(VisualFormatError) -> Double {
        skipSpaces()
        let start = i
        if let c = current, c.isLetter || c == "_" {
            let name = identifier()!
            guard let m = metrics[name] else { throw fail(.unknownMetric(name), at: start) }
            return m
        }
        return try number()
    }

    private mutating func number() throws(VisualFormatError) -> Double {
        skipSpaces()
        let start = i
        if current == "-" || current == "+" { i += 1 }
        while let c = current, c.isNumber || c == "." { i += 1 }
        guard i > start, let value = Double(String(chars[start..<i])) else {
            i = start
            throw fail(.expected("a number or metric name"))
        }
        return value
    }

    private mutating func identifier() -> String? {
        guard let first = current, first.isLetter || first == "_" else { return nil }
        let start = i
        while let c = current, c.isLetter || c.isNumber || c == "_" { i += 1 }
        return String(chars[start..<i])
    }
}
