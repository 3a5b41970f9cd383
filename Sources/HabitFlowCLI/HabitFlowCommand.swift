import HabitFlow
import HabitFlowCommandLine

/// `habitflow`: the engine at a terminal and in shell pipelines.
@main
struct HabitFlowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "habitflow",
        abstract: "HabitFlow Core: habit days, streaks and goals, right in every time zone.",
        discussion: """
            Text for people by default; --json for scripts. `habitflow batch` runs JSON Lines \
            requests (see docs/PROTOCOL.md). Exit status: 0 success, 1 a domain error (unknown \
            zone, impossible date, ...), 64 a usage error.

            \(TZDataFlags.help)
            """,
        version: HabitFlowVersion.string,
        subcommands: [
            Today.self, HabitCommand.self, Log.self, Entries.self, EditEntry.self, DeleteEntry.self,
            RestoreEntry.self, TargetCommand.self, Pause.self, ResumeHabit.self, Streaks.self, WeekCommand.self, History.self,
            Strength.self, ChartCommand.self, GoalCommand.self, PartnerCommand.self, RoutineCommand.self, EvidenceCommand.self,
            JournalCommand.self, WellbeingCommand.self, ExportCommand.self, ImportCommand.self, BackupCommand.self, SyncCommand.self,
            UserCommand.self,
            ConfigCommand.self, Demo.self, TimeCommand.self,
            Batch.self, Version.self,
        ],
        defaultSubcommand: Today.self
    )
}
