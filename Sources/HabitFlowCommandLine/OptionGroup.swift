/// Options shared by many commands, declared once: `@OptionGroup var store: StoreOptions`.
@propertyWrapper
public struct OptionGroup<Value: ParsableArguments>: DeclaresArguments {
    let slot: Slot<Value>

    public init() { slot = Slot(Value()) }

    public var wrappedValue: Value {
        get { slot.value! }
        set { slot.value = newValue }
    }

    func definitions(property: String) -> [ArgumentDefinition] { slot.value!.definitions() }

    func validate() throws { try slot.value!.validateAll() }
}
