/// Where an entry came from. Intent decides sync conflicts: manual beats routine and
/// evidence, which beat import (SPEC §10).
public enum EntrySource: String, Sendable, CaseIterable {
    case manual
    case routine
    case evidence
    case `import`
}
