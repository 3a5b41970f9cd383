/// `bindings/python/habitflow/_operations.py`, generated from the operation list so the Python
/// face cannot drift from the dispatcher (a test compares the file with this text), as
/// `ProtocolDocument` writes PROTOCOL.md: one typed method per operation (`entry.log` is
/// `entry_log`) with snake_case keywords, and a `TypedDict` per result.
public enum PythonOperations {
    /// A shorter name hosts already use for an operation: its arguments passed in this order
    /// before the keyword-only rest, and the one result member it returns (`nil`: the result).
    struct Alias {
        var name: String
        var op: String
        var positional: [String]
        var returns: String?
    }

    static let aliases: [Alias] = [
        Alias(name: "log", op: "entry.log", positional: ["habitId", "value"], returns: nil),
        Alias(name: "entries", op: "entry.list", positional: ["habitId"], returns: "entries"),
        Alias(name: "habits", op: "habit.list", positional: [], returns: "habits"),
        Alias(name: "today", op: "metrics.today", positional: ["dayKey"], returns: "habits"),
        Alias(name: "streaks", op: "metrics.streaks", positional: ["habitId", "dayKey"], returns: nil),
        Alias(name: "week", op: "metrics.week", positional: ["habitId", "dayKey"], returns: nil),
        Alias(name: "momentum", op: "metrics.momentum", positional: ["habitId", "dayKey"], returns: "momentum"),
        Alias(name: "history", op: "metrics.history", positional: ["habitId", "from", "to"], returns: "days"),
        Alias(name: "strength", op: "metrics.strength", positional: ["habitId", "from", "to", "per"], returns: "points"),
        Alias(name: "create_habit", op: "habit.create", positional: ["name"], returns: "habit"),
        Alias(name: "update_habit", op: "habit.update", positional: ["habitId"], returns: "habit"),
        Alias(name: "create_goal", op: "goal.create", positional: ["title", "type", "target", "habitIds"], returns: "goal"),
        Alias(name: "update_goal", op: "goal.update", positional: ["goalId"], returns: "goal"),
        Alias(name: "delete_goal", op: "goal.delete", positional: ["goalId", "confirm"], returns: nil),
        Alias(name: "restore_goal", op: "goal.restore", positional: ["goalId"], returns: "goal"),
        Alias(name: "start_routine", op: "routine.start", positional: ["routineId"], returns: nil),
        Alias(name: "evidence", op: "evidence.list", positional: [], returns: "evidence"),
        Alias(name: "confirm_evidence", op: "evidence.confirm", positional: ["evidenceId", "value"], returns: nil),
        Alias(name: "dismiss_evidence", op: "evidence.dismiss", positional: ["evidenceId"], returns: nil),
        Alias(name: "journal", op: "journal.create", positional: ["text"], returns: "journal"),
        Alias(name: "log_wellbeing", op: "wellbeing.log", positional: ["metric", "value"], returns: "wellbeing"),
        Alias(name: "import_data", op: "data.import", positional: ["document"], returns: nil),
        Alias(name: "import_loop", op: "data.importLoop", positional: ["path"], returns: nil),
    ]

    /// Protocol names that read better, or must differ, in Python (`from` is a keyword).
    static let renamed: [String: String] = [
        "timestampUtc": "at", "dayKey": "day", "from": "start", "to": "end", "effectiveDayKey": "effective_day",
        "startDayKey": "start_day",
    ]

    /// Arguments that are DayKeys or instants: a `date` or an aware `datetime` goes too.
    static let days: Set<String> = ["dayKey", "from", "to", "effectiveDayKey", "startDayKey", "targetDate", "weekOf"]
    static let instants: Set<String> = ["timestampUtc", "instant"]

    /// The whole module.
    public static func source() -> String {
        var out = """
            # Generated from Sources/HabitFlowProtocol (Dispatcher.operations, PythonOperations); do not edit by hand.
            # Regenerate: HABITFLOW_WRITE_PYTHON_OPS=1 swift test --disable-xctest --filter PythonOperationsTests
            \"\"\"Every operation of docs/PROTOCOL.md as a typed method, and each result as a ``TypedDict``.

            ``entry.log`` is ``entry_log``; its arguments are keywords in snake_case (``habitId`` is
            ``habit_id``; ``timestampUtc`` is ``at``, ``dayKey`` is ``day``, ``from``/``to`` are
            ``start``/``end``), required ones first and positional; an optional one left out is not
            sent (``None`` is sent as null). DayKeys may be ``datetime.date`` values and instants aware
            ``datetime`` values. ``habit_id``, ``goal_id``, ``routine_id`` and ``entry_id`` of a record
            you hold (and ``habit_ids``, ``goal_ids``) may be its name (a goal's title) or a short id.
            Results are the engine's JSON, typed.
            \"\"\"
            from __future__ import annotations

            import datetime as _dt
            from typing import Any, Dict, Iterable, List, Mapping, Optional, Tuple, TypedDict, Union

            #: An instant: RFC 3339 text or a timezone-aware datetime.
            InstantLike = Union[str, _dt.datetime]
            #: A DayKey: ``YYYY-MM-DD`` text or a date.
            DayLike = Union[str, _dt.date]


            class _NotGiven:
                \"\"\"An argument left out of the request (``None`` is sent: JSON's null).\"\"\"

                def __repr__(self) -> str:
                    return "NOT_GIVEN"


            #: The default of every optional argument: not in the request, so the engine's default holds.
            NOT_GIVEN: Any = _NotGiven()


            def _args(*pairs: Tuple[str, Any]) -> Dict[str, Any]:
                \"\"\"The request's arguments: those given, mappings and collections as JSON has them.\"\"\"
                out: Dict[str, Any] = {}
                for name, value in pairs:
                    if value is NOT_GIVEN:
                        continue
                    if isinstance(value, Mapping):
                        value = dict(value)
                    elif isinstance(value, (list, tuple, set, frozenset)) or (
                            isinstance(value, Iterable) and not isinstance(value, (str, bytes))):
                        value = list(value)
                    out[name] = value
                return out



            """
        for op in Dispatcher.operations {
            out += resultType(op)
        }
        out += """

            class Operations:
                \"\"\"The typed methods; ``Engine`` runs them (``_call``).\"\"\"

                def _call(self, op: str, args: Dict[str, Any]) -> Any:
                    raise NotImplementedError

            """
        for op in Dispatcher.operations {
            out += method(name: snake(op.name.replacingDots), op: op, positional: [], returns: nil)
        }
        let byName = Dictionary(uniqueKeysWithValues: Dispatcher.operations.map { ($0.name, $0) })
        for alias in aliases {
            guard let op = byName[alias.op] else { preconditionFailure("no operation \(alias.op)") }
            out += method(name: alias.name, op: op, positional: alias.positional, returns: alias.returns)
        }
        return out
    }

    /// `EntryLogResult`: the op's result members, typed.
    static func resultName(_ op: Operation) -> String {
        op.name.split(separator: ".").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined() + "Result"
    }

    static func resultType(_ op: Operation) -> String {
        let total = op.result.allSatisfy(\.required) ? "" : ", total=False"
        var out = "class \(resultName(op))(TypedDict\(total)):\n    \"\"\"``\(op.name)``'s result.\"\"\"\n\n"
        for field in op.result { out += "    \(field.name): \(pythonType(field.type, argument: nil))\n" }
        if op.result.isEmpty { out += "    pass\n" }
        return out + "\n\n"
    }

    static func method(name: String, op: Operation, positional: [String], returns: String?) -> String {
        // Required arguments first (positional), then the alias's optional positional ones, then
        // keyword-only; each optional one defaults to NOT_GIVEN and is left out of the request
        // (None is sent as null: `duration_weeks=None` makes a goal ongoing).
        let required = op.arguments.filter(\.required)
        let leading = required + positional.compactMap { p in op.arguments.first { $0.name == p && !$0.required } }
        let rest = op.arguments.filter { a in !leading.contains { $0.name == a.name } }
        var parameters = ["self"]
        for field in leading {
            let type = pythonType(field.type, argument: field.name)
            parameters.append(field.required ? "\(parameter(field)): \(type)" : "\(parameter(field)): Optional[\(type)] = NOT_GIVEN")
        }
        if !rest.isEmpty { parameters.append("*") }
        for field in rest {
            parameters.append("\(parameter(field)): Optional[\(pythonType(field.type, argument: field.name))] = NOT_GIVEN")
        }
        let resultField = returns.map { r in op.result.first { $0.name == r }! }
        let returnType = resultField.map { pythonType($0.type, argument: nil) } ?? resultName(op)
        var out = "    def \(name)(\(parameters.joined(separator: ", "))) -> \(returnType):\n"
        var doc = "\(op.summary) (``\(op.name)``"
        if let returns { doc += ", its ``\(returns)``" }
        doc += ")"
        out += "        \"\"\"\(escape(doc))\n"
        if !op.arguments.isEmpty { out += "\n" }
        for field in op.arguments { out += "        \(parameter(field)): \(escape(field.summary))\n" }
        out += "        \"\"\"\n"
        let pairs = op.arguments.map { "(\"\($0.name)\", \(parameter($0)))" }.joined(separator: ", ")
        let call = "self._call(\"\(op.name)\", _args(\(pairs)))"
        if let returns {
            out += "        result: \(resultName(op)) = \(call)\n        return result[\"\(returns)\"]\n\n"
        } else {
            out += "        result: \(resultName(op)) = \(call)\n        return result\n\n"
        }
        return out
    }

    static func parameter(_ field: Operation.Field) -> String { renamed[field.name] ?? snake(field.name) }

    /// A protocol type as Python takes it (`argument`: the argument's name, for dates) or
    /// gives it back (`nil`).
    static func pythonType(_ type: String, argument: String?) -> String {
        let parts = type.split(separator: "|").map(String.init)
        let nullable = parts.contains("null")
        let kinds = parts.filter { $0 != "null" }.map { kind -> String in
            switch kind {
            case "string":
                if let argument, days.contains(argument) { return "DayLike" }
                if let argument, instants.contains(argument) { return "InstantLike" }
                return "str"
            case "number": return "float"
            case "integer": return "int"
            case "boolean": return "bool"
            case "array":
                guard let argument else { return "List[Any]" }
                return argument.hasSuffix("Ids") ? "Iterable[str]" : "Iterable[Any]"
            case "object": return argument == nil ? "Dict[str, Any]" : "Mapping[str, Any]"
            default: return "Any"
            }
        }
        let base = kinds.count == 1 ? kinds[0] : "Union[\(kinds.joined(separator: ", "))]"
        return nullable && argument == nil ? "Optional[\(base)]" : base
    }

    /// `includeDeleted` → `include_deleted`.
    static func snake(_ name: String) -> String {
        var out = ""
        for c in name {
            if c.isUppercase {
                out += "_" + c.lowercased()
            } else {
                out.append(c)
            }
        }
        return out
    }

    /// Text inside a docstring: backslashes and triple quotes cannot end it early. (By hand:
    /// `replacing(_:with:)` is `_StringProcessing`'s, 1.2 MB of the library with its regex parser.)
    static func escape(_ text: String) -> String {
        var out = ""
        var quotes = 0  // quotes in a row, not written yet
        for c in text {
            if c == "\"" {
                quotes += 1
                if quotes == 3 {
                    out += #"\"\"\""#
                    quotes = 0
                }
                continue
            }
            out += String(repeating: "\"", count: quotes)
            quotes = 0
            out += c == "\\" ? #"\\"# : String(c)
        }
        return out + String(repeating: "\"", count: quotes)
    }
}

extension String {
    /// `entry.log` → `entry_log`.
    fileprivate var replacingDots: String { String(map { $0 == "." ? "_" : $0 }) }
}
