/// How a flag that can also be turned off is spelled.
public enum FlagInversion: Sendable {
    /// `--shared` and `--no-shared`.
    case prefixedNo
}

/// A flag: `@Flag(help: "Print JSON.") var json = false` is `--json`.
@propertyWrapper
public struct Flag<Value>: DeclaresArguments {
    let slot: Slot<Value>
    let declare: (String) -> ArgumentDefinition

    // Each wrapper spells these out: a property wrapper's `wrappedValue` must be its own.
    public var wrappedValue: Value {
        get { slot.current }
        nonmutating set { slot.current = newValue }
    }

    func definitions(property: String) -> [ArgumentDefinition] { [declare(property)] }
}

extension Flag where Value == Bool {
    /// A flag that is on when given.
    public init(wrappedValue: Bool, name: NameSpecification = .long, help: String = "") {
        let slot = Slot<Bool>(wrappedValue)
        self.slot = slot
        declare = { property in
            ArgumentDefinition(
                kind: .flag, names: name.names(property: property), valueName: kebabCase(property), help: help,
                set: { slot.value = $0 })
        }
    }
}

extension Flag where Value == Bool? {
    /// A flag that is on, off, or (left out) `nil`: the last one given wins.
    public init(name: NameSpecification = .long, inversion: FlagInversion, help: String = "") {
        let slot = Slot<Bool?>(.some(nil))
        self.slot = slot
        declare = { property in
            let names = name.names(property: property)
            return ArgumentDefinition(
                kind: .flag, names: names, inversions: names.map { "--no-" + $0.drop { $0 == "-" } }, valueName: kebabCase(property),
                help: help, set: { slot.value = .some($0) })
        }
    }
}
