/// What the loader knows about scenario drivers without linking the engine:
/// each driver's name, its parameters and their types, and the counters it
/// reports. The worker and `layoutbench workloads validate` pass the real
/// catalog (module `ScenarioCatalog`); without one the loader checks only the
/// file's own structure.
public struct DriverCatalog: Sendable {
    /// Drivers in a stable order (for listings).
    public private(set) var drivers: [DriverDescription]
    private var byName: [String: Int] = [:]

    public init(_ drivers: [DriverDescription]) {
        self.drivers = []
        for d in drivers { add(d) }
    }

    /// Adds a driver, replacing any of the same name.
    public mutating func add(_ driver: DriverDescription) {
        if let i = byName[driver.name] { drivers[i] = driver } else {
            byName[driver.name] = drivers.count
            drivers.append(driver)
        }
    }

    public func driver(named name: String) -> DriverDescription? {
        byName[name].map { drivers[$0] }
    }

    public var names: [String] { drivers.map(\.name) }
}

/// One scenario driver as the loader sees it.
public struct DriverDescription: Sendable, Equatable {
    /// The `driver:` value in workload files.
    public var name: String
    /// One line: what the driver does per iteration.
    public var summary: String
    public var parameters: [ParameterSpec]
    /// Counter names the driver reports per iteration (what `metric:` and `counter:` may name).
    public var counters: [String]

    public init(name: String, summary: String, parameters: [ParameterSpec], counters: [String]) {
        self.name = name; self.summary = summary; self.parameters = parameters; self.counters = counters
    }

    public func parameter(named name: String) -> ParameterSpec? { parameters.first { $0.name == name } }
}

/// One driver parameter: its type, optional bounds and default.
public struct ParameterSpec: Sendable, Equatable {
    public enum Kind: Sendable, Equatable, CustomStringConvertible {
        case int
        case double
        case bool
        case string
        /// A string out of a fixed set.
        case choice([String])
        case intList

        public var description: String {
            switch self {
            case .int: "an integer"
            case .double: "a number"
            case .bool: "true or false"
            case .string: "a string"
            case .choice(let options): "one of " + options.joined(separator: ", ")
            case .intList: "a list of integers"
            }
        }
    }

    public var name: String
    public var kind: Kind
    /// Used when neither the file nor the variant sets it; nil means the parameter is required.
    public var defaultValue: ParameterValue?
    /// Inclusive bounds for numbers (and for each element of an integer list).
    public var minimum: Double?
    public var maximum: Double?
    public var summary: String

    public init(_ name: String, _ kind: Kind, default defaultValue: ParameterValue? = nil,
                minimum: Double? = nil, maximum: Double? = nil, summary: String = "") {
        self.name = name; self.kind = kind; self.defaultValue = defaultValue
        self.minimum = minimum; self.maximum = maximum; self.summary = summary
    }

    /// Why `value` does not fit this parameter, or nil when it does.
    public func mismatch(_ value: ParameterValue) -> String? {
        switch (kind, value) {
        case (.int, .int(let v)): return bounds(Double(v))
        case (.double, .int(let v)): return bounds(Double(v))
        case (.double, .double(let v)): return bounds(v)
        case (.bool, .bool), (.string, .string): return nil
        case (.choice(let options), .string(let s)):
            return options.contains(s) ? nil : "'\(s)' is not \(kind)"
        case (.intList, .list(let items)):
            for item in items {
                guard case .int(let v) = item else { return "expected \(kind), found \(item)" }
                if let b = bounds(Double(v)) { return b }
            }
            return nil
        default:
            return "expected \(kind), found \(value.kindName) \(value)"
        }
    }

    private func bounds(_ v: Double) -> String? {
        if let lo = minimum, v < lo { return "\(Self.format(v)) is below the minimum \(Self.format(lo))" }
        if let hi = maximum, v > hi { return "\(Self.format(v)) is above the maximum \(Self.format(hi))" }
        return nil
    }

    static func format(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }
}

extension ParameterValue {
    /// "integer", "number", … for messages.
    var kindName: String {
        switch self {
        case .int: "integer"
        case .double: "number"
        case .bool: "boolean"
        case .string: "string"
        case .list: "list"
        }
    }
}
