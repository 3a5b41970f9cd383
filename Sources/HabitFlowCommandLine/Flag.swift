/// How a flag that can also be turned off is spelled.
public enum FlagInversion: Sendable {
    /// `--shared` and `--no-shared`.
    case prefixedNo
}

/// A flag: `@Flag(help: "Print JSON.") var json = false` is `--json`.
@propertyWrapper
public struct Flag<Value>: DeclaresArguments {
    var slot: Slot<Value>
    let declare: (String, Slot<Value>) -> ArgumentDefinition

    // Each wrapper spells these out: a property wrapper's `wrappedValue` must be its own. A
    // value set in code takes a new slot, so a copy of the command (`var other = store`) is a
    // copy; only the parser writes into the slot a command was made with.
    public var wrappedValue: Value {
        get { slot.current }
        set { slot = Slot(newValue) }
    }

    func definitions(property: String) -> [ArgumentDefinition] { [declare(property, slot)] }
}

extension Flag where Value == Bool {
    /// A flag that is on when given.
    public init(wrappedValue: Bool, name: NameSpecification = .long, help: String = "") {
        self.slot = Slot<Bool>(wrappedValue)
        declare = { property, slot in
            ArgumentDefinition(
                kind: .flag, names: name.names(property: property), valueName: kebabCase(property), help: help,
                set: { slot.value = $0 })
        }
    }
}

extension Flag where Value == Bool? {
    /// A flag that is on, off, or (left out) `nil`: the last one given wins.
    public init(name: NameSpecification = .long, inversion: FlagInversion, help: String = "") {
        self.slot = Slot<Bool?>(.some(nil))
        declare = { property, slot in
            let names = name.names(property: property)
            return ArgumentDefinition(
                kind: .flag, names: names, inversions: names.map { "--no-" + $0.drop { $0 == "-" } }, valueName: kebabCase(property),
                help: help, set: { slot.value = .some($0) })
        }
    }
}
