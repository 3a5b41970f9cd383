import HabitFlowCore
import Testing

/// A refusal prints as a person reads it (issue 30: errors printed as raw structs).
@Suite struct HabitFlowErrorTests {
    @Test func anErrorPrintsItsCodeMessageAndField() {
        #expect("\(HabitFlowError(.notFound, "no habit \"h9\"", field: "habitId"))" == #"notFound: no habit "h9" (field habitId)"#)
        #expect("\(HabitFlowError(.storage, "the disk is full"))" == "storage: the disk is full")
        let error: any Error = HabitFlowError.invalid("dayKey", "dayKey must be YYYY-MM-DD")
        #expect(String(describing: error) == "invalidArgument: dayKey must be YYYY-MM-DD (field dayKey)")
    }
}
