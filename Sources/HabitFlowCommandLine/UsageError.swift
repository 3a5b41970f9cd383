/// A command line's mistake, as the parser words it; printed with the usage, exit 64.
// Unchecked: thrown and caught within one parse, on one thread (the argument is a class).
struct UsageError: Error, @unchecked Sendable {
    let message: String
    /// The argument it is about, whose help the error repeats.
    var argument: ArgumentDefinition? = nil
}
