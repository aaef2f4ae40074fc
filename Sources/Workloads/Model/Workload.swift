/// A workload: one scenario replayed from a talk, as loaded from `Workloads/NAME.yaml`.
/// Plain data; the loader (`WorkloadLoader`) builds it and reports every problem
/// with file, line and column; drivers and the harness only read it.
public struct Workload: Sendable, Equatable, Codable {
    /// File name without `.yaml`; scripts rely on it.
    public var name: String
    public var title: String
    public var talk: TalkReference
    public var description: String
    /// Which scenario driver (compiled into the worker) runs it.
    public var driver: String
    /// Driver parameters shared by every variant.
    public var parameters: [String: ParameterValue]
    public var sweep: SizeSweep
    /// Named parameter overrides; at least one. Order is the file's order.
    public var variants: [Variant]
    public var measurement: MeasurementSettings
    public var expectations: [Expectation]
    /// Relative slowdown that `compare` treats as practically significant (default 0.05).
    public var regressionThreshold: Double?

    public init(name: String, title: String, talk: TalkReference, description: String, driver: String,
                parameters: [String: ParameterValue] = [:], sweep: SizeSweep, variants: [Variant],
                measurement: MeasurementSettings = .init(), expectations: [Expectation] = [],
                regressionThreshold: Double? = nil) {
        self.name = name; self.title = title; self.talk = talk; self.description = description
        self.driver = driver; self.parameters = parameters; self.sweep = sweep; self.variants = variants
        self.measurement = measurement; self.expectations = expectations; self.regressionThreshold = regressionThreshold
    }

    public func variant(named name: String) -> Variant? { variants.first { $0.name == name } }

    /// The fewest worker processes per size for a variant that a ratio
    /// claim on time compares. Measured in one process each, the ratio of
    /// two cells is whatever a stretch of load on either process made it;
    /// across three, the middle process decides.
    public static let ratioProcesses = 3

    /// The fewest samples per process when ``ratioProcesses`` spreads a
    /// cell's samples: a process's median needs a few of its own.
    public static let ratioSamplesPerProcess = 5

    /// Worker processes per size for `variant`: `measurement.processes`,
    /// and at least ``ratioProcesses`` for a variant a ratio claim on time
    /// compares.
    public func processes(of variant: String) -> Int {
        let asked = max(1, measurement.processes)
        guard expectations.contains(where: { $0.ratioTimedVariants.contains(variant) }) else { return asked }
        return max(asked, Self.ratioProcesses)
    }

    /// Samples per job for `variant`: `measurement.samples`, spread over
    /// the processes ``processes(of:)`` adds beyond the file's (at least
    /// ``ratioSamplesPerProcess`` each), so a ratio variant's cell costs
    /// about what the file asks.
    public func samples(of variant: String) -> Int {
        let asked = max(1, measurement.processes), planned = processes(of: variant)
        guard planned > asked else { return measurement.samples }
        let spread = (measurement.samples * asked + planned - 1) / planned
        return min(measurement.samples, max(Self.ratioSamplesPerProcess, spread))
    }

    /// The parameters a job of `variant` at `size` runs with: shared, then the
    /// variant's overrides, then the sweep parameter set to `size`.
    public func resolvedParameters(variant: Variant, size: Int) -> [String: ParameterValue] {
        var p = parameters
        for (k, v) in variant.overrides { p[k] = v }
        p[sweep.parameter] = .int(size)
        return p
    }
}

/// Where in which talk the scenario comes from (docs/scenarios.md).
public struct TalkReference: Sendable, Equatable, Codable {
    /// e.g. "WWDC 2018 session 220, High Performance Auto Layout".
    public var title: String
    /// Video time or range, "mm:ss" or "mm:ss–mm:ss"; empty for the slide deck.
    public var time: String
    /// The section of docs/scenarios.md, e.g. "§2".
    public var scenario: String
    /// The title in English, for a talk whose title is in another language:
    /// pages show it beside the original, so a reader without the original
    /// script's fonts still has a label. `nil` when `title` is English.
    public var titleEnglish: String?
    public init(title: String, time: String, scenario: String, titleEnglish: String? = nil) {
        self.title = title; self.time = time; self.scenario = scenario; self.titleEnglish = titleEnglish
    }
}

/// Which parameter is N and the sizes to run.
public struct SizeSweep: Sendable, Equatable, Codable {
    public var parameter: String
    /// Ascending, positive.
    public var sizes: [Int]
    public init(parameter: String, sizes: [Int]) { self.parameter = parameter; self.sizes = sizes }
}

public struct Variant: Sendable, Equatable, Codable {
    public var name: String
    public var description: String
    public var overrides: [String: ParameterValue]
    public init(name: String, description: String = "", overrides: [String: ParameterValue] = [:]) {
        self.name = name; self.description = description; self.overrides = overrides
    }
}

public struct MeasurementSettings: Sendable, Equatable, Codable {
    /// Iterations run and thrown away before sampling.
    public var warmupIterations: Int
    /// Measured samples per job.
    public var samples: Int
    /// Each sample runs enough iterations to last at least this long.
    public var minSampleSeconds: Double
    /// Worker processes per variant and size (asv's `processes`): each is a
    /// job of its own taking `samples` samples, the workload's jobs planned
    /// once per process, one round after another, and a cell's statistics
    /// pool them. A process that the machine slows as a whole (another
    /// tenant, a burst of I/O) then moves only its share of a cell's
    /// samples, and the median stays with the other processes'.
    public var processes: Int
    /// The least time warm-up lasts, in seconds (0: `warmupIterations` and
    /// calibration only). Warm-up samples of the calibrated length follow
    /// until this much time has passed since the job's first step, as
    /// criterion's `warm_up_time` and asv's `warmup_time`: a build that
    /// makes a fresh window every step runs slower in a new process's first
    /// moments, and a job of short samples would measure only that.
    public var warmupSeconds: Double = 0
    public init(warmupIterations: Int = 1, samples: Int = 10, minSampleSeconds: Double = 0.01) {
        self.init(warmupIterations: warmupIterations, samples: samples, minSampleSeconds: minSampleSeconds, processes: 1)
    }

    public init(warmupIterations: Int, samples: Int, minSampleSeconds: Double, processes: Int) {
        self.warmupIterations = warmupIterations; self.samples = samples; self.minSampleSeconds = minSampleSeconds
        self.processes = processes
    }

    private enum CodingKeys: String, CodingKey { case warmupIterations, samples, minSampleSeconds, processes, warmupSeconds }

    /// Settings stored before `processes` existed read as one process, and
    /// before `warmupSeconds` as no warm-up time.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        warmupIterations = try c.decode(Int.self, forKey: .warmupIterations)
        samples = try c.decode(Int.self, forKey: .samples)
        minSampleSeconds = try c.decode(Double.self, forKey: .minSampleSeconds)
        processes = try c.decodeIfPresent(Int.self, forKey: .processes) ?? 1
        warmupSeconds = try c.decodeIfPresent(Double.self, forKey: .warmupSeconds) ?? 0
    }
}

/// A scalar or list parameter value from YAML.
public enum ParameterValue: Sendable, Equatable, Hashable, Codable, CustomStringConvertible {
    case int(Int)
    case double(Double)
    case bool(Bool)
    case string(String)
    case list([ParameterValue])

    public var intValue: Int? { if case .int(let v) = self { v } else { nil } }
    public var doubleValue: Double? {
        switch self { case .int(let v): Double(v); case .double(let v): v; default: nil }
    }
    public var boolValue: Bool? { if case .bool(let v) = self { v } else { nil } }
    public var stringValue: String? { if case .string(let v) = self { v } else { nil } }

    public var description: String {
        switch self {
        case .int(let v): "\(v)"
        case .double(let v): "\(v)"
        case .bool(let v): "\(v)"
        case .string(let v): v
        case .list(let vs): "[" + vs.map(\.description).joined(separator: ", ") + "]"
        }
    }
}
