/// What each property wrapper tells the parser about itself, given the property's name.
protocol DeclaresArguments {
    func definitions(property: String) -> [ArgumentDefinition]
    /// Runs the `validate()` of an option group's arguments.
    func validate() throws
}

extension DeclaresArguments {
    func validate() throws {}
}

extension ParsableArguments {
    /// The arguments this value declares, in declaration order, option groups expanded.
    func definitions() -> [ArgumentDefinition] {
        var definitions: [ArgumentDefinition] = []
        for child in Mirror(reflecting: self).children {
            guard let declared = child.value as? DeclaresArguments, var label = child.label else { continue }
            if label.hasPrefix("_") { label.removeFirst() }
            definitions += declared.definitions(property: label)
        }
        return definitions
    }

    /// Validates the option groups this value holds, then the value itself.
    mutating func validateAll() throws {
        for child in Mirror(reflecting: self).children {
            try (child.value as? DeclaresArguments)?.validate()
        }
        try validate()
    }
}

/// `multiplePerDay` as a command line spells it: `multiple-per-day`.
func kebabCase(_ name: String) -> String {
    var result = ""
    var previousWasLower = false
    for character in name {
        if character.isUppercase {
            if previousWasLower { result.append("-") }
            result += character.lowercased()
            previousWasLower = false
        } else {
            result.append(character)
            previousWasLower = character.isLowercase || character.isNumber
        }
    }
    return result
}
