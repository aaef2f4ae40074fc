import Foundation
import SyntheticTimings
import Workloads

/// One synthetic series and the claims checked on it.
public struct CalibrationCase: Sendable, Hashable {
    public var law: TimingLaw
    public var noise: SyntheticNoise
    public var sizes: [Int]
    /// Jobs (worker processes) per size and samples per job.
    public var jobs: Int
    public var samplesPerJob: Int
    /// Jobs added by settling, by size (beyond `jobs`).
    public var extraJobs: [Int: Int] = [:]

    public init(law: TimingLaw, noise: SyntheticNoise, sizes: [Int], jobs: Int, samplesPerJob: Int) {
        self.law = law; self.noise = noise; self.sizes = sizes; self.jobs = jobs; self.samplesPerJob = samplesPerJob
    }

    /// The claims every case is checked against.
    public static let claims: [ScalingClaim] = [.constant, .logarithmic, .linear, .nLogN, .quadratic]

    /// Whether `claim` is true of this law over this sweep.
    public func holds(_ claim: ScalingClaim) -> Bool {
        let rank: Double = switch claim {
        case .constant: 0
        case .logarithmic: 1
        case .linear: 2
        case .nLogN: 3
        case .quadratic: 4
        case .maxExponent(let e): law.trueSlope(sizes: sizes) <= e ? 9 : -1
        }
        // A knee beyond the sweep is just linear.
        if law.growth == .knee, Double(sizes.last!) <= TimingLaw.Growth.kneeSize { return rank >= 2 }
        return law.growth.rank <= rank
    }

    /// The claim's own log-log slope over this sweep: that of g with no intercept.
    public func claimSlope(_ claim: ScalingClaim) -> Double {
        if case .maxExponent(let e) = claim { return e }
        let g: TimingLaw.Growth = switch claim {
        case .constant: .constant
        case .logarithmic: .log
        case .linear: .linear
        case .nLogN: .nLogN
        default: .quadratic
        }
        return g == .constant ? 0 : TimingLaw(growth: g, intercept: 0).trueSlope(sizes: sizes)
    }
}

/// The grid the targets are stated on: every growth shape, noise
/// σ 0.02 / 0.1 / 0.3, intercepts of 5 % and 50 %, sweeps of 3, 4 and 5
/// sizes over two decades, one job of 10 samples per size or three jobs of
/// 5 with process noise of half σ, and `seeds` seeds each.
public struct CalibrationGrid: Sendable {
    public var growths: [TimingLaw.Growth] = TimingLaw.Growth.allCases
    public var sigmas: [Double] = [0.02, 0.1, 0.3]
    public var intercepts: [Double] = [0.05, 0.5]
    public var sweeps: [[Int]] = [[100, 1_000, 10_000], [100, 464, 2_154, 10_000], [100, 316, 1_000, 3_162, 10_000]]
    /// (jobs per size, samples per job, process σ as a fraction of σ).
    public var designs: [(jobs: Int, samples: Int, processShare: Double)] = [(1, 10, 0), (3, 5, 0.5)]
    public var seeds: [UInt64] = Array(1...5)

    public init() {}

    public var cases: [CalibrationCase] {
        var out: [CalibrationCase] = []
        for g in growths {
            for sigma in sigmas {
                for a in intercepts {
                    for sizes in sweeps {
                        for d in designs {
                            for seed in seeds {
                                let noise = SyntheticNoise(sample: sigma, process: sigma * d.processShare,
                                                           seed: seed &* 0x2545_F491_4F6C_DD1D ^ UInt64(out.count))
                                out.append(CalibrationCase(law: TimingLaw(growth: g, intercept: a), noise: noise,
                                                           sizes: sizes, jobs: d.jobs, samplesPerJob: d.samples))
                            }
                        }
                    }
                }
            }
        }
        return out
    }
}
