/// What a shell offers for a value while a person types it.
public struct CompletionKind: Sendable {
    /// Candidates computed by the command itself, called as
    /// `(words on the line, index of the word being typed, its text so far)`.
    let candidates: @Sendable ([String], Int, String) -> [String]

    public static func custom(_ candidates: @escaping @Sendable ([String], Int, String) -> [String]) -> CompletionKind {
        CompletionKind(candidates: candidates)
    }
}
