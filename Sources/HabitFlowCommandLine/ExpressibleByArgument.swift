/// A type an option or positional argument's text becomes.
public protocol ExpressibleByArgument {
    /// The value a command line's text names, or `nil` when it names none.
    init?(argument: String)
    /// Every value, when the type has a closed set: errors list them and completions offer them.
    static var allValueStrings: [String] { get }
}

extension ExpressibleByArgument {
    public static var allValueStrings: [String] { [] }
}

extension ExpressibleByArgument where Self: CaseIterable, Self: RawRepresentable, RawValue == String {
    public init?(argument: String) { self.init(rawValue: argument) }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

extension String: ExpressibleByArgument {
    public init?(argument: String) { self = argument }
}

extension Int: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument, radix: 10) }
}

extension Double: ExpressibleByArgument {
    // `nan` and `inf` too: the engine, not the command line, says which values a habit takes.
    public init?(argument: String) { self.init(argument) }
}
