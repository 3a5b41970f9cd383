/// A JSON value as the dispatcher sees it: requests are read into it, responses built from it.
///
/// json-c does the text work both ways (strict tokenizing with UTF-8 validation and a depth
/// limit; serialising); this tree is what Swift code reads and writes in between. Object
/// keys keep their order so responses read the way PROTOCOL.md documents them.
public enum JSONValue: Equatable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A JSON integer; always within ±2^53 (larger ones are refused at parse time).
    case int(Int64)
    /// A JSON number with a fraction or exponent; always finite.
    case double(Double)
    /// A string (valid UTF-8).
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, its members in order (a key appears once).
    case object([(String, JSONValue)])

    /// Whether the two hold the same values.
    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.int(x), .int(y)): return x == y
        case let (.double(x), .double(y)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.array(x), .array(y)): return x == y
        case let (.object(x), .object(y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// The member `key` of an object, or `nil`.
    public subscript(key: String) -> JSONValue? {
        guard case let .object(members) = self else { return nil }
        return members.last(where: { $0.0 == key })?.1
    }

    /// The JSON type name, for error messages (`"string"`, `"object"`, ...).
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .int: "integer"
        case .double: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}
