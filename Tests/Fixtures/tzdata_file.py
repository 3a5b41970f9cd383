"""Android-format tzdata files (bionic's concatenated tz database), for the tests, the fuzz
corpus and scripts/bench-zone: one writer, shared.

    android_file(zones, version=b"2025b", planted=None) -> bytes

zones are ids of the system database (/usr/share/zoneinfo); planted maps an id to the id whose
TZif it gets, so a test can tell which source answered."""
import os
import struct

ZONEINFO = "/usr/share/zoneinfo"


def android_file(zones, version=b"2025b", planted=None):
    planted = planted or {}
    entries, data = b"", b""
    for name in sorted(zones):
        with open(os.path.join(ZONEINFO, planted.get(name, name)), "rb") as f:
            tzif = f.read()
        entries += name.encode().ljust(40, b"\0") + struct.pack(">iii", len(data), len(tzif), 0)
        data += tzif
    index = 24
    header = (b"tzdata" + version).ljust(12, b"\0") + struct.pack(">iii", index, index + len(entries), index + len(entries) + len(data))
    return header + entries + data
