"""A host that syncs a HabitFlow store with habitflow-server over its own HTTP stack.

The engine (through any face; here Python's) says what to send and keeps the cursors; the
host only carries bodies. A C host does the same with hf_engine_call and libcurl.

    PYTHONPATH=bindings/python python3 Examples/python/server_sync.py STORE USER URL TOKEN
"""
import json
import sys
import urllib.request
from typing import Any, Dict, Optional

import habitflow


def send(method: str, url: str, token: str, body: Optional[Dict[str, Any]] = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method,
                                     headers={"Authorization": "Bearer " + token, "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as answer:
        return json.loads(answer.read())


def main() -> None:
    store, user, url, token = sys.argv[1:5]
    engine = habitflow.Engine(store, user=user, zone="Europe/Amsterdam")
    if not engine.call("habit.list")["habits"]:
        engine.call("habit.create", name="Water")
    # 1. Push what the server lacks; acknowledge once it has it.
    out = engine.call("sync.changes", remote=url)
    if out["changes"]:
        pushed = send("POST", url + "/v1/changes", token, {"changes": out["changes"]})
        engine.call("sync.acknowledge", remote=url, cursor=out["cursor"])
        print("pushed", pushed["applied"])
    # 2. Pull what is new since the last pull, and apply it with the server's cursor.
    since = engine.call("sync.remote", remote=url)["pulled"]
    pulled = send("GET", url + "/v1/changes?since=" + since, token)
    applied = engine.call("sync.apply", changes=pulled["changes"], remote=url, remoteCursor=pulled["cursor"])
    print("pulled", applied["applied"])
    # The same in one call:
    print("again", engine.sync_with(url, token=token))


if __name__ == "__main__":
    main()
