/// Options shared by many commands, declared once: `@OptionGroup var store: StoreOptions`.
@propertyWrapper
public struct OptionGroup<Value: ParsableArguments>: DeclaresArguments {
    var slot: Slot<Value>

    public init() { slot = Slot(Value()) }

    public var wrappedValue: Value {
        get { slot.value! }
        set { slot = Slot(newValue) }  // a copy set in code is a copy (see Option)
    }

    func definitions(property: String) -> [ArgumentDefinition] { slot.value!.definitions() }

    func validate() throws { try slot.value!.validateAll() }
}
