/// Whether an option's value may begin with a dash.
public enum SingleValueParsingStrategy: Sendable {
    /// The next word, unless it looks like an option (`--note --json` is a missing note).
    case next
    /// The next word, whatever it is (`--day -3`).
    case unconditional
}

/// An option that takes a value: `@Option(help: "A note.") var note: String?` is `--note <note>`.
@propertyWrapper
public struct Option<Value>: DeclaresArguments {
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

extension Option where Value: ExpressibleByArgument {
    /// An option with a default value.
    public init(
        wrappedValue: Value, name: NameSpecification = .long, parsing: SingleValueParsingStrategy = .next, help: String = "",
        completion: CompletionKind? = nil
    ) {
        self.init(
            slot: Slot(wrappedValue), name: name, parsing: parsing, help: help, completion: completion, defaultValue: "\(wrappedValue)",
            isRequired: false)
    }

    /// An option that must be given.
    public init(
        name: NameSpecification = .long, parsing: SingleValueParsingStrategy = .next, help: String = "", completion: CompletionKind? = nil
    ) {
        self.init(slot: Slot(nil), name: name, parsing: parsing, help: help, completion: completion, defaultValue: nil, isRequired: true)
    }

    private init(
        slot: Slot<Value>, name: NameSpecification, parsing: SingleValueParsingStrategy, help: String, completion: CompletionKind?,
        defaultValue: String?, isRequired: Bool
    ) {
        self.slot = slot
        declare = { property, slot in
            ArgumentDefinition(
                kind: .option, names: name.names(property: property), valueName: kebabCase(property), help: help,
                completion: completion, values: Value.allValueStrings, defaultValue: defaultValue,
                unconditional: parsing == .unconditional, isRequired: isRequired,
                take: { text in
                    guard let value = Value(argument: text) else { return false }
                    slot.value = value
                    return true
                })
        }
    }
}

extension Option {
    /// An option that may be left out: `nil` then.
    public init<Wrapped: ExpressibleByArgument>(
        name: NameSpecification = .long, parsing: SingleValueParsingStrategy = .next, help: String = "", completion: CompletionKind? = nil
    ) where Value == Wrapped? {
        self.slot = Slot<Value>(.some(nil))
        declare = { property, slot in
            ArgumentDefinition(
                kind: .option, names: name.names(property: property), valueName: kebabCase(property), help: help,
                completion: completion, values: Wrapped.allValueStrings, unconditional: parsing == .unconditional,
                take: { text in
                    guard let value = Wrapped(argument: text) else { return false }
                    slot.value = .some(value)
                    return true
                })
        }
    }
}
