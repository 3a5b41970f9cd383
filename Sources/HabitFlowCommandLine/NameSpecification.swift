/// The names an option or flag answers to: `[.long, .customLong("yes")]` is `--confirm, --yes`
/// on a property named `confirm`.
public struct NameSpecification: ExpressibleByArrayLiteral, Sendable {
    /// One name: derived from the property (`long`, `short`) or given.
    public struct Element: Sendable {
        enum Name {
            case long, short
            case customLong(String)
        }
        let name: Name

        /// `--property-name`.
        public static let long = Element(name: .long)
        /// `-p`: the property's first letter.
        public static let short = Element(name: .short)
        /// `--name`, as given.
        public static func customLong(_ name: String) -> Element { Element(name: .customLong(name)) }
    }

    let elements: [Element]

    public init(arrayLiteral elements: Element...) { self.elements = elements }

    /// `--property-name`.
    public static let long: NameSpecification = [.long]
    /// `-p, --property-name`.
    public static let shortAndLong: NameSpecification = [.short, .long]
    /// `--name`, as given.
    public static func customLong(_ name: String) -> NameSpecification { [.customLong(name)] }

    /// The names with their dashes, short ones first (as help lists them).
    func names(property: String) -> [String] {
        let long = kebabCase(property)
        let all = elements.map { element -> String in
            switch element.name {
            case .long: "--" + long
            case .short: "-" + String(long.prefix(1))
            case let .customLong(name): "--" + name
            }
        }
        return all.filter { !$0.hasPrefix("--") } + all.filter { $0.hasPrefix("--") }
    }
}
