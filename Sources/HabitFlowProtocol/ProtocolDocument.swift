import HabitFlowCore

/// `docs/PROTOCOL.md`, generated from the operation list so the document cannot drift from
/// the dispatcher (a test compares the file with this text).
public enum ProtocolDocument {
    /// The whole document.
    public static func markdown() -> String {
        var out = """
            # HabitFlow Core — request protocol

            <!-- Generated from Sources/HabitFlowProtocol (Dispatcher.operations); do not edit by hand.
                 Regenerate: HABITFLOW_WRITE_PROTOCOL_DOC=1 swift test --disable-xctest --filter ProtocolDocumentTests -->

            Every face — the C ABI (`hf_call`), `habitflow batch`, the Python package — sends the same
            JSON request and gets the same JSON response.

            ```
            request : {"op": "time.dayKey", "args": {...}, "requestId": "optional, echoed back"}
            success : {"ok": true,  "result": {...}, "requestId": ...}
            failure : {"ok": false, "error": {"code": "...", "message": "...", "field": "args.zone"}, "requestId": ...}
            ```

            - `op` names the operation; `args` is an object (may be omitted when an operation takes none);
              `requestId` (a string of at most \(Dispatcher.maxRequestIDBytes) bytes, a number, or null) is echoed
              back; anything else there is refused with `invalid_argument` (field `requestId`). Any other
              member, or an argument an operation does not declare, is refused with `invalid_argument`.
            - Instants are RFC 3339 (`Z` or `±hh:mm`, optional fraction of up to 9 digits); the engine
              writes them in UTC with `Z`. DayKeys are `YYYY-MM-DD`, real Gregorian dates from
              0001-01-01 to 9999-12-31. Zones are IANA ids, read from tz data the host names, else
              the system tz database, else the copy built into the library (`engine.info` says which).
            - Record ids (1 to 128 of `A-Z a-z 0-9 . _ : -`; the engine makes a UUID when none is given)
              are the user's own: another user may hold a record with the same id, and it is neither
              seen nor touched — naming it answers `not_found`, as for an id no one uses, and creating
              a record with it makes one of your own. A partner's shared goal is named by its id when you
              have no goal of your own with that id. In sync changes, entries and target versions carry
              `ownerId` (their habit's owner) and goal links `goalOwnerId`.

            ## Limits

            | limit | value | error |
            |---|---|---|
            | request size | \(JSONCodec.maxRequestBytes) bytes | `limit_exceeded` |
            | a document the engine reads from a file (`data.import {path}`: a backup of any size) | \(JSONCodec.maxFileBytes) bytes | `limit_exceeded` |
            | nesting depth | \(JSONCodec.maxDepth) | `invalid_json` |
            | string argument | \(Operation.maxStringBytes) bytes | `limit_exceeded` |
            | integers | ±2^53 | `limit_exceeded` |
            | numbers | finite doubles | `limit_exceeded` / `invalid_json` |
            | strings | well-formed UTF-8 (no overlong forms, surrogates or code points above U+10FFFF; no lone surrogate `\\u` escapes), no NUL | `invalid_json` / `invalid_argument` |
            | text fields | names and titles \(TextLimit.name) bytes, category names \(TextLimit.categoryName), units \(TextLimit.unit); one line: no control characters, line or paragraph separators or bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) | `invalid_argument` |
            | values and targets | finite, within ±\(Int64(HabitEntry.maxValue)) (targets 0 to \(Int64(TargetVersion.maxTarget)); a goal's above 0) | `invalid_argument` |
            | notes | \(HabitEntry.maxNoteLength) bytes (journal text \(JournalEntry.maxText), reflections \(HabitEntryReflection.maxText)) | `limit_exceeded` / `invalid_argument` |
            | sync stamps | wall time up to the end of year 9999 | `invalid_argument` |

            Every record meets the same limits wherever it enters — a request, `sync.apply`, the
            sync server's push, `data.import`, a Loop import — so a record one replica takes every
            other takes too. In `sync.apply` a record that breaks one is refused with the whole set,
            naming the change, the record and the rule (field `args.changes[2].record.timesPerWeek`,
            message `changes[2].record.timesPerWeek: habit alice/h1: timesPerWeek must be 1 to 7`); pulled from a server (`remote`) it is held back
            instead, with the records that point at it, listed in `heldBack`, and the rest applies.
            `sync.changes {remote}` holds back such a record of the store's own (written by an earlier
            version) the same way.

            ## Names and short ids

            Where an operation takes `habitId`, `goalId`, `routineId` or `entryId` of a record you
            hold (or lists of them: `habitIds`, `goalIds`; at most \(Dispatcher.maxReferences) per request), it
            also takes what a person would type: a habit's or routine's name (any case,
            the exact spelling first; a live record before a deleted one, so `habit.restore` takes
            a deleted habit's name; a restore looks among deleted records first), a goal's title (yours,
            or one a partner shares with you), or the first characters (at least
            \(RecordNames.shortIdLength)) of one id. An id is looked up first; the name is tried
            only when no record has that id, so a request by id costs nothing more. Several matches
            answer `conflict` ("2 habits are named …: use the id"); none answers `not_found` with the
            closest names (`no habit with the id or name "Rnu": did you mean "Run"?`). Ids inside
            records (`entry.import`, `sync.apply`, `data.import`) and ids of records being created
            are taken as given. Another user's records are never found this way.

            ## Whose records a change set may carry

            Consent is each user's own. A replica takes the user's records, and another user's
            only as their partnership lets it: that user's side naming the user, their profile, and
            while both sides are live the goals they share, their links to them and the habits so
            linked with their entries and targets. A sync server believes no device about another
            user: a push carries the pusher's own records (another's that they may see is ignored —
            it comes from its owner's replica — and anyone else's is `forbidden`), except an edit of
            a goal their active partner shares with them. What one partner shares reaches the other
            from the sharer's own replica on the server, never from the receiver's push.

            ## Definitions by effective day

            Entries are the only truth, and a day keeps the meaning it had: a habit's target, pause,
            cadence (`timesPerWeek`), target type and unit, and a goal's target, are versions, each in
            force from its `effectiveDayKey` on (on one day the last recorded wins, field by field).
            `target.set`, `habit.pause`, `habit.update {unit, cadence, targetType}` and
            `goal.update {target}` write a version dated today or later; a past day is refused with
            `invalid_argument` ("past days keep the definition they had": to change a past day,
            change its entries). A habit's first definition holds from the start of its history, so
            a backfilled day reads with it. A week counts by the cadence in force on its last day;
            each entry counts toward a quantity goal in the unit its habit had on its day
            (`unconverted` counts those that do not convert); each goal week asks the target in
            force on its last day.

            Versions sync as records: a habit's as `targetVersion` (columns `id, owner_id, habit_id,
            effective_day_key, target, recorded_at, paused, cadence, times_per_week, target_type,
            unit`; a null field leaves it as it was; `paused` 1 starts a pause, 0 ends one, 2 leaves
            it; a change set of sync version 2 or older may leave the last five out, and its target 0
            then is a pause), a goal's as `goalVersion` (`id, owner_id, goal_id, effective_day_key,
            target, recorded_at`, `owner_id` the goal's owner, also when the partner it is shared
            with sets the target). They are never edited, only added; a partner's replica takes a
            shared goal's versions as it takes the goal.

            ## Error codes

            | code | C status | meaning |
            |---|---|---|

            """
        for code in ErrorCode.allCases {
            out += "| `\(code.rawValue)` | `\(code.cName)` = \(code.number) | \(meaning(code)) |\n"
        }
        out += "\n## Operations\n"
        for op in Dispatcher.operations {
            out += "\n### `\(op.name)`\n\n\(op.summary)\n\n"
            if op.arguments.isEmpty {
                out += "Arguments: none.\n\n"
            } else {
                out += "| argument | type | required | meaning |\n|---|---|---|---|\n"
                for field in op.arguments {
                    out += "| `\(field.name)` | \(field.type) | \(field.required ? "yes" : "no") | \(field.summary) |\n"
                }
                out += "\n"
            }
            out += "| result | type | meaning |\n|---|---|---|\n"
            for field in op.result {
                out += "| `\(field.name)` | \(field.type) | \(field.summary) |\n"
            }
            if !op.errors.isEmpty {
                out += "\nErrors: " + op.errors.map { "`\($0.rawValue)`" }.joined(separator: ", ") + ".\n"
            }
        }
        return out
    }

    private static func meaning(_ code: ErrorCode) -> String {
        switch code {
        case .invalidJSON: "The request is not one well-formed JSON value (syntax, UTF-8, depth, trailing text)."
        case .invalidArgument: "A member or argument is missing, of the wrong type, unknown, or holds a NUL."
        case .unknownOp: "No operation has that name."
        case .unknownZone: "Not a zone of the tz database (path-like names included); never a silent UTC."
        case .invalidDate: "An impossible or out-of-range DayKey or instant."
        case .notFound: "No record of yours (or shared with you) with that id."
        case .conflict: "Uniqueness, an occupied day, a choice bundle."
        case .confirmationRequired: "The mutation needs `confirm: true`; `details` previews its impact."
        case .limitExceeded: "A size or number limit, or the 10-active-goals limit."
        case .forbidden: "Another user's records (in sync changes), or a partner's that only their creator may change."
        case .storage: "The store failed (I/O, locked, corrupt, newer schema)."
        case .internal: "A bug in the engine, or out of memory."
        }
    }
}
