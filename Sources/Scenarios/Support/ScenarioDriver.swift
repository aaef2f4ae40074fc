import Workloads

/// One scenario, set up for one job (a variant's resolved parameters and a
/// seed) and then stepped by the worker's measurement loop.
///
/// Contract the worker relies on:
/// - `init` does all setup that is not the scenario's point (building the
///   hierarchy a per-frame operation works on); it is not measured.
/// - every `step()` does the same work, so any one iteration's counters are
///   the per-iteration counters, exactly, for a given seed (drivers whose
///   engine state drifts say so with `identicalSteps`); drivers run a first
///   step in `init` when the engine needs one round to reach its steady state;
/// - `counters()` are cumulative since `init` (the worker takes differences);
/// - `digest()` hashes the layout the last step produced, in tree order;
/// - `sink` folds in values the steps read, so the optimiser cannot drop the work.
public protocol ScenarioDriver: AnyObject {
    /// The `driver:` name in workload files; must match `ScenarioCatalog`.
    static var name: String { get }
    /// - Throws: `ScenarioError.badParameter` or `.engine` when setup fails.
    init(parameters: DriverParameters, seed: UInt64) throws(ScenarioError)
    /// One measured iteration.
    /// - Throws: `ScenarioError.engine` with the engine's log when the engine fails unexpectedly.
    func step() throws(ScenarioError)
    /// Engine counters since `init`, by name (see `CounterNames`).
    func counters() -> [String: Int]
    /// Hex digest of the final layout.
    func digest() -> String
    /// Lines the engine logged during the last step (broken constraints…), capped.
    var log: [String] { get }
    /// A value depending on everything the steps computed.
    var sink: Double { get }
    /// False when successive steps do slightly different counted work (the
    /// solver's state drifts as symbols are reused); the worker's counters are
    /// then those of the first step after warm-up, still exact for a job.
    static var identicalSteps: Bool { get }
}

extension ScenarioDriver {
    public static var identicalSteps: Bool { true }
}

/// Why a scenario could not be set up or run.
public enum ScenarioError: Error, Equatable, CustomStringConvertible {
    /// The resolved parameters do not fit the driver.
    case badParameter(name: String, message: String)
    /// No driver of this name is compiled into the worker.
    case unknownDriver(String, known: [String])
    /// The engine failed (an unexpected unsatisfiable layout, a rejected call); `log` is its output.
    case engine(String, log: [String])

    public var description: String {
        switch self {
        case let .badParameter(name, message):
            "parameter '\(name)': \(message) — fix the workload file or the job's overrides"
        case let .unknownDriver(name, known):
            "no driver '\(name)' in this worker (drivers: \(known.joined(separator: ", "))) — rebuild the worker or fix `driver:`"
        case let .engine(message, _):
            "the engine failed: \(message) — see the log lines for the constraints involved"
        }
    }
}
