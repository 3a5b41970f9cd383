/// The daily step goal (seed 002): a target from 1,000 to 20,000 in steps of 500, its
/// estimated distance, and the milestone tier it falls in.
///
/// The goal itself is a target version of the user's steps habit, so a change never
/// rewrites a past day and streaks survive it; "goal met today" is the day status of that
/// habit, derived from the day's step entries.
public enum StepGoal {
    /// The targets offered: 1,000 ... 20,000 in steps of 500.
    public static let range = 1000...20000
    /// The step a target moves by, in steps.
    public static let increment = 500
    /// The average distance of a step, in metres, for the estimated distance (2.5 ft).
    public static let averageStepMeters = 0.762

    /// A milestone tier: its title, icon and colour.
    public struct Tier: Sendable, Equatable {
        /// The step goal's habit's name.
        public var title: String
        /// Its icon.
        public var icon: String
        /// Its colour.
        public var colour: String
    }

    /// Checks a target.
    public static func validate(_ target: Int) throws(HabitFlowError) {
        guard range.contains(target), target % increment == 0 else {
            throw .invalid("target", "the step goal is 1000 to 20000 in steps of 500")
        }
    }

    /// The tier of a target (002's table).
    public static func tier(for target: Int) -> Tier {
        switch target {
        case ..<3000: Tier(title: "Getting Started!", icon: "leaf", colour: "green")
        case ..<5000: Tier(title: "Building Momentum!", icon: "bolt", colour: "blue")
        case ..<8000: Tier(title: "Good Daily Habit!", icon: "star", colour: "purple")
        case ..<10000: Tier(title: "Active Lifestyle!", icon: "paperplane", colour: "orange")
        case ..<13000: Tier(title: "Excellent Goal!", icon: "target", colour: "yellow")
        case ..<16000: Tier(title: "High Achiever!", icon: "trophy", colour: "pink")
        default: Tier(title: "Athletic Performance!", icon: "medal", colour: "red")
        }
    }

    /// `target × average step length` in kilometres and miles, rounded to two decimals.
    public static func estimatedDistance(for target: Int, stepMeters: Double = averageStepMeters) -> (km: Double, mi: Double) {
        let meters = Double(target) * stepMeters
        func twoDecimals(_ x: Double) -> Double { (x * 100).rounded() / 100 }
        return (twoDecimals(meters / 1000), twoDecimals(meters / 1609.344))
    }

    /// The id of a user's steps habit.
    public static func habitId(user: String) -> String { "steps." + user }
}
