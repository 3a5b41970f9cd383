import HabitFlowCore

/// The engine's version, the same one `hf_version()` and `engine.version` report.
public enum HabitFlowVersion {
    /// `MAJOR.MINOR.PATCH`.
    public static let string = "0.1.0"
    /// `MAJOR * 1_000_000 + MINOR * 1_000 + PATCH`, as `HF_VERSION_NUMBER`.
    public static let number: Int32 = 1_000
    /// The JSON protocol's version: bumped when a request or response changes incompatibly.
    public static let protocolVersion = 1
    /// The licence, as its SPDX identifier (LICENSE holds its text, NOTICE the attributions).
    public static let license = "Apache-2.0"
}

extension HabitFlowVersion {
    /// `string` as a static NUL-terminated literal, for `hf_version()`.
    public static let cString: StaticString = "0.1.0"
}
