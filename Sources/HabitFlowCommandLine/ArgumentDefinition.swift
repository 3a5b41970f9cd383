/// One option, flag or positional argument of a command, as its property wrapper declares it.
/// The value lives in the wrapper's slot, a class every copy of the command shares, so the
/// parser can fill a command it only sees through `Mirror`.
final class ArgumentDefinition {
    enum Kind { case option, flag, positional }

    let kind: Kind
    /// Names with their dashes, as help lists them: `-o`, `--output`; `--confirm`, `--yes`.
    let names: [String]
    /// A flag's negative names (`--no-shared`).
    let inversions: [String]
    /// What help and errors call the value: the property's name in kebab case.
    let valueName: String
    let help: String
    let completion: CompletionKind?
    /// The values a completion offers when the type has a closed set (`auto`, `always`, `never`).
    let values: [String]
    /// An option's default, as help shows it.
    let defaultValue: String?
    /// An option whose value may begin with a dash (`--day -3`).
    let unconditional: Bool
    /// Must be given: a non-optional value without a default.
    let isRequired: Bool
    /// A positional argument that takes every remaining value.
    let isRepeating: Bool
    /// Stores a value as typed; `false` when it is not one of the type's (`--weekly x`).
    let take: (String) -> Bool
    /// Sets a flag, or its inversion (`false`).
    let set: (Bool) -> Void
    var given = false

    init(
        kind: Kind, names: [String] = [], inversions: [String] = [], valueName: String, help: String,
        completion: CompletionKind? = nil, values: [String] = [], defaultValue: String? = nil, unconditional: Bool = false,
        isRequired: Bool = false,
        isRepeating: Bool = false, take: @escaping (String) -> Bool = { _ in false }, set: @escaping (Bool) -> Void = { _ in }
    ) {
        self.kind = kind
        self.names = names
        self.inversions = inversions
        self.valueName = valueName
        self.help = help
        self.completion = completion
        self.values = values
        self.defaultValue = defaultValue
        self.unconditional = unconditional
        self.isRequired = isRequired
        self.isRepeating = isRepeating
        self.take = take
        self.set = set
    }

    /// How usage lines and errors show it: `--at <at>`, `--confirm`, `<habit>`.
    var synopsis: String {
        switch kind {
        case .positional: "<\(valueName)>"
        case .flag: names.first { $0.hasPrefix("--") } ?? names[0]
        case .option: "\(names.first { $0.hasPrefix("--") } ?? names[0]) <\(valueName)>"
        }
    }

    /// What help says of it: its help, then its values and default when it has them.
    var helpText: String {
        var text = help
        if !values.isEmpty { text += " (values: \(values.joined(separator: ", ")))" }
        if let defaultValue { text += " (default: \(defaultValue))" }
        return text
    }

    /// How help labels it: every name, then the value (`-o, --output <output>`, `--shared/--no-shared`).
    var label: String {
        switch kind {
        case .positional: "<\(valueName)>"
        case .flag:
            inversions.isEmpty ? names.joined(separator: ", ") : zip(names, inversions).map { "\($0)/\($1)" }.joined(separator: ", ")
        case .option: names.joined(separator: ", ") + " <\(valueName)>"
        }
    }
}
