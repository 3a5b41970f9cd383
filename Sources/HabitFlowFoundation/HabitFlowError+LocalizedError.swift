import Foundation
import HabitFlow

/// An engine error as Foundation hosts show one (an alert's text, `localizedDescription`).
extension HabitFlowError: LocalizedError {
    /// The message, as `localizedDescription` shows it.
    public var errorDescription: String? { message }
    /// The field at fault, when the error names one.
    public var failureReason: String? { field.map { "\($0): \(code)" } }
}

extension TimeError: LocalizedError {
    /// The message, as `localizedDescription` shows it.
    public var errorDescription: String? { message }
}
