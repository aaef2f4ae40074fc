import Workloads

/// A job's resolved parameters with the driver's defaults filled in, read by
/// typed accessors that throw `ScenarioError.badParameter` with the reason.
public struct DriverParameters: Sendable {
    public private(set) var values: [String: ParameterValue]

    /// Fills in `description`'s defaults and checks every value against its spec.
    /// - Throws: `.badParameter` for an unknown, ill-typed, out-of-range or missing parameter.
    public init(_ values: [String: ParameterValue], description: DriverDescription) throws(ScenarioError) {
        for (name, value) in values {
            guard let spec = description.parameter(named: name) else {
                throw .badParameter(name: name, message: "driver '\(description.name)' has no such parameter")
            }
            if let why = spec.mismatch(value) { throw .badParameter(name: name, message: why) }
        }
        var filled = values
        for spec in description.parameters where filled[spec.name] == nil {
            guard let d = spec.defaultValue else {
                throw .badParameter(name: spec.name, message: "required by driver '\(description.name)' but not set")
            }
            filled[spec.name] = d
        }
        self.values = filled
    }

    /// Unchecked, for tests and drivers that build parameters themselves.
    public init(unchecked values: [String: ParameterValue]) { self.values = values }

    public func int(_ name: String) throws(ScenarioError) -> Int {
        guard let v = values[name]?.intValue else { throw missing(name, "an integer") }
        return v
    }
    public func double(_ name: String) throws(ScenarioError) -> Double {
        guard let v = values[name]?.doubleValue else { throw missing(name, "a number") }
        return v
    }
    public func bool(_ name: String) throws(ScenarioError) -> Bool {
        guard let v = values[name]?.boolValue else { throw missing(name, "true or false") }
        return v
    }
    public func string(_ name: String) throws(ScenarioError) -> String {
        guard let v = values[name]?.stringValue else { throw missing(name, "a string") }
        return v
    }
    /// A string that must be one of `options`.
    public func choice(_ name: String, _ options: [String]) throws(ScenarioError) -> String {
        let v = try string(name)
        guard options.contains(v) else {
            throw .badParameter(name: name, message: "'\(v)' is not one of \(options.joined(separator: ", "))")
        }
        return v
    }

    private func missing(_ name: String, _ kind: String) -> ScenarioError {
        .badParameter(name: name, message: values[name].map { "expected \(kind), found \($0)" } ?? "expected \(kind), not set")
    }
}
