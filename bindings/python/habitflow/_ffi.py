"""ctypes declarations of include/habitflow.h, and where the library is found."""
from __future__ import annotations

import ctypes
import ctypes.util
import os
from pathlib import Path
from typing import Iterator, Union

_HERE = Path(__file__).resolve().parent
_REPO = _HERE.parent.parent.parent


def _candidates() -> Iterator[Union[str, Path]]:
    env = os.environ.get("HABITFLOW_LIB")
    if env:
        yield env  # an explicit choice is the only choice
        return
    yield _HERE / "libhabitflow.so"                 # bundled with the package
    yield _REPO / "dist" / "lib" / "libhabitflow.so"  # scripts/build-lib in this checkout
    yield _REPO / ".build" / "release" / "libhabitflow.so"
    yield _REPO / ".build" / "debug" / "libhabitflow.so"
    found = ctypes.util.find_library("habitflow")  # installed system-wide
    if found:
        yield found


def load() -> ctypes.CDLL:
    # One SQLite in the process: its locks are the process's, and two copies on one file lose
    # writes (a close by one drops the other's locks). The interpreter's sqlite3 module loads
    # its libsqlite3 first, so the library's libsqlite3.so.0 is that one, found by soname.
    try:
        import sqlite3  # noqa: F401
    except ImportError:  # an interpreter built without it: the system's is the only copy
        pass
    else:
        _warn_if_sqlite_is_built_in()
    errors = []
    for candidate in _candidates():
        path = str(candidate)
        if os.sep in path and not os.path.exists(path):
            errors.append(path + ": missing")
            continue
        try:
            return _declare(ctypes.CDLL(path))
        except OSError as e:
            errors.append("%s: %s" % (path, e))
    raise ImportError("libhabitflow.so not found; set HABITFLOW_LIB or run scripts/build-lib. Tried: "
                      + "; ".join(errors))


def _warn_if_sqlite_is_built_in() -> None:
    """An interpreter whose sqlite3 module carries SQLite inside (python-build-standalone's, as
    uv installs) maps no libsqlite3: the library then loads the system's, a second copy, and a
    store opened by both loses writes. Say so once, at import."""
    try:
        with open("/proc/self/maps") as maps:
            if any("libsqlite3" in line for line in maps):
                return
    except OSError:  # no /proc: nothing to tell by
        return
    import warnings
    warnings.warn("this Python's sqlite3 module has SQLite built in, so this process holds two copies of "
                  "SQLite: never open a HabitFlow store with the sqlite3 module here (writes would be lost)",
                  RuntimeWarning, stacklevel=3)


class DayRange(ctypes.Structure):
    """``hf_day_range`` of include/habitflow.h."""
    _fields_ = [("exists", ctypes.c_int), ("interval_count", ctypes.c_int), ("start", ctypes.c_int64),
                ("end", ctypes.c_int64), ("intervals", (ctypes.c_int64 * 2) * 4)]


def _declare(lib: ctypes.CDLL) -> ctypes.CDLL:
    lib.hf_version.restype = ctypes.c_char_p
    lib.hf_version.argtypes = []
    lib.hf_version_number.restype = ctypes.c_int
    lib.hf_version_number.argtypes = []
    # Returned strings are c_void_p, never c_char_p: we copy them, then give them back to
    # hf_string_free (ctypes would otherwise convert and drop the pointer).
    lib.hf_call.restype = ctypes.c_int
    lib.hf_call.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p)]
    lib.hf_day_key.restype = ctypes.c_int
    lib.hf_day_key.argtypes = [ctypes.c_int64, ctypes.c_char_p, ctypes.c_char * 11]
    lib.hf_set_tzdata.restype = ctypes.c_int
    lib.hf_set_tzdata.argtypes = [ctypes.c_char_p, ctypes.c_int, ctypes.POINTER(ctypes.c_void_p)]
    lib.hf_open.restype = ctypes.c_int
    lib.hf_open.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p)]
    lib.hf_engine_call.restype = ctypes.c_int
    lib.hf_engine_call.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p)]
    lib.hf_close.restype = None
    lib.hf_close.argtypes = [ctypes.c_void_p]
    lib.hf_zone_open.restype = ctypes.c_int
    lib.hf_zone_open.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p)]
    lib.hf_zone_close.restype = None
    lib.hf_zone_close.argtypes = [ctypes.c_void_p]
    lib.hf_zone_day_key.restype = ctypes.c_int
    lib.hf_zone_day_key.argtypes = [ctypes.c_void_p, ctypes.c_int64, ctypes.c_char * 11]
    lib.hf_zone_day_range.restype = ctypes.c_int
    lib.hf_zone_day_range.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.POINTER(DayRange)]
    lib.hf_string_free.restype = None
    lib.hf_string_free.argtypes = [ctypes.c_void_p]
    return lib
