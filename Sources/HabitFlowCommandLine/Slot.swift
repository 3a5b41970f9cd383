/// A property wrapper's storage, shared by every copy of the command that holds it.
final class Slot<Value> {
    var value: Value?
    init(_ value: Value?) { self.value = value }

    /// The value. Only a command built by hand, never parsed, reads a required one unset: a
    /// programming error.
    var current: Value {
        guard let value else { fatalError("a required argument or option was read before it was parsed") }
        return value
    }
}
