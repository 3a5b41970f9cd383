# HabitFlow Core for shell scripts: source this file (bash, zsh, dash), then call the functions.
#
#   . bindings/shell/habitflow.sh
#   hf_log Meditate                       # log today
#   hf_log Run 5.2 --note "river loop"    # numeric value
#   hf_call '{"op":"time.dayKey","args":{"zone":"UTC","instant":"2024-01-01T00:00:00Z"}}'
#
# Every function runs the habitflow CLI ($HABITFLOW_BIN, default "habitflow" on PATH) with
# --json where it has one, so output is JSON for jq or python3. The store, user and zone come
# from $HABITFLOW_DB, $HABITFLOW_USER and $HABITFLOW_ZONE as for the CLI. Exit status is the
# CLI's: 0 success, 1 a domain error (its JSON on stderr), 64 a usage error.

: "${HABITFLOW_BIN:=habitflow}"

# hf_call REQUEST_JSON — one request of docs/PROTOCOL.md; prints the response line.
hf_call() { printf '%s\n' "$1" | "$HABITFLOW_BIN" batch; }

# hf_log HABIT [VALUE] [options] — log a habit (see `habitflow log --help`).
hf_log() { "$HABITFLOW_BIN" log --json "$@"; }

# hf_today — today in your zone, your habits and today's entries.
hf_today() { "$HABITFLOW_BIN" today --json "$@"; }

# hf_habits — your habits, one JSON object per line.
hf_habits() { "$HABITFLOW_BIN" habit list --json "$@"; }

# hf_entries [HABIT] [--from DAY] [--to DAY] — entries, one JSON object per line.
hf_entries() { "$HABITFLOW_BIN" entries --json "$@"; }

# hf_day_key ZONE INSTANT — the local day of an instant, YYYY-MM-DD.
hf_day_key() { "$HABITFLOW_BIN" time day-key "$1" "$2"; }

# hf_day_range ZONE DAYKEY — the instants of a local day, as JSON.
hf_day_range() { "$HABITFLOW_BIN" time day-range "$1" "$2" --json; }

# hf_week [HABIT] — this week's progress, one JSON object per habit.
hf_week() { "$HABITFLOW_BIN" week --json "$@"; }

# hf_goals — your goals with their progress, one JSON object per goal.
hf_goals() { "$HABITFLOW_BIN" goal list --json "$@"; }

# hf_sync_with OTHER_STORE — exchange changes both ways with another store file, which must exist (JSON summary).
hf_sync_with() { "$HABITFLOW_BIN" sync with "$1" --json; }
