/// The harness's version, printed by `--version` and stored with each run.
public enum HarnessVersion {
    public static let current = "0.6.0"
}
