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

__all__ = ["HabitFlowError", "call", "day_key", "day_range", "week", "version", "version_number"]

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


def call_raw(request_json):
    """Sends a JSON text (str or bytes); returns the response text, whatever it says."""
    if isinstance(request_json, str):
        request_json = request_json.encode("utf-8")
    if b"\0" in request_json:
        # A C string ends at NUL: the engine would see a cut request. Say so instead.
        raise HabitFlowError("invalid_json", "request contains a NUL byte", None)
    out = ctypes.c_void_p()
    _lib.hf_call(request_json, ctypes.byref(out))
    if not out.value:
        raise MemoryError("hf_call returned no response")
    try:
        return ctypes.string_at(out.value).decode("utf-8")
    finally:
        _lib.hf_string_free(out)


def call(request, **args):
    """Runs one request and returns its ``result``.

    ``request`` is a dict ``{"op": ..., "args": {...}}``, or an op name with the arguments as
    keywords: ``call("time.dayKey", zone="UTC", instant="2024-01-01T00:00:00Z")``.
    """
    if isinstance(request, str):
        request = {"op": request, "args": args}
    response = json.loads(call_raw(json.dumps(request, allow_nan=False)))
    if response.get("ok"):
        return response["result"]
    error = response["error"]
    raise HabitFlowError(error["code"], error["message"], error.get("field"), error.get("details"))


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
