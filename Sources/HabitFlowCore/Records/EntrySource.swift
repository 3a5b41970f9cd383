/// Where an entry came from. Intent decides sync conflicts: manual beats routine and
/// evidence, which beat import (SPEC §10).
public enum EntrySource: String, Sendable, CaseIterable {
    /// Logged by the user.
    case manual
    /// Logged by running a routine.
    case routine
    /// Confirmed from a routine's evidence.
    case evidence
    /// Brought in by an import (a Loop backup, a CSV).
    case `import`
}
