internal import CHabitFlowHeader
import HabitFlowCore

/// The engine's version, the same one `hf_version()` and `engine.version` report: set in one
/// place, `include/habitflow.h`'s `HF_VERSION` and `HF_VERSION_NUMBER`, and read from there.
public enum HabitFlowVersion {
    /// `MAJOR.MINOR.PATCH`.
    public static let string: String = HF_VERSION
    /// `MAJOR * 1_000_000 + MINOR * 1_000 + PATCH`, as `HF_VERSION_NUMBER`.
    public static let number = Int32(HF_VERSION_NUMBER)
    /// The JSON protocol's version: bumped when a request or response changes incompatibly.
    public static let protocolVersion = 1
    /// The licence, as its SPDX identifier (LICENSE holds its text, NOTICE the attributions).
    public static let license = "Apache-2.0"
}

extension HabitFlowVersion {
    /// `string` with static storage, NUL-terminated, for `hf_version()`.
    public static var cString: UnsafePointer<CChar> { habitflow_version_literal() }
}
