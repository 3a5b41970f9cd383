"""HabitFlow Core for Python: the engine's C ABI through ctypes.

    >>> import habitflow
    >>> habitflow.day_key("Europe/Amsterdam", "2024-03-30T23:30:00Z")
    '2024-03-31'
    >>> habitflow.day_range("Pacific/Apia", "2011-12-30")["exists"]
    False
    >>> habitflow.call({"op": "time.week", "args": {"dayKey": "2024-01-03"}})["start"]
    '2024-01-01'

Every function sends the same JSON request as every other face (docs/PROTOCOL.md); a failed
request raises HabitFlowError with the engine's code, field and message.
"""
import ctypes
import json

from . import _ffi

__all__ = ["Engine", "HabitFlowError", "call", "day_key", "day_range", "week", "version", "version_number"]

_lib = _ffi.load()

#: The C status codes of include/habitflow.h, by JSON error code.
STATUS = {
    "invalid_json": 1, "invalid_argument": 2, "unknown_op": 3, "unknown_zone": 4,
    "invalid_date": 5, "not_found": 6, "conflict": 7, "confirmation_required": 8,
    "limit_exceeded": 9, "forbidden": 10, "storage": 11, "internal": 12,
}
_CODES = {number: code for code, number in STATUS.items()}


class HabitFlowError(Exception):
    """A request the engine refused: ``code`` (``"unknown_zone"``...), ``field``
    (``"args.zone"`` or None), ``message``, and ``details`` when the engine gives them."""

    def __init__(self, code, message, field=None, details=None):
        super().__init__("%s: %s%s" % (code, message, " (%s)" % field if field else ""))
        self.code = code
        self.message = message
        self.field = field
        self.details = details


def version():
    """The library's version string, e.g. ``"0.1.0"``."""
    return _lib.hf_version().decode()


def version_number():
    """The library's version as MAJOR*1000000 + MINOR*1000 + PATCH."""
    return _lib.hf_version_number()


def _c_text(text, what):
    if isinstance(text, str):
        text = text.encode("utf-8")
    if b"\0" in text:
        # A C string ends at NUL: the engine would see a cut text. Say so instead.
        raise HabitFlowError("invalid_json" if what == "request" else "invalid_argument",
                             "%s contains a NUL byte" % what, None if what == "request" else what)
    return text


def _take_string(out):
    if not out.value:
        raise MemoryError("no response from libhabitflow")
    try:
        return ctypes.string_at(out.value).decode("utf-8")
    finally:
        _lib.hf_string_free(out)


def _result(response_text):
    response = json.loads(response_text)
    if response.get("ok"):
        return response["result"]
    error = response["error"]
    raise HabitFlowError(error["code"], error["message"], error.get("field"), error.get("details"))


def _request(request, args):
    if isinstance(request, str):
        request = {"op": request, "args": args}
    return json.dumps(request, allow_nan=False)


def call_raw(request_json):
    """Sends a JSON text (str or bytes) with no store; returns the response text, whatever it says."""
    request_json = _c_text(request_json, "request")
    out = ctypes.c_void_p()
    _lib.hf_call(request_json, ctypes.byref(out))
    return _take_string(out)


def call(request, **args):
    """Runs one request with no store (time and engine operations) and returns its ``result``.

    ``request`` is a dict ``{"op": ..., "args": {...}}``, or an op name with the arguments as
    keywords: ``call("time.dayKey", zone="UTC", instant="2024-01-01T00:00:00Z")``.
    """
    return _result(call_raw(_request(request, args)))


class Engine:
    """An open store acting as one user: every operation of docs/PROTOCOL.md.

        with habitflow.Engine("habits.sqlite", user="alice", zone="Europe/Amsterdam") as hf:
            habit = hf.call("habit.create", name="Run", kind="numeric", unit="km")["habit"]
            hf.log(habit["id"], value=5)

    ``path`` None opens the default store ($HABITFLOW_DB, else the XDG data directory);
    ``":memory:"`` a private in-memory one. ``zone`` is required the first time a user opens a
    store; ``now`` (RFC 3339) fixes the clock, for tests and replays. Opening raises
    HabitFlowError when the store cannot be used.
    """

    def __init__(self, path=None, user=None, zone=None, now=None):
        if user is None:
            raise HabitFlowError("invalid_argument", "user is required", "user")
        options = {"user": user}
        if zone is not None:
            options["zone"] = zone
        if now is not None:
            options["now"] = now
        handle = ctypes.c_void_p()
        status = _lib.hf_open(None if path is None else _c_text(str(path), "path"),
                              _c_text(json.dumps(options), "options"), ctypes.byref(handle))
        self._handle = handle
        if status != 0:
            try:
                self.call("user.get")  # the failed handle answers with the open error
            finally:
                self.close()
            raise HabitFlowError("internal", "hf_open failed with status %d" % status)

    def call_raw(self, request_json):
        """Sends a JSON text; returns the response text, whatever it says."""
        if self._handle is None:
            raise HabitFlowError("invalid_argument", "the engine is closed", "engine")
        out = ctypes.c_void_p()
        _lib.hf_engine_call(self._handle, _c_text(request_json, "request"), ctypes.byref(out))
        return _take_string(out)

    def call(self, request, **args):
        """Runs one request and returns its ``result`` (see the module's ``call``)."""
        return _result(self.call_raw(_request(request, args)))

    def log(self, habit_id, value=None, **args):
        """Logs an entry (``entry.log``); returns ``{"entry", "action"}``."""
        if value is not None:
            args["value"] = value
        return self.call("entry.log", habitId=habit_id, **args)

    def entries(self, **filters):
        """The user's entries (``entry.list``)."""
        return self.call("entry.list", **filters)["entries"]

    def habits(self, **filters):
        """The user's habits (``habit.list``)."""
        return self.call("habit.list", **filters)["habits"]

    def today(self, day=None):
        """Every active habit's standing (``metrics.today``): a list of dicts with status,
        value, target, currentStreak, longestStreak, week and momentum."""
        return self.call("metrics.today", **_day(day))["habits"]

    def streaks(self, habit_id, day=None):
        """``{"current", "longest", "unit"}`` of one habit (``metrics.streaks``)."""
        return self.call("metrics.streaks", habitId=habit_id, **_day(day))

    def week(self, habit_id, day=None):
        """``{"weekStart", "completed", "required", "fraction"}`` (``metrics.week``)."""
        return self.call("metrics.week", habitId=habit_id, **_day(day))

    def momentum(self, habit_id, day=None):
        """Loop's habit strength in [0, 1] (``metrics.momentum``)."""
        return self.call("metrics.momentum", habitId=habit_id, **_day(day))["momentum"]

    def history(self, habit_id, start, end):
        """``[{"dayKey", "value", "target", "status"}]`` from ``start`` through ``end``."""
        return self.call("metrics.history", habitId=habit_id, **{"from": start, "to": end})["days"]

    def create_goal(self, title, type, target=None, habit_ids=(), **fields):
        """Creates a goal (``goal.create``) linked to ``habit_ids``; returns the goal."""
        if target is not None:
            fields["target"] = target
        if habit_ids:
            fields["habitIds"] = list(habit_ids)
        return self.call("goal.create", title=title, type=type, **fields)["goal"]

    def goals(self, segment=None):
        """Every goal you see as ``(goal, progress)`` pairs, in category order (``goal.list``)."""
        args = {} if segment is None else {"segment": segment}
        return [(g["goal"], g["progress"]) for group in self.call("goal.list", **args)["groups"] for g in group["goals"]]

    def goal_progress(self, goal_id, day=None):
        """``{"value", "target", "fraction", "percent", "thisWeek", "status", ...}``, derived now."""
        return self.call("goal.progress", goalId=goal_id, **_day(day))["progress"]

    def goal_log(self, goal_id, habit_id, value=None, **args):
        """Logs an entry of a habit linked to the goal (``goal.log``)."""
        if value is not None:
            args["value"] = value
        return self.call("goal.log", goalId=goal_id, habitId=habit_id, **args)

    def start_routine(self, routine_id):
        """Starts a routine: ``{"execution", "evidence"}`` (no entries are created)."""
        return self.call("routine.start", routineId=routine_id)

    def evidence(self):
        """Today's evidence waiting for a confirm or a dismiss (``evidence.list``)."""
        return self.call("evidence.list")["evidence"]

    def confirm_evidence(self, evidence_id, value=None):
        """Confirms evidence: logs the habit once (``evidence.confirm``)."""
        args = {} if value is None else {"value": value}
        return self.call("evidence.confirm", evidenceId=evidence_id, **args)

    def dismiss_evidence(self, evidence_id):
        """Dismisses evidence; nothing is logged (``evidence.dismiss``)."""
        return self.call("evidence.dismiss", evidenceId=evidence_id)

    def journal(self, text=None, **fields):
        """Writes a journal entry (``journal.create``); returns it."""
        if text is not None:
            fields["text"] = text
        return self.call("journal.create", **fields)["journal"]

    def log_wellbeing(self, metric, value, **fields):
        """Logs a wellbeing value (``wellbeing.log``); returns it."""
        return self.call("wellbeing.log", metric=metric, value=value, **fields)["wellbeing"]

    def wellbeing_trend(self, metric, start, end):
        """``{"days": [{"dayKey", "mean", "count"}], "mean"}`` (``wellbeing.trend``)."""
        return self.call("wellbeing.trend", metric=metric, **{"from": start, "to": end})

    def sync_changes(self, since=None):
        """``{"changes", "cursor", "replicaId"}``: every change since a cursor (``sync.changes``)."""
        return self.call("sync.changes", **({} if since is None else {"since": since}))

    def sync_apply(self, changes):
        """Applies another replica's changes, all or nothing (``sync.apply``)."""
        return self.call("sync.apply", changes=changes)

    def sync_with(self, other):
        """Exchanges changes both ways with another Engine of the same user; returns the
        two ``sync.apply`` summaries (sent, received)."""
        sent = other.sync_apply(self.sync_changes()["changes"])
        received = self.sync_apply(other.sync_changes()["changes"])
        return sent, received

    def close(self):
        """Closes the store; further calls raise. Closing twice is harmless."""
        handle, self._handle = getattr(self, "_handle", None), None
        if handle:
            _lib.hf_close(handle)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def __del__(self):
        self.close()


def _day(day):
    return {} if day is None else {"dayKey": day}


def metrics(op, records, **args):
    """Stateless derivation: ``metrics.*`` over records the host keeps itself, no store.

    ``records`` is ``{"user": {"zone", "firstWeekday"?}, "today"?, "habits": [...],
    "entries": [...], "targetVersions": [...]}`` with records as the engine writes them::

        habitflow.metrics("streaks", records, habitId="read")
    """
    name = op if op.startswith("metrics.") else "metrics." + op
    return call(name, records=records, **args)


def day_key(zone, instant):
    """The DayKey (``"YYYY-MM-DD"``) of an instant in an IANA zone.

    ``instant`` is an RFC 3339 string, or Unix seconds (int) for the JSON-free fast path.
    """
    if isinstance(instant, bool) or not isinstance(instant, (int, str)):
        raise HabitFlowError("invalid_argument", "instant must be an RFC 3339 string or Unix seconds", "instant")
    if isinstance(instant, str):
        return call("time.dayKey", zone=zone, instant=instant)["dayKey"]
    if not isinstance(zone, str) or "\0" in zone:
        raise HabitFlowError("invalid_argument", "zone must be a string without NUL", "zone")
    if not -(1 << 63) <= instant < (1 << 63):
        raise HabitFlowError("invalid_date", "instant is outside the supported range", "instant")
    out = (ctypes.c_char * 11)()
    status = _lib.hf_day_key(instant, zone.encode("utf-8"), out)
    if status != 0:
        code = _CODES.get(status, "internal")
        raise HabitFlowError(code, "hf_day_key failed for zone %r" % zone,
                             "zone" if code == "unknown_zone" else "instant")
    return out.value.decode()


def day_range(zone, day_key):
    """The instants of a local day: ``{exists, start, end, hours, intervals}``."""
    return call("time.dayRange", zone=zone, dayKey=day_key)


def week(day_key, first_weekday="monday"):
    """The week containing a day: ``{start, days}``."""
    return call("time.week", dayKey=day_key, firstWeekday=first_weekday)
