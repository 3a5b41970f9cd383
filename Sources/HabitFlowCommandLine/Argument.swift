/// A positional argument: `@Argument(help: "The habit: id or name.") var habit: String` is `<habit>`.
@propertyWrapper
public struct Argument<Value>: DeclaresArguments {
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

extension Argument where Value: ExpressibleByArgument {
    /// A positional argument that must be given.
    public init(help: String = "", completion: CompletionKind? = nil) {
        self.slot = Slot<Value>(nil)
        declare = { property, slot in
            ArgumentDefinition(
                kind: .positional, valueName: kebabCase(property), help: help, completion: completion, values: Value.allValueStrings,
                isRequired: true,
                take: { text in
                    guard let value = Value(argument: text) else { return false }
                    slot.value = value
                    return true
                })
        }
    }
}

extension Argument {
    /// A positional argument that may be left out: `nil` then.
    public init<Wrapped: ExpressibleByArgument>(help: String = "", completion: CompletionKind? = nil) where Value == Wrapped? {
        self.slot = Slot<Value>(.some(nil))
        declare = { property, slot in
            ArgumentDefinition(
                kind: .positional, valueName: kebabCase(property), help: help, completion: completion,
                values: Wrapped.allValueStrings,
                take: { text in
                    guard let value = Wrapped(argument: text) else { return false }
                    slot.value = .some(value)
                    return true
                })
        }
    }

    /// One or more values: every positional word from here on.
    public init<Element: ExpressibleByArgument>(help: String = "", completion: CompletionKind? = nil) where Value == [Element] {
        self.slot = Slot<Value>(nil)
        declare = { property, slot in
            ArgumentDefinition(
                kind: .positional, valueName: kebabCase(property), help: help, completion: completion,
                values: Element.allValueStrings, isRequired: true, isRepeating: true,
                take: { text in
                    guard let value = Element(argument: text) else { return false }
                    slot.value = (slot.value ?? []) + [value]
                    return true
                })
        }
    }
}
