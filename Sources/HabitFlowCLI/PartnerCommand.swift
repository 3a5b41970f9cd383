import HabitFlowCommandLine
import HabitFlowProtocol

/// `habitflow partner …`: partnerships by consent — one invites, the other accepts.
struct PartnerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "partner", abstract: "Invite a partner, answer an invitation, or end a partnership (shared goals need one).",
        subcommands: [Show.self, Invite.self, Accept.self, Decline.self, Unlink.self], defaultSubcommand: Show.self)

    /// Prints the answer of every partner operation: the partner, or where invitations stand.
    static func describe(_ r: JSONValue) {
        if case .object? = r["partner"] { print("Partnered with \(CLI.text(r["partner"]?["partnerId"]))") }
        if case let .string(who)? = r["invited"] { print("Invited \(who): waiting for their answer (it comes by sync)") }
        if case let .string(who)? = r["declinedBy"] { print("\(who) declined or left") }
        if case let .array(from)? = r["invitations"], !from.isEmpty {
            print("Invitations from: \(from.map { CLI.text($0) }.joined(separator: ", ")) (habitflow partner accept USER)")
        }
        if r["partner"] == .null, r["invited"] == .null, r["declinedBy"] == .null, r["invitations"] == .array([]) { print("No partner") }
    }

    /// Runs an operation naming another user and prints where things stand.
    static func answer(_ op: String, _ user: String, _ store: StoreOptions, _ json: Bool) throws {
        let r = try CLI.run(op, [("userId", .string(user))], json: json, engine: try store.openedEngine(json: json))
        json ? CLI.printJSON(r) : describe(r)
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show your partner and invitations.")
        @OptionGroup var store: StoreOptions
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let r = try CLI.run("partner.get", [], json: json, engine: try store.openedEngine(json: json))
            json ? CLI.printJSON(r) : PartnerCommand.describe(r)
        }
    }

    struct Invite: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "invite", abstract: "Invite a user; nothing is shared until they accept.")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The user to invite.") var user: String
        @Flag(help: "Print JSON.") var json = false

        func run() throws { try PartnerCommand.answer("partner.invite", user, store, json) }
    }

    struct Accept: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "accept", abstract: "Accept a user's invitation.")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The user who invited you.") var user: String
        @Flag(help: "Print JSON.") var json = false

        func run() throws { try PartnerCommand.answer("partner.accept", user, store, json) }
    }

    struct Decline: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "decline", abstract: "Decline a user's invitation.")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The user who invited you.") var user: String
        @Flag(help: "Print JSON.") var json = false

        func run() throws { try PartnerCommand.answer("partner.decline", user, store, json) }
    }

    struct Unlink: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "unlink", abstract: "End the partnership: shared goals become their creators' own.")
        @OptionGroup var store: StoreOptions
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let r = try CLI.run("partner.unlink", [], json: json, engine: try store.openedEngine(json: json))
            json ? CLI.printJSON(r) : print("Partnership ended")
        }
    }
}
