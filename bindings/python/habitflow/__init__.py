"""HabitFlow Core for Python: the engine's C ABI through ctypes.

    >>> import habitflow
    >>> habitflow.day_key("Europe/Amsterdam", "2024-03-30T23:30:00Z")
    '2024-03-31'
    >>> habitflow.day_range("Pacific/Apia", "2011-12-30")["exists"]
    False
    >>> habitflow.call({"op": "time.week", "args": {"dayKey": "2024-01-03"}})["start"]
    '2024-01-01'

Every function sends the same JSON request as every other face (docs/PROTOCOL.md); a failed
request raises HabitFlowError — one subclass per error code (ConflictError,
ConfirmationRequired, UnknownZoneError, ...) — with the engine's code, field and message.
Instants may be given as timezone-aware ``datetime`` values and DayKeys as ``date`` values
wherever the protocol takes their RFC 3339 / ``YYYY-MM-DD`` text.
"""
from __future__ import annotations

import ctypes
import datetime as _dt
import json
import logging
import os
import tempfile
import threading
import time
from typing import Any, Dict, Iterable, List, Literal, Mapping, Optional, Tuple, Type, TypeVar, Union

from . import _ffi
from ._operations import NOT_GIVEN, DataImportResult, DayLike, InstantLike, Operations, TimeDayRangeResult, TimeWeekResult

__all__ = ["Engine", "HabitFlowError", "InvalidJSONError", "InvalidArgumentError", "UnknownOpError",
           "UnknownZoneError", "InvalidDateError", "NotFoundError", "ConflictError", "ConfirmationRequired",
           "LimitExceededError", "ForbiddenError", "StorageError", "InternalError",
           "Zone", "call", "call_raw", "metrics", "day_key", "day_range", "week", "version", "version_number",
           "set_tzdata", "tzdata", "__version__", "Operations", "DayLike", "InstantLike"]

#: A JSON object as the engine answers it.
JSON = Dict[str, Any]

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
    (``"args.zone"`` or None), ``message``, and ``details`` when the engine gives them.

    Each code has its subclass, so callers catch what they handle::

        try:
            hf.log(habit_id, dayKey="2025-03-01")
        except habitflow.ConfirmationRequired as e:
            print(e.impact)   # what the backfill would change
    """

    def __init__(self, code: str, message: str, field: Optional[str] = None, details: Optional[JSON] = None) -> None:
        super().__init__("%s: %s%s" % (code, message, " (%s)" % field if field else ""))
        self.code = code
        self.message = message
        self.field = field
        self.details = details


class InvalidJSONError(HabitFlowError):
    """The request text is not JSON the engine accepts (``invalid_json``)."""


class InvalidArgumentError(HabitFlowError):
    """An argument is missing, of the wrong type or out of range (``invalid_argument``)."""


class UnknownOpError(HabitFlowError):
    """No such operation (``unknown_op``)."""


class UnknownZoneError(HabitFlowError):
    """Not a zone of the tz database (``unknown_zone``)."""


class InvalidDateError(HabitFlowError):
    """A malformed or impossible date or instant (``invalid_date``)."""


class NotFoundError(HabitFlowError):
    """No such record of yours (``not_found``)."""


class ConflictError(HabitFlowError):
    """The day is taken, the id exists, a choice bundle has its option (``conflict``)."""


class ConfirmationRequired(HabitFlowError):
    """The change needs ``confirm=True`` (``confirmation_required``); ``impact`` previews it."""

    @property
    def impact(self) -> Optional[JSON]:
        """What the change would do to derived values (days, week, streaks, momentum)."""
        return (self.details or {}).get("impact")


class LimitExceededError(HabitFlowError):
    """A size or count limit, e.g. the 10 active goals (``limit_exceeded``)."""


class ForbiddenError(HabitFlowError):
    """Another user's record (``forbidden``)."""


class StorageError(HabitFlowError):
    """The store failed: I/O, locked, corrupt, not a HabitFlow store (``storage``)."""


class InternalError(HabitFlowError):
    """A bug in the engine (``internal``)."""


_ERRORS: Dict[str, Type[HabitFlowError]] = {
    "invalid_json": InvalidJSONError, "invalid_argument": InvalidArgumentError, "unknown_op": UnknownOpError,
    "unknown_zone": UnknownZoneError, "invalid_date": InvalidDateError, "not_found": NotFoundError,
    "conflict": ConflictError, "confirmation_required": ConfirmationRequired,
    "limit_exceeded": LimitExceededError, "forbidden": ForbiddenError, "storage": StorageError,
    "internal": InternalError,
}


def _error(code: str, message: str, field: Optional[str] = None, details: Optional[JSON] = None) -> HabitFlowError:
    return _ERRORS.get(code, HabitFlowError)(code, message, field, details)


def version() -> str:
    """The library's version string, ``"MAJOR.MINOR.PATCH"`` (HF_VERSION of the build)."""
    return str(_lib.hf_version().decode())


#: The version of the library this package loaded (PEP 396's attribute; ``version()`` too).
__version__: str = version()


def version_number() -> int:
    """The library's version as MAJOR*1000000 + MINOR*1000 + PATCH."""
    return int(_lib.hf_version_number())


def _c_text(text: Union[str, bytes], what: str) -> bytes:
    if isinstance(text, str):
        try:
            text = text.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate: not text the engine can take
            raise _error("invalid_json" if what == "request" else "invalid_argument",
                         "%s is not valid UTF-8 (a lone surrogate)" % what, None if what == "request" else what)
    if b"\0" in text:
        # A C string ends at NUL: the engine would see a cut text. Say so instead.
        raise _error("invalid_json" if what == "request" else "invalid_argument",
                     "%s contains a NUL byte" % what, None if what == "request" else what)
    return text


def _jsonable(value: Any) -> Any:
    """``datetime`` → RFC 3339 in UTC, ``date`` → ``YYYY-MM-DD``; anything else is refused."""
    if isinstance(value, _dt.datetime):
        if value.tzinfo is None or value.utcoffset() is None:
            raise _error("invalid_argument", "a datetime without a timezone is not an instant: give it tzinfo")
        utc = value.astimezone(_dt.timezone.utc)
        return utc.strftime("%Y-%m-%dT%H:%M:%S") + (".%06d" % utc.microsecond if utc.microsecond else "") + "Z"
    if isinstance(value, _dt.date):
        return value.isoformat()
    raise _error("invalid_argument", "%s is not a JSON value" % type(value).__name__)


def _take_string(out: ctypes.c_void_p) -> str:
    if not out.value:
        raise MemoryError("no response from libhabitflow")
    try:
        return ctypes.string_at(out.value).decode("utf-8")
    finally:
        _lib.hf_string_free(out)


def _result(response_text: str) -> Any:
    response = json.loads(response_text)
    if response.get("ok"):
        return response["result"]
    error = response["error"]
    raise _error(error["code"], error["message"], error.get("field"), error.get("details"))


def _file_name(path: Any, field: str) -> str:
    """A file name as text: `str`, `bytes` (decoded as the file system names files) or an
    `os.PathLike`; anything else is refused rather than turned into its repr."""
    if isinstance(path, (str, bytes)) or hasattr(path, "__fspath__"):
        return os.fsdecode(path)
    raise _error("invalid_argument", "%s is a file name (str, bytes or os.PathLike), not %s" % (field, type(path).__name__),
                 field)


def _request(request: Union[str, Mapping[str, Any]], args: Mapping[str, Any]) -> str:
    if isinstance(request, str):
        request = {"op": request, "args": dict(args)}
    try:
        # Compact: no reader needs the spaces, and a restore's document is a tenth smaller.
        # The circular check stays (a tenth of a restore's dumps): without it a value that
        # holds itself recurses to Python's limit, which a host may have raised past its stack.
        return json.dumps(request, allow_nan=False, default=_jsonable, separators=(",", ":"))
    except ValueError as e:  # NaN or infinity, or a value that holds itself
        if "ircular" in str(e):
            raise _error("invalid_argument", "a value of the request holds itself")
        # As the protocol answers a number JSON cannot carry (and C: `limit_exceeded`).
        raise _error("limit_exceeded", "numbers must be finite (%s)" % e)
    except RecursionError:
        raise _error("invalid_argument", "the request nests too deep")


_limits: Dict[str, int] = {}
_IMPORT_HEAD = b'{"op":"data.import","args":{"document":'


def _max_request_bytes() -> int:
    """The engine's request limit, asked once."""
    if not _limits:
        _limits.update(call("engine.info")["limits"])
    return int(_limits["maxRequestBytes"])


def call_raw(request_json: Union[str, bytes]) -> str:
    """Sends a JSON text (str or bytes) with no store; returns the response text, whatever it says."""
    request_json = _c_text(request_json, "request")
    out = ctypes.c_void_p()
    _lib.hf_call(request_json, ctypes.byref(out))
    return _take_string(out)


def call(request: Union[str, Mapping[str, Any]], **args: Any) -> Any:
    """Runs one request with no store (time and engine operations) and returns its ``result``.

    ``request`` is a dict ``{"op": ..., "args": {...}}``, or an op name with the arguments as
    keywords: ``call("time.dayKey", zone="UTC", instant="2024-01-01T00:00:00Z")``.
    """
    return _result(call_raw(_request(request, args)))


_M = TypeVar("_M", bound="_Managed")


class _Managed:
    """A library handle released exactly once: by close(), at the end of a ``with`` block, or
    when the object is collected (after wasmtime-py's managed handles). A call holds the
    handle while it runs (the GIL is released inside the library): ``close`` on another thread
    waits for the calls in flight, then releases it; later calls raise. A handle belongs to the
    process that opened it: in a child after ``os.fork()``, calls raise and ``close`` forgets it
    without waiting or releasing (the library says so too: an inherited handle is refused)."""

    _handle: Optional[ctypes.c_void_p] = None
    _noun = "handle"

    def _manage(self) -> None:
        # Reentrant: a signal handler that closes runs on a thread that may be inside _begin.
        self._guard = threading.Condition(threading.RLock())
        self._calls: Dict[int, int] = {}  # thread ident → calls in flight on it
        self._pid = os.getpid()

    def _begin(self) -> ctypes.c_void_p:
        """The live handle, held until ``_end``; raises when it is closed."""
        if self._pid != os.getpid():
            raise _error("invalid_argument", "the %s was opened by another process (before a fork): open one here"
                         % self._noun, self._noun)
        with self._guard:
            handle = self._handle
            if handle is None:
                raise _error("invalid_argument", "the %s is closed" % self._noun, self._noun)
            me = threading.get_ident()
            self._calls[me] = self._calls.get(me, 0) + 1
            return handle

    def _end(self) -> None:
        with self._guard:
            me = threading.get_ident()
            left = self._calls[me] - 1
            if left:
                self._calls[me] = left
            else:
                del self._calls[me]
                self._guard.notify_all()

    def _others_calling(self) -> bool:
        me = threading.get_ident()
        return any(thread != me for thread in self._calls)

    def _release(self, handle: ctypes.c_void_p) -> None:
        raise NotImplementedError

    def close(self) -> None:
        """Releases the handle once the calls in flight on other threads end; further calls
        raise. Closing twice is harmless."""
        guard = getattr(self, "_guard", None)
        if guard is None:  # __init__ never got as far as a handle
            return
        if self._pid != os.getpid():  # a parent's handle: its locks and calls are not ours
            self._handle = None
            return
        with guard:
            handle, self._handle = self._handle, None
            # A call of this same thread (a signal handler closing mid-call) is not waited for.
            while self._others_calling():
                guard.wait()
        if handle:
            self._release(handle)

    def __enter__(self: _M) -> _M:
        return self

    def __exit__(self, *exc: Any) -> Literal[False]:
        self.close()
        return False

    def __del__(self) -> None:
        self.close()


class Engine(_Managed, Operations):
    """An open store acting as one user: every operation of docs/PROTOCOL.md, each a typed
    method (``hf.entry_log(...)``, ``hf.metrics_streaks(...)``: see ``habitflow._operations``),
    with shorter names for the common ones (``log``, ``today``, ``streaks``, ``create_goal``…).

        with habitflow.Engine("habits.sqlite", user="alice", zone="Europe/Amsterdam") as hf:
            hf.create_habit("Run", kind="numeric", unit="km")
            hf.log("Run", 5, day=datetime.date(2025, 3, 11), confirm=True)   # a name works as an id

    ``path`` None opens the default store ($HABITFLOW_DB, else the XDG data directory);
    ``":memory:"`` a private in-memory one. ``zone`` is required the first time a user opens a
    store; ``now`` (RFC 3339) fixes the clock, for tests and replays. ``tzdata`` names where
    zones come from first (a folder of TZif files or an Android ``tzdata`` file, ``"system"``
    or ``"embedded"``; default: ``set_tzdata``'s choice, else $HABITFLOW_TZDATA, else the
    system database, then the embedded copy); ``tzdata_only`` reads that source alone.
    Opening raises HabitFlowError when the store or the tz data cannot be used.
    """

    _noun = "engine"

    def __init__(self, path: "Optional[Union[str, bytes, os.PathLike[str], os.PathLike[bytes]]]" = None,
                 user: Optional[str] = None, zone: Optional[str] = None,
                 now: Optional[InstantLike] = None, tzdata: Optional[Union[str, "os.PathLike[str]"]] = None,
                 tzdata_only: bool = False) -> None:
        if user is None:
            raise _error("invalid_argument", "user is required", "user")
        options: Dict[str, Any] = {"user": user}
        if zone is not None:
            options["zone"] = zone
        if now is not None:
            options["now"] = now
        if tzdata is not None:
            options["tzdata"] = _file_name(tzdata, "tzdata")
        if tzdata_only:
            options["tzdataOnly"] = True
        self._manage()
        handle = ctypes.c_void_p()
        self._handle: Optional[ctypes.c_void_p] = handle
        status = _lib.hf_open(None if path is None else _c_text(_file_name(path, "path"), "path"),
                              _c_text(json.dumps(options, default=_jsonable), "options"), ctypes.byref(handle))
        if status != 0:
            try:
                self.call("user.get")  # the failed handle answers with the open error
            finally:
                self.close()
            raise _error("internal", "hf_open failed with status %d" % status)

    def call_raw(self, request_json: Union[str, bytes]) -> str:
        """Sends a JSON text; returns the response text, whatever it says."""
        request = _c_text(request_json, "request")
        out = ctypes.c_void_p()
        handle = self._begin()
        try:
            _lib.hf_engine_call(handle, request, ctypes.byref(out))
        finally:
            self._end()
        return _take_string(out)

    def call(self, request: Union[str, Mapping[str, Any]], **args: Any) -> Any:
        """Runs one request and returns its ``result`` (see the module's ``call``)."""
        return _result(self.call_raw(_request(request, args)))

    def _call(self, op: str, args: Dict[str, Any]) -> Any:
        return self.call(op, **args)

    def chart(self, kind: Literal["calendar", "strength", "goal"], id: str, *, start: Optional[DayLike] = None,
              end: Optional[DayLike] = None, per: Optional[str] = None) -> str:
        """A self-contained SVG: ``kind`` is ``calendar`` or ``strength`` (``id`` a habit) or ``goal``
        (``id`` a goal, as of ``end``); ``start``/``end`` bound the days, ``per`` groups strength."""
        if kind == "calendar":
            return self.chart_calendar(id, start=start, end=end)["svg"]
        if kind == "strength":
            return self.chart_strength(id, start=start, end=end, per=per)["svg"]
        if kind == "goal":
            return self.chart_goal(id, day=end)["svg"]
        raise _error("invalid_argument", "kind must be calendar, strength or goal, not %r" % (kind,), "kind")

    def export(self) -> JSON:
        """Everything of yours as the versioned document :meth:`import_data` restores (``data.export``)."""
        document: JSON = self.data_export()["document"]
        return document

    def export_csv(self) -> str:
        """Your active entries as CSV (``data.export`` with ``format: csv``)."""
        csv: str = self.data_export(format="csv")["csv"]
        return csv

    def import_data(self, document: Optional[Mapping[str, Any]] = NOT_GIVEN, *,
                    path: "Optional[Union[str, bytes, os.PathLike[str], os.PathLike[bytes]]]" = NOT_GIVEN) -> DataImportResult:
        """Restores a :meth:`export` document (or the file ``path`` holding one) in one
        transaction, under the engine's rules; importing twice changes nothing (``data.import``).

        A document larger than a request may be (``engine.info``'s ``maxRequestBytes``) goes to
        the engine through a private temporary file, so whatever :meth:`export` gave restores."""
        if path is not NOT_GIVEN and path is not None:
            if document is not NOT_GIVEN and document is not None:
                return self.data_import(document=document, path=_file_name(path, "path"))  # the engine says which
            return self.data_import(path=_file_name(path, "path"))
        if document is NOT_GIVEN or document is None:
            return self.data_import(document=document)
        if isinstance(document, Mapping) and not isinstance(document, dict):
            document = dict(document)  # as every typed method takes a Mapping
        request = _c_text(_request("data.import", {"document": document}), "request")
        if len(request) <= _max_request_bytes():
            result: DataImportResult = _result(self.call_raw(request))
            return result
        with tempfile.NamedTemporaryFile("wb", prefix="habitflow-import-", suffix=".json") as backup:
            # Only the document: the request is `{"op":"data.import","args":{"document":` it `}}`.
            backup.write(memoryview(request)[len(_IMPORT_HEAD):-2])
            backup.flush()
            try:
                return self.data_import(path=backup.name)
            except HabitFlowError as error:
                # The file is ours, not the caller's: name their document, as a request would.
                if error.field is not None and error.field.startswith("args.path"):
                    message = error.message.replace(backup.name + ": ", "").replace(backup.name, "the document")
                    raise _error(error.code, message, "args.document", error.details) from None
                raise

    def goals(self, segment: Optional[str] = None) -> List[Tuple[JSON, JSON]]:
        """Every goal you see as ``(goal, progress)`` pairs, in category order (``goal.list``)."""
        return [(g["goal"], g["progress"]) for group in self.goal_list(segment=segment)["groups"] for g in group["goals"]]

    def sync_with(self, other: Union["Engine", str], token: Optional[str] = None, timeout: float = 120) -> Tuple[JSON, JSON]:
        """Syncs both ways — with another Engine of the same user, or with a sync server at a
        URL (``habitflow-server``; ``token`` is the user's access token). Returns the two
        ``sync.apply`` summaries (sent, received).

        With a server, the engine runs the session (``sync.step``): it names each request, reads
        each answer and keeps the cursors; this only moves the bytes.
        A request the server cannot take then (HTTP 502, 503, 504: its database failing over)
        is sent again after the pauses the engine names, each logged as a warning on the
        ``habitflow`` logger; the error stands after the last (about 30 s in all).
        A refusal by the server raises the HabitFlowError it names. Records that break a rule
        of this version (written before it) are left out and listed in ``sent["heldBack"]`` and
        ``received["heldBack"]``; the rest syncs."""
        if isinstance(other, Engine):
            sent = other.sync_apply(self.sync_changes()["changes"])
            return dict(sent), dict(self.sync_apply(other.sync_changes()["changes"]))
        if token is None:
            raise InvalidArgumentError("invalid_argument", "a sync server needs a token", "token")
        url = other.rstrip("/")
        step = self.call("sync.step", remote=other)
        while "request" in step:
            request = step["request"]
            if "retrying" in request:
                # The server could not take it then (a failover): the engine says how long to wait.
                _log.warning("habitflow: %s", request["retrying"])
                time.sleep(float(request["delay"]))
            status, body = _http(request["method"], url + request["path"], token, request["body"], timeout)
            step = self.call("sync.step", remote=other, state=step["state"], answer={"status": status, "body": body})
        return step["sent"], step["received"]

    def _release(self, handle: ctypes.c_void_p) -> None:
        _lib.hf_close(handle)


_log = logging.getLogger("habitflow")


def _http(method: str, url: str, token: str, body: Optional[str], timeout: float) -> Tuple[int, str]:
    """One exchange with a sync server: its status and body text, whatever the status (the
    engine reads answers, refusals included); only an unreachable server raises."""
    import urllib.error
    import urllib.request
    data = None if body is None else body.encode()
    request = urllib.request.Request(url, data=data, method=method,
                                     headers={"Authorization": "Bearer " + token, "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            return answer.status, answer.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode("utf-8", "replace")
    except OSError as e:
        raise StorageError("storage", "cannot reach the sync server at %s: %s" % (url, e), "url") from None


def metrics(op: str, records: Mapping[str, Any], **args: Any) -> Any:
    """Stateless derivation: ``metrics.*`` over records the host keeps itself, no store.

    ``records`` is ``{"user": {"zone", "firstWeekday"?}, "today"?, "habits": [...],
    "entries": [...], "targetVersions": [...]}`` with records as the engine writes them::

        habitflow.metrics("streaks", records, habitId="read")
    """
    name = op if op.startswith("metrics.") else "metrics." + op
    return call(name, records=records, **args)


def set_tzdata(tzdata: Optional[Union[str, "os.PathLike[str]"]], only: bool = False) -> None:
    """Choose where zones come from for this process: the module-level functions (``day_key``,
    ``Zone``, ``call``) and every later ``Engine`` without its own ``tzdata``.

    ``tzdata`` is a folder of TZif files or an Android ``tzdata`` file, ``"system"`` or
    ``"embedded"``, or None for the default order (the system database, then the embedded
    copy); ``only`` reads that source alone. Call it before the first zone lookup of the
    process (as ``hf_set_tzdata``); raises InvalidArgumentError, naming the file, when the
    data cannot be used or the lookups have already begun.
    """
    message = ctypes.c_void_p()
    text = None if tzdata is None else _c_text(_file_name(tzdata, "tzdata"), "tzdata")
    status = _lib.hf_set_tzdata(text, 1 if only else 0, ctypes.byref(message))
    if status != 0:
        raise _error("invalid_argument", _take_string(message) if message.value else "hf_set_tzdata failed", "tzdata")


def tzdata() -> JSON:
    """The tz data the module-level functions read: ``source`` (file, system, embedded),
    ``version`` (``2025b``), ``path`` and every ``sources`` entry in the order asked."""
    info: JSON = call("engine.info")["tzdata"]
    return info


def day_key(zone: str, instant: Union[InstantLike, int]) -> str:
    """The DayKey (``"YYYY-MM-DD"``) of an instant in an IANA zone.

    ``instant`` is an RFC 3339 string, a timezone-aware datetime, or Unix seconds (int) for
    the JSON-free fast path.
    """
    if isinstance(instant, bool) or not isinstance(instant, (int, str, _dt.datetime)):
        raise _error("invalid_argument", "instant must be an RFC 3339 string, an aware datetime or Unix seconds", "instant")
    if isinstance(instant, (str, _dt.datetime)):
        return str(call("time.dayKey", zone=zone, instant=instant)["dayKey"])
    if not isinstance(zone, str) or "\0" in zone:
        raise _error("invalid_argument", "zone must be a string without NUL", "zone")
    if not -(1 << 63) <= instant < (1 << 63):
        raise _error("invalid_date", "instant is outside the supported range", "instant")
    out = (ctypes.c_char * 11)()
    status = _lib.hf_day_key(instant, zone.encode("utf-8"), out)
    if status != 0:
        code = _CODES.get(status, "internal")
        raise _error(code, "hf_day_key failed for zone %r" % zone,
                             "zone" if code == "unknown_zone" else "instant")
    return str(out.value.decode())


def day_range(zone: str, day_key: DayLike) -> TimeDayRangeResult:
    """The instants of a local day: ``{exists, start, end, hours, intervals}``."""
    result: TimeDayRangeResult = call("time.dayRange", zone=zone, dayKey=day_key)
    return result


def week(day_key: DayLike, first_weekday: str = "monday") -> TimeWeekResult:
    """The week containing a day: ``{start, days}``."""
    result: TimeWeekResult = call("time.week", dayKey=day_key, firstWeekday=first_weekday)
    return result


def _seconds(instant: Union[int, _dt.datetime]) -> int:
    if isinstance(instant, _dt.datetime):
        if instant.tzinfo is None or instant.utcoffset() is None:
            raise _error("invalid_argument", "a datetime without a timezone is not an instant: give it tzinfo", "instant")
        return int((instant - _dt.datetime(1970, 1, 1, tzinfo=_dt.timezone.utc)) // _dt.timedelta(seconds=1))
    if isinstance(instant, bool) or not isinstance(instant, int):
        raise _error("invalid_argument", "instant must be Unix seconds or an aware datetime", "instant")
    if not -(1 << 63) <= instant < (1 << 63):
        raise _error("invalid_date", "instant is outside the supported range", "instant")
    return instant


class Zone(_Managed):
    """One IANA zone, opened once (``hf_zone_open``): DayKeys and day ranges with no JSON.

        >>> amsterdam = habitflow.Zone("Europe/Amsterdam")
        >>> amsterdam.day_key(1711841400)
        '2024-03-31'
        >>> amsterdam.day_range("2025-03-30")["hours"]
        23.0
    """

    _noun = "zone"

    def __init__(self, name: str) -> None:
        self._manage()
        self._handle: Optional[ctypes.c_void_p] = None
        handle = ctypes.c_void_p()
        status = _lib.hf_zone_open(_c_text(name, "zone"), ctypes.byref(handle))
        if status != 0:
            code = _CODES.get(status, "internal")
            raise _error(code, "%r is not a zone of the tz database" % name, "zone")
        self._handle = handle
        self.name = name

    def day_key(self, instant: Union[int, _dt.datetime]) -> str:
        """The local date of an instant (Unix seconds or an aware datetime), ``YYYY-MM-DD``."""
        out = (ctypes.c_char * 11)()
        seconds = _seconds(instant)
        handle = self._begin()
        try:
            status = _lib.hf_zone_day_key(handle, seconds, out)
        finally:
            self._end()
        if status != 0:
            raise _error(_CODES.get(status, "internal"), "instant is outside the supported range", "instant")
        return str(out.value.decode())

    def day_range(self, day: DayLike) -> JSON:
        """The instants of a local day, as ``time.dayRange`` gives them: ``exists``, ``start``
        and ``end`` (Unix seconds, None when the zone skipped the day), ``hours`` and
        ``intervals`` (a list of ``(start, end)`` pairs)."""
        text = day.isoformat() if isinstance(day, _dt.date) else day
        out = _ffi.DayRange()
        key = _c_text(text, "dayKey")
        handle = self._begin()
        try:
            status = _lib.hf_zone_day_range(handle, key, ctypes.byref(out))
        finally:
            self._end()
        if status != 0:
            raise _error(_CODES.get(status, "internal"), "%r is not a day with a range" % (text,), "dayKey")
        if not out.exists:
            return {"exists": False, "start": None, "end": None, "hours": None, "intervals": []}
        return {"exists": True, "start": out.start, "end": out.end, "hours": (out.end - out.start) / 3600,
                "intervals": [(out.intervals[i][0], out.intervals[i][1]) for i in range(out.interval_count)]}

    def _release(self, handle: ctypes.c_void_p) -> None:
        _lib.hf_zone_close(handle)
