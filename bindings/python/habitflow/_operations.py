# Generated from Sources/HabitFlowProtocol (Dispatcher.operations, PythonOperations); do not edit by hand.
# Regenerate: HABITFLOW_WRITE_PYTHON_OPS=1 swift test --disable-xctest --filter PythonOperationsTests
"""Every operation of docs/PROTOCOL.md as a typed method, and each result as a ``TypedDict``.

``entry.log`` is ``entry_log``; its arguments are keywords in snake_case (``habitId`` is
``habit_id``; ``timestampUtc`` is ``at``, ``dayKey`` is ``day``, ``from``/``to`` are
``start``/``end``), required ones first and positional; an optional one left out is not
sent (``None`` is sent as null). DayKeys may be ``datetime.date`` values and instants aware
``datetime`` values. ``habit_id``, ``goal_id``, ``routine_id`` and ``entry_id`` of a record
you hold (and ``habit_ids``, ``goal_ids``) may be its name (a goal's title) or a short id.
Results are the engine's JSON, typed.
"""
from __future__ import annotations

import datetime as _dt
from typing import Any, Dict, Iterable, List, Mapping, Optional, Tuple, TypedDict, Union

#: An instant: RFC 3339 text or a timezone-aware datetime.
InstantLike = Union[str, _dt.datetime]
#: A DayKey: ``YYYY-MM-DD`` text or a date.
DayLike = Union[str, _dt.date]


class _NotGiven:
    """An argument left out of the request (``None`` is sent: JSON's null)."""

    def __repr__(self) -> str:
        return "NOT_GIVEN"


#: The default of every optional argument: not in the request, so the engine's default holds.
NOT_GIVEN: Any = _NotGiven()


def _args(*pairs: Tuple[str, Any]) -> Dict[str, Any]:
    """The request's arguments: those given, mappings and collections as JSON has them."""
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


class TimeDayKeyResult(TypedDict):
    """``time.dayKey``'s result."""

    dayKey: str


class TimeDayRangeResult(TypedDict):
    """``time.dayRange``'s result."""

    exists: bool
    start: Optional[str]
    end: Optional[str]
    hours: Optional[float]
    intervals: List[Any]


class TimeWeekResult(TypedDict):
    """``time.week``'s result."""

    start: str
    days: List[Any]
    firstWeekday: str


class EngineVersionResult(TypedDict):
    """``engine.version``'s result."""

    version: str
    versionNumber: int
    protocolVersion: int
    license: str


class EngineInfoResult(TypedDict):
    """``engine.info``'s result."""

    version: str
    operations: List[Any]
    limits: Dict[str, Any]
    tzdata: Dict[str, Any]


class UserGetResult(TypedDict):
    """``user.get``'s result."""

    user: Dict[str, Any]
    today: str


class UserUpdateResult(TypedDict):
    """``user.update``'s result."""

    user: Dict[str, Any]


class HabitCreateResult(TypedDict):
    """``habit.create``'s result."""

    habit: Dict[str, Any]


class HabitUpdateResult(TypedDict):
    """``habit.update``'s result."""

    habit: Dict[str, Any]
    effectiveDayKey: Optional[str]


class HabitArchiveResult(TypedDict):
    """``habit.archive``'s result."""

    habit: Dict[str, Any]


class HabitDeleteResult(TypedDict):
    """``habit.delete``'s result."""

    habit: Dict[str, Any]


class HabitRestoreResult(TypedDict):
    """``habit.restore``'s result."""

    habit: Dict[str, Any]


class HabitGetResult(TypedDict):
    """``habit.get``'s result."""

    habit: Dict[str, Any]


class HabitListResult(TypedDict):
    """``habit.list``'s result."""

    habits: List[Any]


class HabitPauseResult(TypedDict):
    """``habit.pause``'s result."""

    versions: List[Any]


class HabitResumeResult(TypedDict):
    """``habit.resume``'s result."""

    version: Optional[Dict[str, Any]]


class EntryLogResult(TypedDict):
    """``entry.log``'s result."""

    entry: Dict[str, Any]
    action: str


class EntryEditResult(TypedDict):
    """``entry.edit``'s result."""

    entry: Dict[str, Any]
    action: str


class EntryDeleteResult(TypedDict):
    """``entry.delete``'s result."""

    entry: Dict[str, Any]
    action: str


class EntryRestoreResult(TypedDict):
    """``entry.restore``'s result."""

    entry: Dict[str, Any]
    action: str


class EntryImportResult(TypedDict):
    """``entry.import``'s result."""

    created: int
    updated: int
    unchanged: int


class EntryPreviewResult(TypedDict):
    """``entry.preview``'s result."""

    entry: Dict[str, Any]
    action: str
    impact: Dict[str, Any]


class EntryGetResult(TypedDict):
    """``entry.get``'s result."""

    entry: Dict[str, Any]


class EntryListResult(TypedDict):
    """``entry.list``'s result."""

    entries: List[Any]


class TargetSetResult(TypedDict):
    """``target.set``'s result."""

    version: Dict[str, Any]


class TargetGetResult(TypedDict):
    """``target.get``'s result."""

    target: float
    paused: bool
    version: Optional[Dict[str, Any]]


class TargetListResult(TypedDict):
    """``target.list``'s result."""

    versions: List[Any]


class EngineMigrateLegacyTargetsResult(TypedDict):
    """``engine.migrateLegacyTargets``'s result."""

    total: int
    migrated: int
    skipped: int
    errors: List[Any]
    done: bool


class MetricsTodayResult(TypedDict):
    """``metrics.today``'s result."""

    dayKey: str
    habits: List[Any]


class MetricsHistoryResult(TypedDict):
    """``metrics.history``'s result."""

    days: List[Any]


class MetricsDayResult(TypedDict):
    """``metrics.day``'s result."""

    status: str
    value: Optional[float]
    target: float


class MetricsStreaksResult(TypedDict):
    """``metrics.streaks``'s result."""

    current: Dict[str, Any]
    longest: Dict[str, Any]
    unit: str


class MetricsWeekResult(TypedDict):
    """``metrics.week``'s result."""

    weekStart: str
    completed: int
    required: int
    fraction: float


class MetricsMomentumResult(TypedDict):
    """``metrics.momentum``'s result."""

    momentum: float


class MetricsStrengthResult(TypedDict):
    """``metrics.strength``'s result."""

    points: List[Any]
    now: float


class ChartCalendarResult(TypedDict):
    """``chart.calendar``'s result."""

    svg: str


class ChartStrengthResult(TypedDict):
    """``chart.strength``'s result."""

    svg: str


class ChartGoalResult(TypedDict):
    """``chart.goal``'s result."""

    svg: str


class BundleCreateResult(TypedDict):
    """``bundle.create``'s result."""

    bundle: Dict[str, Any]
    habits: List[Any]
    day: Dict[str, Any]


class BundleAddResult(TypedDict):
    """``bundle.add``'s result."""

    bundle: Dict[str, Any]
    habits: List[Any]
    day: Dict[str, Any]


class BundleRemoveResult(TypedDict):
    """``bundle.remove``'s result."""

    bundle: Dict[str, Any]
    habits: List[Any]
    day: Dict[str, Any]


class BundleGetResult(TypedDict):
    """``bundle.get``'s result."""

    bundle: Dict[str, Any]
    habits: List[Any]
    day: Dict[str, Any]


class BundleListResult(TypedDict):
    """``bundle.list``'s result."""

    bundles: List[Any]


class GoalCreateResult(TypedDict):
    """``goal.create``'s result."""

    goal: Dict[str, Any]
    progress: Dict[str, Any]


class GoalUpdateResult(TypedDict):
    """``goal.update``'s result."""

    goal: Dict[str, Any]


class GoalDeleteResult(TypedDict):
    """``goal.delete``'s result."""

    deleted: str


class GoalRestoreResult(TypedDict):
    """``goal.restore``'s result."""

    goal: Dict[str, Any]


class GoalGetResult(TypedDict):
    """``goal.get``'s result."""

    goal: Dict[str, Any]
    links: List[Any]
    progress: Dict[str, Any]


class GoalListResult(TypedDict):
    """``goal.list``'s result."""

    groups: List[Any]
    empty: Optional[str]
    goalsOverLimit: Dict[str, Any]


class GoalLinkResult(TypedDict):
    """``goal.link``'s result."""

    link: Dict[str, Any]


class GoalUnlinkResult(TypedDict):
    """``goal.unlink``'s result."""

    unlinked: str


class GoalProgressResult(TypedDict):
    """``goal.progress``'s result."""

    progress: Dict[str, Any]


class GoalHistoryResult(TypedDict):
    """``goal.history``'s result."""

    weeks: List[Any]


class GoalLogResult(TypedDict):
    """``goal.log``'s result."""

    entry: Dict[str, Any]
    action: str
    progress: Dict[str, Any]


class GoalSuggestionsResult(TypedDict):
    """``goal.suggestions``'s result."""

    suggestions: List[Any]


class PartnerInviteResult(TypedDict):
    """``partner.invite``'s result."""

    partner: Optional[Dict[str, Any]]
    invited: Optional[str]
    declinedBy: Optional[str]
    invitations: List[Any]


class PartnerAcceptResult(TypedDict):
    """``partner.accept``'s result."""

    partner: Optional[Dict[str, Any]]
    invited: Optional[str]
    declinedBy: Optional[str]
    invitations: List[Any]


class PartnerDeclineResult(TypedDict):
    """``partner.decline``'s result."""

    partner: Optional[Dict[str, Any]]
    invited: Optional[str]
    declinedBy: Optional[str]
    invitations: List[Any]


class PartnerUnlinkResult(TypedDict):
    """``partner.unlink``'s result."""

    unlinked: bool


class PartnerGetResult(TypedDict):
    """``partner.get``'s result."""

    partner: Optional[Dict[str, Any]]
    invited: Optional[str]
    declinedBy: Optional[str]
    invitations: List[Any]


class CategorySaveResult(TypedDict):
    """``category.save``'s result."""

    category: Dict[str, Any]


class CategoryListResult(TypedDict):
    """``category.list``'s result."""

    categories: List[Any]


class CategoryDeleteResult(TypedDict):
    """``category.delete``'s result."""

    deleted: str


class RoutineCreateResult(TypedDict):
    """``routine.create``'s result."""

    routine: Dict[str, Any]


class RoutineListResult(TypedDict):
    """``routine.list``'s result."""

    routines: List[Any]


class RoutineDeleteResult(TypedDict):
    """``routine.delete``'s result."""

    deleted: str


class RoutineStartResult(TypedDict):
    """``routine.start``'s result."""

    execution: Dict[str, Any]
    evidence: List[Any]


class RoutineExecutionsResult(TypedDict):
    """``routine.executions``'s result."""

    executions: List[Any]


class RoutineDeleteExecutionResult(TypedDict):
    """``routine.deleteExecution``'s result."""

    deleted: str


class EvidenceListResult(TypedDict):
    """``evidence.list``'s result."""

    evidence: List[Any]


class EvidenceConfirmResult(TypedDict):
    """``evidence.confirm``'s result."""

    entry: Dict[str, Any]
    action: str


class EvidenceDismissResult(TypedDict):
    """``evidence.dismiss``'s result."""

    dismissed: str


class JournalCreateTemplateResult(TypedDict):
    """``journal.createTemplate``'s result."""

    template: Dict[str, Any]


class JournalTemplatesResult(TypedDict):
    """``journal.templates``'s result."""

    templates: List[Any]


class JournalCreateResult(TypedDict):
    """``journal.create``'s result."""

    journal: Dict[str, Any]


class JournalEditResult(TypedDict):
    """``journal.edit``'s result."""

    journal: Dict[str, Any]


class JournalDeleteResult(TypedDict):
    """``journal.delete``'s result."""

    deleted: str


class JournalRestoreResult(TypedDict):
    """``journal.restore``'s result."""

    journal: Dict[str, Any]


class JournalGetResult(TypedDict):
    """``journal.get``'s result."""

    journal: Dict[str, Any]


class JournalListResult(TypedDict):
    """``journal.list``'s result."""

    journals: List[Any]


class ReflectionSaveResult(TypedDict):
    """``reflection.save``'s result."""

    reflection: Dict[str, Any]


class ReflectionDeleteResult(TypedDict):
    """``reflection.delete``'s result."""

    deleted: str


class ReflectionListResult(TypedDict):
    """``reflection.list``'s result."""

    reflections: List[Any]


class WellbeingLogResult(TypedDict):
    """``wellbeing.log``'s result."""

    wellbeing: Dict[str, Any]


class WellbeingEditResult(TypedDict):
    """``wellbeing.edit``'s result."""

    wellbeing: Dict[str, Any]


class WellbeingDeleteResult(TypedDict):
    """``wellbeing.delete``'s result."""

    deleted: str


class WellbeingRestoreResult(TypedDict):
    """``wellbeing.restore``'s result."""

    wellbeing: Dict[str, Any]


class WellbeingListResult(TypedDict):
    """``wellbeing.list``'s result."""

    wellbeing: List[Any]


class WellbeingTrendResult(TypedDict):
    """``wellbeing.trend``'s result."""

    days: List[Any]
    mean: Optional[float]


class PersonaSaveResult(TypedDict):
    """``persona.save``'s result."""

    persona: Dict[str, Any]


class PersonaListResult(TypedDict):
    """``persona.list``'s result."""

    personas: List[Any]


class PersonaGetResult(TypedDict):
    """``persona.get``'s result."""

    persona: Dict[str, Any]


class PersonaDeleteResult(TypedDict):
    """``persona.delete``'s result."""

    deleted: str


class IdentitySaveResult(TypedDict):
    """``identity.save``'s result."""

    identity: Dict[str, Any]


class IdentityListResult(TypedDict):
    """``identity.list``'s result."""

    identitys: List[Any]


class IdentityGetResult(TypedDict):
    """``identity.get``'s result."""

    identity: Dict[str, Any]


class IdentityDeleteResult(TypedDict):
    """``identity.delete``'s result."""

    deleted: str


class SkillSaveResult(TypedDict):
    """``skill.save``'s result."""

    skill: Dict[str, Any]


class SkillListResult(TypedDict):
    """``skill.list``'s result."""

    skills: List[Any]


class SkillGetResult(TypedDict):
    """``skill.get``'s result."""

    skill: Dict[str, Any]


class SkillDeleteResult(TypedDict):
    """``skill.delete``'s result."""

    deleted: str


class SyncChangesResult(TypedDict):
    """``sync.changes``'s result."""

    changes: List[Any]
    cursor: str
    more: bool
    replicaId: str
    syncVersion: int
    heldBack: List[Any]


class SyncApplyResult(TypedDict):
    """``sync.apply``'s result."""

    applied: int
    ignored: int
    repairs: int
    heldBack: List[Any]
    goalsOverLimit: Dict[str, Any]


class SyncAcknowledgeResult(TypedDict):
    """``sync.acknowledge``'s result."""

    pulled: str
    pushed: str


class SyncRemoteResult(TypedDict):
    """``sync.remote``'s result."""

    pulled: str
    pushed: str


class SyncStepResult(TypedDict):
    """``sync.step``'s result."""

    request: Dict[str, Any]
    state: Dict[str, Any]
    sent: Dict[str, Any]
    received: Dict[str, Any]


class SyncNewReplicaResult(TypedDict):
    """``sync.newReplica``'s result."""

    replicaId: str


class SyncRepairsResult(TypedDict):
    """``sync.repairs``'s result."""

    repairs: List[Any]


class SyncResolveResult(TypedDict):
    """``sync.resolve``'s result."""

    entry: Dict[str, Any]


class StepGoalGetResult(TypedDict):
    """``stepGoal.get``'s result."""

    enabled: bool
    target: Optional[int]
    habitId: str
    estimatedDistance: Optional[Dict[str, Any]]
    tier: Optional[Dict[str, Any]]
    stepsToday: Optional[float]
    metToday: bool


class StepGoalSetResult(TypedDict):
    """``stepGoal.set``'s result."""

    enabled: bool
    target: Optional[int]
    habitId: str
    estimatedDistance: Optional[Dict[str, Any]]
    tier: Optional[Dict[str, Any]]
    stepsToday: Optional[float]
    metToday: bool


class DataExportResult(TypedDict):
    """``data.export``'s result."""

    document: Dict[str, Any]
    csv: str


class DataBackupResult(TypedDict):
    """``data.backup``'s result."""

    path: str
    replicaId: str


class DataImportResult(TypedDict):
    """``data.import``'s result."""

    records: int
    applied: int
    ignored: int
    repairs: int


class DataImportLoopResult(TypedDict):
    """``data.importLoop``'s result."""

    habits: List[Any]
    entriesCreated: int
    ignored: int



class Operations:
    """The typed methods; ``Engine`` runs them (``_call``)."""

    def _call(self, op: str, args: Dict[str, Any]) -> Any:
        raise NotImplementedError
    def time_day_key(self, zone: str, instant: InstantLike, *, day_starts_at: Optional[str] = NOT_GIVEN) -> TimeDayKeyResult:
        """The DayKey (local civil date) of an instant in a zone. (``time.dayKey``)

        zone: IANA zone id, e.g. `Europe/Amsterdam`.
        instant: RFC 3339 instant (`Z` or `±hh:mm`, optional fraction).
        day_starts_at: `HH:MM`, 00:00 (default) to 12:00: days begin then (from that wall time to the next day's; the first instant after it in a DST gap).
        """
        result: TimeDayKeyResult = self._call("time.dayKey", _args(("zone", zone), ("instant", instant), ("dayStartsAt", day_starts_at)))
        return result

    def time_day_range(self, zone: str, day: DayLike, *, day_starts_at: Optional[str] = NOT_GIVEN) -> TimeDayRangeResult:
        """The UTC instants of a local day (Temporal `startOfDay` semantics), exactly, as intervals. (``time.dayRange``)

        zone: IANA zone id.
        day: `YYYY-MM-DD`, up to 9999-12-30.
        day_starts_at: `HH:MM`, 00:00 (default) to 12:00: days begin then (from that wall time to the next day's; the first instant after it in a DST gap).
        """
        result: TimeDayRangeResult = self._call("time.dayRange", _args(("zone", zone), ("dayKey", day), ("dayStartsAt", day_starts_at)))
        return result

    def time_week(self, day: DayLike, *, first_weekday: Optional[str] = NOT_GIVEN) -> TimeWeekResult:
        """The DayKeys of the week containing a day: seven, or fewer in the one short week a change of the user's first weekday leaves. (``time.week``)

        day: `YYYY-MM-DD`.
        first_weekday: `monday` ... `sunday`: weeks of seven days on it. Absent: the user's weeks as they were on that day (with a store), else `monday`.
        """
        result: TimeWeekResult = self._call("time.week", _args(("dayKey", day), ("firstWeekday", first_weekday)))
        return result

    def engine_version(self) -> EngineVersionResult:
        """The engine's version, the protocol's and the licence. (``engine.version``)
        """
        result: EngineVersionResult = self._call("engine.version", _args())
        return result

    def engine_info(self) -> EngineInfoResult:
        """What this engine accepts and reads: its operations, input limits and tz data. (``engine.info``)
        """
        result: EngineInfoResult = self._call("engine.info", _args())
        return result

    def user_get(self) -> UserGetResult:
        """The user this handle acts as, and today in their zone. (``user.get``)
        """
        result: UserGetResult = self._call("user.get", _args())
        return result

    def user_update(self, *, zone: Optional[str] = NOT_GIVEN, first_weekday: Optional[str] = NOT_GIVEN, day_starts_at: Optional[str] = NOT_GIVEN) -> UserUpdateResult:
        """Changes the user's zone, first weekday or day start; stored DayKeys are never rewritten. (``user.update``)

        zone: IANA zone for new entries.
        first_weekday: `monday` ... `sunday`: from the day after the current week ends (`user.firstWeekdayFrom`), the days up to the new first weekday forming one short week; at once while nothing is logged. Weeks that began keep their windows.
        day_starts_at: `HH:MM`, 00:00 to 12:00: when your day begins (with 04:00, 03:30 still counts for the day before).
        """
        result: UserUpdateResult = self._call("user.update", _args(("zone", zone), ("firstWeekday", first_weekday), ("dayStartsAt", day_starts_at)))
        return result

    def habit_create(self, name: str, *, habit_id: Optional[str] = NOT_GIVEN, kind: Optional[str] = NOT_GIVEN, unit: Optional[str] = NOT_GIVEN, cadence: Optional[str] = NOT_GIVEN, times_per_week: Optional[int] = NOT_GIVEN, target_type: Optional[str] = NOT_GIVEN, multiple_per_day: Optional[bool] = NOT_GIVEN, category_id: Optional[str] = NOT_GIVEN, target: Optional[float] = NOT_GIVEN, legacy_goal: Optional[str] = NOT_GIVEN) -> HabitCreateResult:
        """Creates a habit. (``habit.create``)

        habit_id: Client id (`A-Za-z0-9._:-`, ≤ 128); generated when absent.
        name: 1 to 200 bytes.
        kind: `binary` (default) or `numeric`.
        unit: Numeric habits: `steps`, `km`, ...
        cadence: `daily` (default) or `weekly`.
        times_per_week: 1 to 7, with `weekly`.
        target_type: `atLeast` (default) or `atMost`. A yes/no habit at most 0 could never be met and is refused: "never do X" is a numeric habit at most 0.
        multiple_per_day: Numeric habits only; fixed at creation.
        category_id: A category id.
        target: A first target version, effective today.
        legacy_goal: A legacy goal text for `engine.migrateLegacyTargets`.
        """
        result: HabitCreateResult = self._call("habit.create", _args(("habitId", habit_id), ("name", name), ("kind", kind), ("unit", unit), ("cadence", cadence), ("timesPerWeek", times_per_week), ("targetType", target_type), ("multiplePerDay", multiple_per_day), ("categoryId", category_id), ("target", target), ("legacyGoal", legacy_goal)))
        return result

    def habit_update(self, habit_id: str, *, name: Optional[str] = NOT_GIVEN, unit: Optional[str] = NOT_GIVEN, cadence: Optional[str] = NOT_GIVEN, times_per_week: Optional[int] = NOT_GIVEN, target_type: Optional[str] = NOT_GIVEN, effective_day: Optional[DayLike] = NOT_GIVEN, category_id: Optional[str] = NOT_GIVEN, confirm: Optional[bool] = NOT_GIVEN) -> HabitUpdateResult:
        """Changes a habit's name or category, and its unit, cadence or target type from today (or `effectiveDayKey`) on: past days keep the definition they had, entries are never touched. A cadence between daily and N a week changes at the start of the next week, so no week counts in two units. (``habit.update``)

        habit_id: The habit.
        name: New name.
        unit: New unit from `effectiveDayKey` on (history is not converted).
        cadence: `daily` or `weekly`: from `effectiveDayKey` on within one kind, else from the first week start on or after it.
        times_per_week: 1 to 7, with `weekly`, or alone (weekly): a week asks the N in force on its last day.
        target_type: `atLeast` or `atMost`, from `effectiveDayKey` on.
        effective_day: The first day unit, cadence and target type change: today (default) or later; a past day is refused.
        category_id: A category id; `""` clears it.
        confirm: Go ahead with a unit a linked quantity goal cannot convert (without it: `confirmation_required` naming the goal).
        """
        result: HabitUpdateResult = self._call("habit.update", _args(("habitId", habit_id), ("name", name), ("unit", unit), ("cadence", cadence), ("timesPerWeek", times_per_week), ("targetType", target_type), ("effectiveDayKey", effective_day), ("categoryId", category_id), ("confirm", confirm)))
        return result

    def habit_archive(self, habit_id: str, *, archived: Optional[bool] = NOT_GIVEN) -> HabitArchiveResult:
        """Archives (or unarchives) a habit: it keeps its entries and takes no new ones. (``habit.archive``)

        habit_id: The habit.
        archived: Default true; false unarchives.
        """
        result: HabitArchiveResult = self._call("habit.archive", _args(("habitId", habit_id), ("archived", archived)))
        return result

    def habit_delete(self, habit_id: str, *, confirm: Optional[bool] = NOT_GIVEN) -> HabitDeleteResult:
        """Soft-deletes a habit (needs `confirm`): its entries stay, out of every metric, until `habit.restore`; no new entries. (``habit.delete``)

        habit_id: The habit.
        confirm: Needed for past or future days and day moves; without it the error is `confirmation_required` with `details.affectedDays`.
        """
        result: HabitDeleteResult = self._call("habit.delete", _args(("habitId", habit_id), ("confirm", confirm)))
        return result

    def habit_restore(self, habit_id: str) -> HabitRestoreResult:
        """Restores a deleted habit with its entries (its name must still be free). (``habit.restore``)

        habit_id: The habit.
        """
        result: HabitRestoreResult = self._call("habit.restore", _args(("habitId", habit_id)))
        return result

    def habit_get(self, *, habit_id: Optional[str] = NOT_GIVEN, name: Optional[str] = NOT_GIVEN) -> HabitGetResult:
        """One habit, by id or by its unique name. (``habit.get``)

        habit_id: The habit's id.
        name: Or its name, when exactly one active habit has it.
        """
        result: HabitGetResult = self._call("habit.get", _args(("habitId", habit_id), ("name", name)))
        return result

    def habit_list(self, *, include_archived: Optional[bool] = NOT_GIVEN, include_deleted: Optional[bool] = NOT_GIVEN, persona_id: Optional[str] = NOT_GIVEN) -> HabitListResult:
        """The user's habits, oldest first. (``habit.list``)

        include_archived: Default true.
        include_deleted: Default false.
        persona_id: Only the habits of this persona (a focus lens).
        """
        result: HabitListResult = self._call("habit.list", _args(("includeArchived", include_archived), ("includeDeleted", include_deleted), ("personaId", persona_id)))
        return result

    def habit_pause(self, habit_id: str, start: DayLike, end: DayLike) -> HabitPauseResult:
        """Nothing asked from `from` (today or later) through `to`, whatever the target type; writes versions `paused: true` from `from` (again where an earlier pause ended inside this one) and `paused: false` the day after unless another pause holds then, so every other field (a target scheduled before or inside the pause) holds after it and overlapping pauses never cut each other short. (``habit.pause``)

        habit_id: The habit.
        start: First paused DayKey: today or later.
        end: Last paused DayKey.
        """
        result: HabitPauseResult = self._call("habit.pause", _args(("habitId", habit_id), ("from", start), ("to", end)))
        return result

    def habit_resume(self, habit_id: str, *, start: Optional[DayLike] = NOT_GIVEN) -> HabitResumeResult:
        """Ends a pause from `from` (today or later) on: one written before pauses had an end (a stored target 0), or one stopped early; every other field holds. (``habit.resume``)

        habit_id: The habit.
        start: First day asked again: today (default) or later.
        """
        result: HabitResumeResult = self._call("habit.resume", _args(("habitId", habit_id), ("from", start)))
        return result

    def entry_log(self, habit_id: str, *, entry_id: Optional[str] = NOT_GIVEN, at: Optional[InstantLike] = NOT_GIVEN, day: Optional[DayLike] = NOT_GIVEN, value: Optional[float] = NOT_GIVEN, note: Optional[str] = NOT_GIVEN, source: Optional[str] = NOT_GIVEN, confirm: Optional[bool] = NOT_GIVEN) -> EntryLogResult:
        """Logs a habit: one entry per habit and day (unless multiplePerDay); again on the same day updates that entry, a retry changes nothing. (``entry.log``)

        habit_id: The habit.
        entry_id: Client id, stable forever; a retry with it is a no-op. Generated when absent.
        at: RFC 3339; default now.
        day: An explicit day (backfill); default: derived from timestampUtc in the user's zone.
        value: Numeric habits (required there); binary habits take none.
        note: ≤ 4096 bytes.
        source: `manual` (default), `routine`, `evidence`, `import`.
        confirm: Needed for past or future days and day moves; without it the error is `confirmation_required` with `details.affectedDays`.
        """
        result: EntryLogResult = self._call("entry.log", _args(("habitId", habit_id), ("entryId", entry_id), ("timestampUtc", at), ("dayKey", day), ("value", value), ("note", note), ("source", source), ("confirm", confirm)))
        return result

    def entry_edit(self, entry_id: str, *, value: Optional[float] = NOT_GIVEN, at: Optional[InstantLike] = NOT_GIVEN, day: Optional[DayLike] = NOT_GIVEN, note: Optional[str] = NOT_GIVEN, source: Optional[str] = NOT_GIVEN, repair: Optional[bool] = NOT_GIVEN, confirm: Optional[bool] = NOT_GIVEN) -> EntryEditResult:
        """Edits an entry's value, timestamp, day or note (source only with `repair`). Day moves and other days need `confirm`; a move onto an occupied day is a `conflict`. (``entry.edit``)

        entry_id: The entry.
        value: New value.
        at: New instant; the DayKey follows it unless `dayKey` is given.
        day: New day.
        note: New note; `""` clears it.
        source: New source, with `repair: true` only.
        repair: Allows a source change (import/repair flows).
        confirm: Needed for past or future days and day moves; without it the error is `confirmation_required` with `details.affectedDays`.
        """
        result: EntryEditResult = self._call("entry.edit", _args(("entryId", entry_id), ("value", value), ("timestampUtc", at), ("dayKey", day), ("note", note), ("source", source), ("repair", repair), ("confirm", confirm)))
        return result

    def entry_delete(self, entry_id: str, *, confirm: Optional[bool] = NOT_GIVEN) -> EntryDeleteResult:
        """Soft-deletes an entry (needs `confirm`): it then takes part in nothing. (``entry.delete``)

        entry_id: The entry.
        confirm: Needed for past or future days and day moves; without it the error is `confirmation_required` with `details.affectedDays`.
        """
        result: EntryDeleteResult = self._call("entry.delete", _args(("entryId", entry_id), ("confirm", confirm)))
        return result

    def entry_restore(self, entry_id: str, *, confirm: Optional[bool] = NOT_GIVEN) -> EntryRestoreResult:
        """Restores a deleted entry; a `conflict` when its day already has an active entry. (``entry.restore``)

        entry_id: The entry.
        confirm: Needed for past or future days and day moves; without it the error is `confirmation_required` with `details.affectedDays`.
        """
        result: EntryRestoreResult = self._call("entry.restore", _args(("entryId", entry_id), ("confirm", confirm)))
        return result

    def entry_import(self, entries: Iterable[Any]) -> EntryImportResult:
        """Imports entries in one transaction — all or none — under the rules of `entry.log` (no confirmation; source defaults to `import`). (``entry.import``)

        entries: `[{entryId?, habitId, timestampUtc, dayKey?, value?, note?, source?}]`.
        """
        result: EntryImportResult = self._call("entry.import", _args(("entries", entries)))
        return result

    def entry_preview(self, op: str, args: Mapping[str, Any]) -> EntryPreviewResult:
        """What an entry mutation would do and change (day status, week progress, streaks, momentum, the progress of each goal it counts toward), as if confirmed; nothing is written. (``entry.preview``)

        op: `entry.log`, `entry.edit`, `entry.delete` or `entry.restore`.
        args: That operation's arguments.
        """
        result: EntryPreviewResult = self._call("entry.preview", _args(("op", op), ("args", args)))
        return result

    def entry_get(self, entry_id: str) -> EntryGetResult:
        """One entry, deleted or not. (``entry.get``)

        entry_id: The entry.
        """
        result: EntryGetResult = self._call("entry.get", _args(("entryId", entry_id)))
        return result

    def entry_list(self, *, habit_id: Optional[str] = NOT_GIVEN, start: Optional[DayLike] = NOT_GIVEN, end: Optional[DayLike] = NOT_GIVEN, include_deleted: Optional[bool] = NOT_GIVEN) -> EntryListResult:
        """The user's entries, by day then time. (``entry.list``)

        habit_id: Only this habit's.
        start: First DayKey (inclusive).
        end: Last DayKey (inclusive).
        include_deleted: Default false.
        """
        result: EntryListResult = self._call("entry.list", _args(("habitId", habit_id), ("from", start), ("to", end), ("includeDeleted", include_deleted)))
        return result

    def target_set(self, habit_id: str, target: float, *, effective_day: Optional[DayLike] = NOT_GIVEN) -> TargetSetResult:
        """Records a target version effective from a day, today or later (seed 004): past days keep theirs, a past day is refused. (``target.set``)

        habit_id: The habit.
        effective_day: First day it applies: today or later (default: today, or the day that was today before a zone or day-start change moved it back: an ended day is never reopened).
        target: ≥ 0; 0 or 1 for binary habits. At least 0 asks nothing; at most 0 allows none (a logged amount breaks the day).
        """
        result: TargetSetResult = self._call("target.set", _args(("habitId", habit_id), ("effectiveDayKey", effective_day), ("target", target)))
        return result

    def target_get(self, habit_id: str, day: DayLike) -> TargetGetResult:
        """The target in force on a day: the greatest effectiveDayKey ≤ day, the last recorded on ties, else 1. (``target.get``)

        habit_id: The habit.
        day: The day.
        """
        result: TargetGetResult = self._call("target.get", _args(("habitId", habit_id), ("dayKey", day)))
        return result

    def target_list(self, habit_id: str) -> TargetListResult:
        """Every target version of a habit, in force order. (``target.list``)

        habit_id: The habit.
        """
        result: TargetListResult = self._call("target.list", _args(("habitId", habit_id)))
        return result

    def engine_migrate_legacy_targets(self, *, habits: Optional[Iterable[Any]] = NOT_GIVEN) -> EngineMigrateLegacyTargetsResult:
        """Legacy goal texts ("3 times per day" → 3; none → 1; negative → 0) become versions at each habit's creation day, unless one is in force; a yes/no habit's text above 1 makes it count times from today (one entry a day, its value the times; the days before read as they did); idempotent; marked done only when error-free. (``engine.migrateLegacyTargets``)

        habits: `[{habitId, legacyGoal}]` to migrate instead of the stored texts.
        """
        result: EngineMigrateLegacyTargetsResult = self._call("engine.migrateLegacyTargets", _args(("habits", habits)))
        return result

    def metrics_today(self, *, day: Optional[DayLike] = NOT_GIVEN, records: Optional[Mapping[str, Any]] = NOT_GIVEN, persona_id: Optional[str] = NOT_GIVEN) -> MetricsTodayResult:
        """Every active habit's standing on a day (default today): status, value, target, streaks, week, momentum. (``metrics.today``)

        day: The day (default: today in the user's zone).
        records: Stateless: `{user:{zone, firstWeekday?, earlierFirstWeekdays?}, today?, habits:[...], entries:[...], targetVersions:[...]}` (records as the engine writes them); derived from these alone, no store.
        persona_id: Only the habits of this persona (store only).
        """
        result: MetricsTodayResult = self._call("metrics.today", _args(("dayKey", day), ("records", records), ("personaId", persona_id)))
        return result

    def metrics_history(self, habit_id: str, start: DayLike, end: DayLike, *, records: Optional[Mapping[str, Any]] = NOT_GIVEN) -> MetricsHistoryResult:
        """A habit day by day (the data of a heatmap): value, target, status. (``metrics.history``)

        habit_id: The habit (a bundle: derived from its habits).
        start: First DayKey.
        end: Last DayKey (at most 3700 days after from).
        records: Stateless: `{user:{zone, firstWeekday?, earlierFirstWeekdays?}, today?, habits:[...], entries:[...], targetVersions:[...]}` (records as the engine writes them); derived from these alone, no store.
        """
        result: MetricsHistoryResult = self._call("metrics.history", _args(("habitId", habit_id), ("from", start), ("to", end), ("records", records)))
        return result

    def metrics_day(self, habit_id: str, *, day: Optional[DayLike] = NOT_GIVEN, records: Optional[Mapping[str, Any]] = NOT_GIVEN) -> MetricsDayResult:
        """A habit's status on a day: complete / incomplete / notRequired (target 0, or an unlogged day of an N-per-week habit); no entry is never complete. (``metrics.day``)

        habit_id: The habit (a bundle: derived from its habits).
        day: The day (default: today in the user's zone).
        records: Stateless: `{user:{zone, firstWeekday?, earlierFirstWeekdays?}, today?, habits:[...], entries:[...], targetVersions:[...]}` (records as the engine writes them); derived from these alone, no store.
        """
        result: MetricsDayResult = self._call("metrics.day", _args(("habitId", habit_id), ("dayKey", day), ("records", records)))
        return result

    def metrics_streaks(self, habit_id: str, *, day: Optional[DayLike] = NOT_GIVEN, records: Optional[Mapping[str, Any]] = NOT_GIVEN) -> MetricsStreaksResult:
        """Current and longest streaks: consecutive complete days (or weeks that met N); today is open; rest days are skipped. (``metrics.streaks``)

        habit_id: The habit (a bundle: derived from its habits).
        day: The day (default: today in the user's zone).
        records: Stateless: `{user:{zone, firstWeekday?, earlierFirstWeekdays?}, today?, habits:[...], entries:[...], targetVersions:[...]}` (records as the engine writes them); derived from these alone, no store.
        """
        result: MetricsStreaksResult = self._call("metrics.streaks", _args(("habitId", habit_id), ("dayKey", day), ("records", records)))
        return result

    def metrics_week(self, habit_id: str, *, day: Optional[DayLike] = NOT_GIVEN, records: Optional[Mapping[str, Any]] = NOT_GIVEN) -> MetricsWeekResult:
        """Progress of the week containing a day: completed days against N (N per week) or the required days (daily). (``metrics.week``)

        habit_id: The habit (a bundle: derived from its habits).
        day: The day (default: today in the user's zone).
        records: Stateless: `{user:{zone, firstWeekday?, earlierFirstWeekdays?}, today?, habits:[...], entries:[...], targetVersions:[...]}` (records as the engine writes them); derived from these alone, no store.
        """
        result: MetricsWeekResult = self._call("metrics.week", _args(("habitId", habit_id), ("dayKey", day), ("records", records)))
        return result

    def metrics_momentum(self, habit_id: str, *, day: Optional[DayLike] = NOT_GIVEN, records: Optional[Mapping[str, Any]] = NOT_GIVEN) -> MetricsMomentumResult:
        """Loop Habit Tracker's strength score in [0, 1] as of a day (see Lally et al. 2010). (``metrics.momentum``)

        habit_id: The habit (a bundle: derived from its habits).
        day: The day (default: today in the user's zone).
        records: Stateless: `{user:{zone, firstWeekday?, earlierFirstWeekdays?}, today?, habits:[...], entries:[...], targetVersions:[...]}` (records as the engine writes them); derived from these alone, no store.
        """
        result: MetricsMomentumResult = self._call("metrics.momentum", _args(("habitId", habit_id), ("dayKey", day), ("records", records)))
        return result

    def metrics_strength(self, habit_id: str, *, start: Optional[DayLike] = NOT_GIVEN, end: Optional[DayLike] = NOT_GIVEN, per: Optional[str] = NOT_GIVEN, records: Optional[Mapping[str, Any]] = NOT_GIVEN) -> MetricsStrengthResult:
        """Strength (momentum) over time, averaged per day, week or month: the data of Loop's score chart. (``metrics.strength``)

        habit_id: The habit (a bundle: derived from its habits).
        start: First DayKey (default: 364 days before to).
        end: Last DayKey (default today; at most 3700 days after from).
        per: `day`, `week` (default; weeks start on the user's first weekday) or `month`.
        records: Stateless: `{user:{zone, firstWeekday?, earlierFirstWeekdays?}, today?, habits:[...], entries:[...], targetVersions:[...]}` (records as the engine writes them); derived from these alone, no store.
        """
        result: MetricsStrengthResult = self._call("metrics.strength", _args(("habitId", habit_id), ("from", start), ("to", end), ("per", per), ("records", records)))
        return result

    def chart_calendar(self, habit_id: str, *, start: Optional[DayLike] = NOT_GIVEN, end: Optional[DayLike] = NOT_GIVEN, records: Optional[Mapping[str, Any]] = NOT_GIVEN) -> ChartCalendarResult:
        """A habit's days as a calendar heatmap (SVG): a column per week, month and weekday labels, a legend; days marked done, partly, missed, rest day or open. (``chart.calendar``)

        habit_id: The habit.
        start: First DayKey (default: the start of the week 52 weeks before to).
        end: Last DayKey (default today; at most 3700 days after from).
        records: Stateless, as for metrics.history.
        """
        result: ChartCalendarResult = self._call("chart.calendar", _args(("habitId", habit_id), ("from", start), ("to", end), ("records", records)))
        return result

    def chart_strength(self, habit_id: str, *, start: Optional[DayLike] = NOT_GIVEN, end: Optional[DayLike] = NOT_GIVEN, per: Optional[str] = NOT_GIVEN, records: Optional[Mapping[str, Any]] = NOT_GIVEN) -> ChartStrengthResult:
        """A habit's strength over time (SVG line chart, 0–100 %), averaged per day, week or month: Loop's score chart. (``chart.strength``)

        habit_id: The habit.
        start: First DayKey (default: 364 days before to).
        end: Last DayKey (default today).
        per: `day`, `week` (default) or `month`.
        records: Stateless, as for metrics.strength.
        """
        result: ChartStrengthResult = self._call("chart.strength", _args(("habitId", habit_id), ("from", start), ("to", end), ("per", per), ("records", records)))
        return result

    def chart_goal(self, goal_id: str, *, day: Optional[DayLike] = NOT_GIVEN) -> ChartGoalResult:
        """A goal's progress week by week over its window (SVG bar chart with each week's target). (``chart.goal``)

        goal_id: The goal.
        day: As of this day (default today).
        """
        result: ChartGoalResult = self._call("chart.goal", _args(("goalId", goal_id), ("dayKey", day)))
        return result

    def bundle_create(self, name: str, kind: str, *, habit_ids: Optional[Iterable[str]] = NOT_GIVEN, bundle_id: Optional[str] = NOT_GIVEN) -> BundleCreateResult:
        """Creates a bundle: complete on a day when all its habits are (`all`), or when exactly one option is logged (`choice`: a second option that day answers `confirmation_required` and, sent with confirm, replaces the first). (``bundle.create``)

        name: The bundle's name.
        kind: `all` or `choice`.
        habit_ids: Its habits (options): the user's, not bundles, in no other bundle.
        bundle_id: The client's id for the bundle.
        """
        result: BundleCreateResult = self._call("bundle.create", _args(("name", name), ("kind", kind), ("habitIds", habit_ids), ("bundleId", bundle_id)))
        return result

    def bundle_add(self, bundle_id: str, habit_id: str) -> BundleAddResult:
        """Adds a habit to a bundle (a choice bundle refuses an option logged on a day another option is). (``bundle.add``)

        bundle_id: The bundle.
        habit_id: The habit.
        """
        result: BundleAddResult = self._call("bundle.add", _args(("bundleId", bundle_id), ("habitId", habit_id)))
        return result

    def bundle_remove(self, bundle_id: str, habit_id: str) -> BundleRemoveResult:
        """Takes a habit out of a bundle; its entries stay as they are. (``bundle.remove``)

        bundle_id: The bundle.
        habit_id: The habit.
        """
        result: BundleRemoveResult = self._call("bundle.remove", _args(("bundleId", bundle_id), ("habitId", habit_id)))
        return result

    def bundle_get(self, bundle_id: str, *, day: Optional[DayLike] = NOT_GIVEN) -> BundleGetResult:
        """A bundle, its habits and how it stands on a day (derived from its habits' entries). (``bundle.get``)

        bundle_id: The bundle.
        day: The day (default today).
        """
        result: BundleGetResult = self._call("bundle.get", _args(("bundleId", bundle_id), ("dayKey", day)))
        return result

    def bundle_list(self) -> BundleListResult:
        """The user's bundles (not deleted). (``bundle.list``)
        """
        result: BundleListResult = self._call("bundle.list", _args())
        return result

    def goal_create(self, title: str, type: str, *, description: Optional[str] = NOT_GIVEN, icon: Optional[str] = NOT_GIVEN, category_id: Optional[str] = NOT_GIVEN, goal_id: Optional[str] = NOT_GIVEN, kind: Optional[str] = NOT_GIVEN, target: Optional[float] = NOT_GIVEN, unit: Optional[str] = NOT_GIVEN, duration_weeks: Optional[int] = NOT_GIVEN, start_day: Optional[DayLike] = NOT_GIVEN, target_date: Optional[DayLike] = NOT_GIVEN, shared: Optional[bool] = NOT_GIVEN, sort_order: Optional[int] = NOT_GIVEN, habit_ids: Optional[Iterable[str]] = NOT_GIVEN) -> GoalCreateResult:
        """Creates a goal (at most 10 active or paused per owner); progress is derived from linked habits, never stored. (``goal.create``)

        title: The goal's title.
        description: Optional text.
        icon: One emoji.
        category_id: A category.
        goal_id: The client's id.
        kind: `count` (distinct entries, default) or `quantity` (summed values, needs `unit`).
        type: `weeklyHabit` (target per week), `recurringTask` (done each week) or `targetAmount` (a cumulative total).
        target: Per week (`weeklyHabit`) or the total (`targetAmount`); 1 for `recurringTask`.
        unit: Quantity goals: km, mi, m, min, h, s, kg, lb, l, ml, count, or any unit matched exactly.
        duration_weeks: 4, 8 or 12; null or absent: ongoing.
        start_day: First day that counts (default today).
        target_date: Informational only.
        shared: Visible to and trackable by your partner (needs one).
        sort_order: Order within its category.
        habit_ids: Habits to link at once.
        """
        result: GoalCreateResult = self._call("goal.create", _args(("title", title), ("description", description), ("icon", icon), ("categoryId", category_id), ("goalId", goal_id), ("kind", kind), ("type", type), ("target", target), ("unit", unit), ("durationWeeks", duration_weeks), ("startDayKey", start_day), ("targetDate", target_date), ("shared", shared), ("sortOrder", sort_order), ("habitIds", habit_ids)))
        return result

    def goal_update(self, goal_id: str, *, title: Optional[str] = NOT_GIVEN, description: Optional[str] = NOT_GIVEN, icon: Optional[str] = NOT_GIVEN, category_id: Optional[str] = NOT_GIVEN, target: Optional[float] = NOT_GIVEN, effective_day: Optional[DayLike] = NOT_GIVEN, duration_weeks: Optional[int] = NOT_GIVEN, target_date: Optional[DayLike] = NOT_GIVEN, status: Optional[str] = NOT_GIVEN, shared: Optional[bool] = NOT_GIVEN, sort_order: Optional[int] = NOT_GIVEN) -> GoalUpdateResult:
        """Changes a goal (yours, or one your partner shares): the last write wins; a new target applies from today (or `effectiveDayKey`) on, so past goal weeks keep theirs. (``goal.update``)

        goal_id: The goal.
        title: New title.
        description: New text; empty clears it.
        icon: One emoji; empty clears it.
        category_id: A category; empty clears it.
        target: New target, from `effectiveDayKey` on: past goal weeks keep the target they had.
        effective_day: The first day the new target counts: today (default) or later; a past day is refused.
        duration_weeks: 4, 8, 12, or null for ongoing.
        target_date: Informational; empty clears it.
        status: `active` or `paused`.
        shared: Share with your partner, or stop (creator only).
        sort_order: Order within its category.
        """
        result: GoalUpdateResult = self._call("goal.update", _args(("goalId", goal_id), ("title", title), ("description", description), ("icon", icon), ("categoryId", category_id), ("target", target), ("effectiveDayKey", effective_day), ("durationWeeks", duration_weeks), ("targetDate", target_date), ("status", status), ("shared", shared), ("sortOrder", sort_order)))
        return result

    def goal_delete(self, goal_id: str, *, confirm: Optional[bool] = NOT_GIVEN) -> GoalDeleteResult:
        """Deletes a goal and its links only (needs `confirm`): no entry or habit changes; goal.restore brings it back. (``goal.delete``)

        goal_id: The goal.
        confirm: Go ahead; without it the answer is confirmation_required, saying what goes.
        """
        result: GoalDeleteResult = self._call("goal.delete", _args(("goalId", goal_id), ("confirm", confirm)))
        return result

    def goal_restore(self, goal_id: str) -> GoalRestoreResult:
        """Brings a deleted goal of yours back, with the links it had; an open one needs a free place among your 10. (``goal.restore``)

        goal_id: The deleted goal.
        """
        result: GoalRestoreResult = self._call("goal.restore", _args(("goalId", goal_id)))
        return result

    def goal_get(self, goal_id: str) -> GoalGetResult:
        """A goal, its links and its progress. (``goal.get``)

        goal_id: The goal.
        """
        result: GoalGetResult = self._call("goal.get", _args(("goalId", goal_id)))
        return result

    def goal_list(self, *, segment: Optional[str] = NOT_GIVEN, day: Optional[DayLike] = NOT_GIVEN, persona_id: Optional[str] = NOT_GIVEN) -> GoalListResult:
        """Goals grouped by category (in category order), with progress; segments `yours` and `shared`. (``goal.list``)

        segment: `yours` (personal) or `shared`; default both.
        day: Progress as of this day (default today).
        persona_id: Only the goals of this persona (a focus lens).
        """
        result: GoalListResult = self._call("goal.list", _args(("segment", segment), ("dayKey", day), ("personaId", persona_id)))
        return result

    def goal_link(self, goal_id: str, habit_id: str, *, contribution: Optional[str] = NOT_GIVEN) -> GoalLinkResult:
        """Links one of your habits to a goal, from today on (from the goal's start while it has not begun); a quantity goal refuses a unit that does not convert. (``goal.link``)

        goal_id: The goal.
        habit_id: Your habit.
        contribution: `count` (each entry 1) or `sum` (values); default from the goal's kind.
        """
        result: GoalLinkResult = self._call("goal.link", _args(("goalId", goal_id), ("habitId", habit_id), ("contribution", contribution)))
        return result

    def goal_unlink(self, goal_id: str, habit_id: str) -> GoalUnlinkResult:
        """Unlinks a habit from a goal from today on: the days it counted stay counted, and its entries stay. (``goal.unlink``)

        goal_id: The goal.
        habit_id: The habit.
        """
        result: GoalUnlinkResult = self._call("goal.unlink", _args(("goalId", goal_id), ("habitId", habit_id)))
        return result

    def goal_progress(self, goal_id: str, *, day: Optional[DayLike] = NOT_GIVEN, records: Optional[Mapping[str, Any]] = NOT_GIVEN) -> GoalProgressResult:
        """A goal's progress, derived now: value, target, fraction ("3/5"), percent, this week, status. (``goal.progress``)

        goal_id: The goal.
        day: As of this day (default today).
        records: Stateless: `{user:{zone, firstWeekday?, earlierFirstWeekdays?}, today?, habits, entries, goals, goalLinks}` (records as the engine writes them); no store.
        """
        result: GoalProgressResult = self._call("goal.progress", _args(("goalId", goal_id), ("dayKey", day), ("records", records)))
        return result

    def goal_history(self, goal_id: str, *, day: Optional[DayLike] = NOT_GIVEN) -> GoalHistoryResult:
        """A goal week by week over its window: value, target, met. (``goal.history``)

        goal_id: The goal.
        day: As of this day (default today).
        """
        result: GoalHistoryResult = self._call("goal.history", _args(("goalId", goal_id), ("dayKey", day)))
        return result

    def goal_log(self, goal_id: str, habit_id: str, *, entry_id: Optional[str] = NOT_GIVEN, at: Optional[InstantLike] = NOT_GIVEN, day: Optional[DayLike] = NOT_GIVEN, value: Optional[float] = NOT_GIVEN, note: Optional[str] = NOT_GIVEN, confirm: Optional[bool] = NOT_GIVEN) -> GoalLogResult:
        """Logs an entry of a habit linked to the goal, under the entry rules (there is no goal-level log). (``goal.log``)

        goal_id: The goal.
        habit_id: A linked habit of yours.
        entry_id: The client's id.
        at: When (default now).
        day: An explicit day.
        value: Numeric habits.
        note: A note.
        confirm: Needed for past or future days.
        """
        result: GoalLogResult = self._call("goal.log", _args(("goalId", goal_id), ("habitId", habit_id), ("entryId", entry_id), ("timestampUtc", at), ("dayKey", day), ("value", value), ("note", note), ("confirm", confirm)))
        return result

    def goal_suggestions(self, *, week_of: Optional[DayLike] = NOT_GIVEN) -> GoalSuggestionsResult:
        """"Based on your goals": weekly goals with completions still to do in a week, recurring goals not yet done. (``goal.suggestions``)

        week_of: A day of the week to plan (default today).
        """
        result: GoalSuggestionsResult = self._call("goal.suggestions", _args(("weekOf", week_of)))
        return result

    def partner_invite(self, user_id: str) -> PartnerInviteResult:
        """Invites a user to partner with you (your side of the partnership). Nothing is shared until they accept this invitation (an answer to one before a partnership ended is none); inviting someone who invited you accepts theirs; someone not in this store is reached by sync. (``partner.invite``)

        user_id: The user to invite.
        """
        result: PartnerInviteResult = self._call("partner.invite", _args(("userId", user_id)))
        return result

    def partner_accept(self, user_id: str) -> PartnerAcceptResult:
        """Accepts a user's invitation: the partnership is active, and shared goals with their linked habits are visible to both. (``partner.accept``)

        user_id: The user who invited you.
        """
        result: PartnerAcceptResult = self._call("partner.accept", _args(("userId", user_id)))
        return result

    def partner_decline(self, user_id: str) -> PartnerDeclineResult:
        """Declines a user's invitation: your answer reaches them by sync; nothing is shared. (``partner.decline``)

        user_id: The user who invited you.
        """
        result: PartnerDeclineResult = self._call("partner.decline", _args(("userId", user_id)))
        return result

    def partner_unlink(self) -> PartnerUnlinkResult:
        """Ends the partnership (or withdraws your invitation): shared goals become personal goals of their creators; the partner loses access. (``partner.unlink``)
        """
        result: PartnerUnlinkResult = self._call("partner.unlink", _args())
        return result

    def partner_get(self) -> PartnerGetResult:
        """Your partner, your open invitation, and invitations to you. (``partner.get``)
        """
        result: PartnerGetResult = self._call("partner.get", _args())
        return result

    def category_save(self, name: str, *, category_id: Optional[str] = NOT_GIVEN, sort_order: Optional[int] = NOT_GIVEN) -> CategorySaveResult:
        """Creates or renames a category (habits and goals are grouped by categories, in their order). (``category.save``)

        category_id: The category (new when absent or unknown).
        name: Its name.
        sort_order: Its place (default last).
        """
        result: CategorySaveResult = self._call("category.save", _args(("categoryId", category_id), ("name", name), ("sortOrder", sort_order)))
        return result

    def category_list(self) -> CategoryListResult:
        """Your categories, in order. (``category.list``)
        """
        result: CategoryListResult = self._call("category.list", _args())
        return result

    def category_delete(self, category_id: str) -> CategoryDeleteResult:
        """Deletes a category; its habits and goals stay, uncategorised, with every entry and metric. (``category.delete``)

        category_id: The category.
        """
        result: CategoryDeleteResult = self._call("category.delete", _args(("categoryId", category_id)))
        return result

    def routine_create(self, name: str, habit_ids: Iterable[str], *, routine_id: Optional[str] = NOT_GIVEN) -> RoutineCreateResult:
        """Creates a routine: an ordered list of your habits. It never creates entries. (``routine.create``)

        name: The routine's name.
        habit_ids: Its habits, in order.
        routine_id: The client's id.
        """
        result: RoutineCreateResult = self._call("routine.create", _args(("name", name), ("habitIds", habit_ids), ("routineId", routine_id)))
        return result

    def routine_list(self) -> RoutineListResult:
        """Your routines. (``routine.list``)
        """
        result: RoutineListResult = self._call("routine.list", _args())
        return result

    def routine_delete(self, routine_id: str) -> RoutineDeleteResult:
        """Deletes a routine; executions, evidence and entries stay. (``routine.delete``)

        routine_id: The routine.
        """
        result: RoutineDeleteResult = self._call("routine.delete", _args(("routineId", routine_id)))
        return result

    def routine_start(self, routine_id: str, *, execution_id: Optional[str] = NOT_GIVEN) -> RoutineStartResult:
        """Starts a routine: a RoutineExecution and evidence for its habits — never an entry. Starting twice is fine. (``routine.start``)

        routine_id: The routine.
        execution_id: The client's id.
        """
        result: RoutineStartResult = self._call("routine.start", _args(("routineId", routine_id), ("executionId", execution_id)))
        return result

    def routine_executions(self, *, routine_id: Optional[str] = NOT_GIVEN) -> RoutineExecutionsResult:
        """Your routine executions (abandoned ones too: never cleaned up). (``routine.executions``)

        routine_id: Only this routine's.
        """
        result: RoutineExecutionsResult = self._call("routine.executions", _args(("routineId", routine_id)))
        return result

    def routine_delete_execution(self, execution_id: str) -> RoutineDeleteExecutionResult:
        """Deletes an execution and its standing evidence; never an entry. (``routine.deleteExecution``)

        execution_id: The execution.
        """
        result: RoutineDeleteExecutionResult = self._call("routine.deleteExecution", _args(("executionId", execution_id)))
        return result

    def evidence_list(self) -> EvidenceListResult:
        """Evidence standing today (earlier days' has expired). (``evidence.list``)
        """
        result: EvidenceListResult = self._call("evidence.list", _args())
        return result

    def evidence_confirm(self, evidence_id: str, *, value: Optional[float] = NOT_GIVEN, note: Optional[str] = NOT_GIVEN) -> EvidenceConfirmResult:
        """Confirms evidence: creates or updates the habit's entry for the day (source `evidence`) and ends the evidence; a second confirm is a no-op. (``evidence.confirm``)

        evidence_id: The evidence.
        value: Numeric habits' value.
        note: A note.
        """
        result: EvidenceConfirmResult = self._call("evidence.confirm", _args(("evidenceId", evidence_id), ("value", value), ("note", note)))
        return result

    def evidence_dismiss(self, evidence_id: str) -> EvidenceDismissResult:
        """Dismisses evidence: it ends; nothing else changes. (``evidence.dismiss``)

        evidence_id: The evidence.
        """
        result: EvidenceDismissResult = self._call("evidence.dismiss", _args(("evidenceId", evidence_id)))
        return result

    def journal_create_template(self, name: str, fields: Iterable[Any], *, template_id: Optional[str] = NOT_GIVEN) -> JournalCreateTemplateResult:
        """Creates a journal template with named fields. (``journal.createTemplate``)

        name: Its name.
        fields: Field names.
        template_id: The client's id.
        """
        result: JournalCreateTemplateResult = self._call("journal.createTemplate", _args(("name", name), ("fields", fields), ("templateId", template_id)))
        return result

    def journal_templates(self) -> JournalTemplatesResult:
        """Your journal templates. (``journal.templates``)
        """
        result: JournalTemplatesResult = self._call("journal.templates", _args())
        return result

    def journal_create(self, *, at: Optional[InstantLike] = NOT_GIVEN, day: Optional[DayLike] = NOT_GIVEN, template_id: Optional[str] = NOT_GIVEN, responses: Optional[Mapping[str, Any]] = NOT_GIVEN, title: Optional[str] = NOT_GIVEN, text: Optional[str] = NOT_GIVEN, referenced_habit_ids: Optional[Iterable[str]] = NOT_GIVEN, referenced_goal_ids: Optional[Iterable[str]] = NOT_GIVEN, journal_id: Optional[str] = NOT_GIVEN) -> JournalCreateResult:
        """Writes a journal entry; references are context only and never imply completion. (``journal.create``)

        at: When (default now).
        day: The day (default: timestampUtc's day in your zone).
        template_id: A journal template.
        responses: `{field: answer}` for the template's fields.
        title: A title.
        text: Free text.
        referenced_habit_ids: Habits as context only (never completion).
        referenced_goal_ids: Goals as context only (never progress).
        journal_id: The client's id.
        """
        result: JournalCreateResult = self._call("journal.create", _args(("timestampUtc", at), ("dayKey", day), ("templateId", template_id), ("responses", responses), ("title", title), ("text", text), ("referencedHabitIds", referenced_habit_ids), ("referencedGoalIds", referenced_goal_ids), ("journalId", journal_id)))
        return result

    def journal_edit(self, journal_id: str, *, at: Optional[InstantLike] = NOT_GIVEN, day: Optional[DayLike] = NOT_GIVEN, template_id: Optional[str] = NOT_GIVEN, responses: Optional[Mapping[str, Any]] = NOT_GIVEN, title: Optional[str] = NOT_GIVEN, text: Optional[str] = NOT_GIVEN, referenced_habit_ids: Optional[Iterable[str]] = NOT_GIVEN, referenced_goal_ids: Optional[Iterable[str]] = NOT_GIVEN, confirm: Optional[bool] = NOT_GIVEN) -> JournalEditResult:
        """Edits a journal entry (last edit wins); a change of day needs confirm. Empty strings clear title, text, templateId. (``journal.edit``)

        journal_id: The journal entry.
        at: When (default now).
        day: The day (default: timestampUtc's day in your zone).
        template_id: A journal template.
        responses: `{field: answer}` for the template's fields.
        title: A title.
        text: Free text.
        referenced_habit_ids: Habits as context only (never completion).
        referenced_goal_ids: Goals as context only (never progress).
        confirm: Needed to move it to another day.
        """
        result: JournalEditResult = self._call("journal.edit", _args(("journalId", journal_id), ("timestampUtc", at), ("dayKey", day), ("templateId", template_id), ("responses", responses), ("title", title), ("text", text), ("referencedHabitIds", referenced_habit_ids), ("referencedGoalIds", referenced_goal_ids), ("confirm", confirm)))
        return result

    def journal_delete(self, journal_id: str) -> JournalDeleteResult:
        """Soft-deletes a journal entry; no behavioural metric changes. (``journal.delete``)

        journal_id: The journal entry.
        """
        result: JournalDeleteResult = self._call("journal.delete", _args(("journalId", journal_id)))
        return result

    def journal_restore(self, journal_id: str) -> JournalRestoreResult:
        """Brings back a deleted journal entry as it was (a deleted id is used again only so). (``journal.restore``)

        journal_id: The journal entry.
        """
        result: JournalRestoreResult = self._call("journal.restore", _args(("journalId", journal_id)))
        return result

    def journal_get(self, journal_id: str) -> JournalGetResult:
        """A journal entry. (``journal.get``)

        journal_id: The journal entry.
        """
        result: JournalGetResult = self._call("journal.get", _args(("journalId", journal_id)))
        return result

    def journal_list(self, *, start: Optional[DayLike] = NOT_GIVEN, end: Optional[DayLike] = NOT_GIVEN) -> JournalListResult:
        """Your journal entries in a range of days. (``journal.list``)

        start: First day.
        end: Last day.
        """
        result: JournalListResult = self._call("journal.list", _args(("from", start), ("to", end)))
        return result

    def reflection_save(self, entry_id: str, text: str, *, reflection_id: Optional[str] = NOT_GIVEN) -> ReflectionSaveResult:
        """Attaches a short note to an entry (or rewrites reflection `reflectionId`). (``reflection.save``)

        entry_id: The entry.
        text: 1 to 1000 bytes.
        reflection_id: The client's id.
        """
        result: ReflectionSaveResult = self._call("reflection.save", _args(("entryId", entry_id), ("text", text), ("reflectionId", reflection_id)))
        return result

    def reflection_delete(self, reflection_id: str) -> ReflectionDeleteResult:
        """Soft-deletes a reflection. (``reflection.delete``)

        reflection_id: The reflection.
        """
        result: ReflectionDeleteResult = self._call("reflection.delete", _args(("reflectionId", reflection_id)))
        return result

    def reflection_list(self, *, entry_id: Optional[str] = NOT_GIVEN) -> ReflectionListResult:
        """Reflections on an entry (or all of yours). (``reflection.list``)

        entry_id: The entry.
        """
        result: ReflectionListResult = self._call("reflection.list", _args(("entryId", entry_id)))
        return result

    def wellbeing_log(self, metric: str, value: float, *, at: Optional[InstantLike] = NOT_GIVEN, day: Optional[DayLike] = NOT_GIVEN, note: Optional[str] = NOT_GIVEN, source: Optional[str] = NOT_GIVEN, wellbeing_id: Optional[str] = NOT_GIVEN) -> WellbeingLogResult:
        """Logs a wellbeing value (mood, energy, sleepHours…): it stands alone, no habit changes. (``wellbeing.log``)

        metric: 1 to 32 of a-z A-Z 0-9 _ -.
        value: The value.
        at: When (default now).
        day: The day (default: timestampUtc's).
        note: A note.
        source: `manual` (default: typed) or `import` (from a device or another app).
        wellbeing_id: The client's id.
        """
        result: WellbeingLogResult = self._call("wellbeing.log", _args(("metric", metric), ("value", value), ("timestampUtc", at), ("dayKey", day), ("note", note), ("source", source), ("wellbeingId", wellbeing_id)))
        return result

    def wellbeing_edit(self, wellbeing_id: str, *, value: Optional[float] = NOT_GIVEN, note: Optional[str] = NOT_GIVEN, at: Optional[InstantLike] = NOT_GIVEN, day: Optional[DayLike] = NOT_GIVEN, source: Optional[str] = NOT_GIVEN, confirm: Optional[bool] = NOT_GIVEN) -> WellbeingEditResult:
        """Changes a wellbeing value, note, time, day or source (last edit wins). (``wellbeing.edit``)

        wellbeing_id: The entry.
        value: New value.
        note: New note; empty clears it.
        at: New time; the entry moves to its day unless `dayKey` is given.
        day: New day.
        source: `manual` or `import`.
        confirm: Needed to move it to another day (as a journal entry).
        """
        result: WellbeingEditResult = self._call("wellbeing.edit", _args(("wellbeingId", wellbeing_id), ("value", value), ("note", note), ("timestampUtc", at), ("dayKey", day), ("source", source), ("confirm", confirm)))
        return result

    def wellbeing_delete(self, wellbeing_id: str) -> WellbeingDeleteResult:
        """Soft-deletes a wellbeing value: only wellbeing views change. (``wellbeing.delete``)

        wellbeing_id: The entry.
        """
        result: WellbeingDeleteResult = self._call("wellbeing.delete", _args(("wellbeingId", wellbeing_id)))
        return result

    def wellbeing_restore(self, wellbeing_id: str) -> WellbeingRestoreResult:
        """Brings back a deleted wellbeing value as it was (a deleted id is used again only so). (``wellbeing.restore``)

        wellbeing_id: The entry.
        """
        result: WellbeingRestoreResult = self._call("wellbeing.restore", _args(("wellbeingId", wellbeing_id)))
        return result

    def wellbeing_list(self, *, metric: Optional[str] = NOT_GIVEN) -> WellbeingListResult:
        """Your wellbeing values, optionally of one metric. (``wellbeing.list``)

        metric: Only this metric.
        """
        result: WellbeingListResult = self._call("wellbeing.list", _args(("metric", metric)))
        return result

    def wellbeing_trend(self, metric: str, start: DayLike, end: DayLike) -> WellbeingTrendResult:
        """A metric's trend: each day's mean and count, and the mean over the range. (``wellbeing.trend``)

        metric: The metric.
        start: First day.
        end: Last day.
        """
        result: WellbeingTrendResult = self._call("wellbeing.trend", _args(("metric", metric), ("from", start), ("to", end)))
        return result

    def persona_save(self, name: str, *, persona_id: Optional[str] = NOT_GIVEN, description: Optional[str] = NOT_GIVEN, habit_ids: Optional[Iterable[str]] = NOT_GIVEN, goal_ids: Optional[Iterable[str]] = NOT_GIVEN) -> PersonaSaveResult:
        """Creates or updates a persona: a focus lens: `habit.list`, `goal.list` and `metrics.today` take `personaId` to show only its habits and goals. (``persona.save``)

        persona_id: The persona (new when absent).
        name: Its name.
        description: Its text (an update keeps it when absent; empty clears it).
        habit_ids: Your habits (an update keeps them when absent).
        goal_ids: Goals you see (an update keeps them when absent).
        """
        result: PersonaSaveResult = self._call("persona.save", _args(("personaId", persona_id), ("name", name), ("description", description), ("habitIds", habit_ids), ("goalIds", goal_ids)))
        return result

    def persona_list(self) -> PersonaListResult:
        """Your personas. (``persona.list``)
        """
        result: PersonaListResult = self._call("persona.list", _args())
        return result

    def persona_get(self, persona_id: str) -> PersonaGetResult:
        """A persona. (``persona.get``)

        persona_id: The persona.
        """
        result: PersonaGetResult = self._call("persona.get", _args(("personaId", persona_id)))
        return result

    def persona_delete(self, persona_id: str) -> PersonaDeleteResult:
        """Deletes a persona; no entry, habit, goal or metric changes. (``persona.delete``)

        persona_id: The persona.
        """
        result: PersonaDeleteResult = self._call("persona.delete", _args(("personaId", persona_id)))
        return result

    def identity_save(self, name: str, *, identity_id: Optional[str] = NOT_GIVEN, description: Optional[str] = NOT_GIVEN, habit_ids: Optional[Iterable[str]] = NOT_GIVEN, goal_ids: Optional[Iterable[str]] = NOT_GIVEN) -> IdentitySaveResult:
        """Creates or updates a identity: narrative context over habits and goals. (``identity.save``)

        identity_id: The identity (new when absent).
        name: Its name.
        description: Its text (an update keeps it when absent; empty clears it).
        habit_ids: Your habits (an update keeps them when absent).
        goal_ids: Goals you see (an update keeps them when absent).
        """
        result: IdentitySaveResult = self._call("identity.save", _args(("identityId", identity_id), ("name", name), ("description", description), ("habitIds", habit_ids), ("goalIds", goal_ids)))
        return result

    def identity_list(self) -> IdentityListResult:
        """Your identitys. (``identity.list``)
        """
        result: IdentityListResult = self._call("identity.list", _args())
        return result

    def identity_get(self, identity_id: str) -> IdentityGetResult:
        """A identity. (``identity.get``)

        identity_id: The identity.
        """
        result: IdentityGetResult = self._call("identity.get", _args(("identityId", identity_id)))
        return result

    def identity_delete(self, identity_id: str) -> IdentityDeleteResult:
        """Deletes a identity; no entry, habit, goal or metric changes. (``identity.delete``)

        identity_id: The identity.
        """
        result: IdentityDeleteResult = self._call("identity.delete", _args(("identityId", identity_id)))
        return result

    def skill_save(self, name: str, *, skill_id: Optional[str] = NOT_GIVEN, description: Optional[str] = NOT_GIVEN, habit_ids: Optional[Iterable[str]] = NOT_GIVEN, goal_ids: Optional[Iterable[str]] = NOT_GIVEN) -> SkillSaveResult:
        """Creates or updates a skill: which habits express a capability. (``skill.save``)

        skill_id: The skill (new when absent).
        name: Its name.
        description: Its text (an update keeps it when absent; empty clears it).
        habit_ids: Your habits (an update keeps them when absent).
        goal_ids: Goals you see (an update keeps them when absent).
        """
        result: SkillSaveResult = self._call("skill.save", _args(("skillId", skill_id), ("name", name), ("description", description), ("habitIds", habit_ids), ("goalIds", goal_ids)))
        return result

    def skill_list(self) -> SkillListResult:
        """Your skills. (``skill.list``)
        """
        result: SkillListResult = self._call("skill.list", _args())
        return result

    def skill_get(self, skill_id: str) -> SkillGetResult:
        """A skill. (``skill.get``)

        skill_id: The skill.
        """
        result: SkillGetResult = self._call("skill.get", _args(("skillId", skill_id)))
        return result

    def skill_delete(self, skill_id: str) -> SkillDeleteResult:
        """Deletes a skill; no entry, habit, goal or metric changes. (``skill.delete``)

        skill_id: The skill.
        """
        result: SkillDeleteResult = self._call("skill.delete", _args(("skillId", skill_id)))
        return result

    def sync_changes(self, *, since: Optional[str] = NOT_GIVEN, limit: Optional[int] = NOT_GIVEN, for_partner: Optional[bool] = NOT_GIVEN, remote: Optional[str] = NOT_GIVEN) -> SyncChangesResult:
        """Every record of yours changed here or received since a cursor, parents first: `{kind, stamp, record}` each. (``sync.changes``)

        since: A cursor from an earlier sync.changes (default: everything).
        limit: Pages the answer: the changes of at most this many sequence numbers (1 or more), with the parents they point at; pass `cursor` as `since` for the next page while `more` is true. Default: everything.
        for_partner: Only what your partner's replica takes: your profile, partnership and shared goals.
        remote: A sync server's URL: the changes not yet pushed to it (instead of `since`); acknowledge them with sync.acknowledge once it has them.
        """
        result: SyncChangesResult = self._call("sync.changes", _args(("since", since), ("limit", limit), ("forPartner", for_partner), ("remote", remote)))
        return result

    def sync_apply(self, changes: Iterable[Any], *, remote: Optional[str] = NOT_GIVEN, remote_cursor: Optional[str] = NOT_GIVEN, sync_version: Optional[int] = NOT_GIVEN, more: Optional[bool] = NOT_GIVEN) -> SyncApplyResult:
        """Applies another replica's changes in one transaction — all or nothing, idempotent, in any order: a later stamp wins the whole record; two active entries for one habit and day keep one (manual > routine/evidence > import, then a value, then the latest edit) and set the other aside for sync.repairs. (``sync.apply``)

        changes: `[{kind, stamp, record}]` as sync.changes gives them.
        remote: The sync server they were pulled from (with remoteCursor): its cursor is kept in the same transaction.
        remote_cursor: The server's cursor after these changes (with remote).
        sync_version: The syncVersion sync.changes gave with them (none: written before versions). A newer one than this engine reads is refused: upgrade.
        more: With remote: the server said more pages follow (`more`). What a partner stopped sharing is dropped once the last page is in, since a later page may share it again.
        """
        result: SyncApplyResult = self._call("sync.apply", _args(("changes", changes), ("remote", remote), ("remoteCursor", remote_cursor), ("syncVersion", sync_version), ("more", more)))
        return result

    def sync_acknowledge(self, remote: str, cursor: str) -> SyncAcknowledgeResult:
        """Records that a sync server holds your changes up to a cursor (from sync.changes {remote}): they are not pushed again. (``sync.acknowledge``)

        remote: The sync server's URL.
        cursor: The cursor sync.changes {remote} gave with the changes pushed.
        """
        result: SyncAcknowledgeResult = self._call("sync.acknowledge", _args(("remote", remote), ("cursor", cursor)))
        return result

    def sync_remote(self, remote: str) -> SyncRemoteResult:
        """Where you stand with a sync server: the cursor to pull from (`pulled`, the server's) and your changes pushed up to (`pushed`). (``sync.remote``)

        remote: The sync server's URL.
        """
        result: SyncRemoteResult = self._call("sync.remote", _args(("remote", remote)))
        return result

    def sync_step(self, remote: str, *, state: Optional[Mapping[str, Any]] = NOT_GIVEN, answer: Optional[Mapping[str, Any]] = NOT_GIVEN, wait: Optional[int] = NOT_GIVEN) -> SyncStepResult:
        """One step of a sync with a server (push what it lacks, then pull what it has, page by page): the engine names each HTTP request and reads each answer; you carry them. Start with `{remote}`; while the result has `request`, send it to the server and call again with `{remote, state, answer}`. A push the server refuses for a record it lacks or no longer takes from you (a partner ended or stopped sharing it meanwhile) pulls, then pushes once more. The library opens no socket. (``sync.step``)

        remote: The sync server's base URL (it names the cursors kept for it).
        state: The `state` of the previous step, unchanged (absent: start).
        answer: With state: the server's answer to that step's request, `{status, body}` (body: the answer's text).
        wait: When starting: pull with the server's watch, waiting up to this many seconds (1 to 60) for a change.
        """
        result: SyncStepResult = self._call("sync.step", _args(("remote", remote), ("state", state), ("answer", answer), ("wait", wait)))
        return result

    def sync_new_replica(self) -> SyncNewReplicaResult:
        """Gives this store a new replica id: for a store file copied from another device (two replicas must never share one). (``sync.newReplica``)
        """
        result: SyncNewReplicaResult = self._call("sync.newReplica", _args())
        return result

    def sync_repairs(self) -> SyncRepairsResult:
        """Merge conflicts kept for you: per habit and day, the entry kept, those set aside, and why. (``sync.repairs``)
        """
        result: SyncRepairsResult = self._call("sync.repairs", _args())
        return result

    def sync_resolve(self, entry_id: str) -> SyncResolveResult:
        """Resolves a repair: this entry stays the day's entry; the others are deleted (tombstones that sync carries). (``sync.resolve``)

        entry_id: The entry to keep.
        """
        result: SyncResolveResult = self._call("sync.resolve", _args(("entryId", entry_id)))
        return result

    def step_goal_get(self) -> StepGoalGetResult:
        """The daily step goal: target, estimated distance, milestone tier, and whether today met it. (``stepGoal.get``)
        """
        result: StepGoalGetResult = self._call("stepGoal.get", _args())
        return result

    def step_goal_set(self, *, enabled: Optional[bool] = NOT_GIVEN, target: Optional[int] = NOT_GIVEN) -> StepGoalSetResult:
        """Turns the step goal on or off and sets its target from today on (a target version; past days keep theirs). (``stepGoal.set``)

        enabled: On or off.
        target: 1000 to 20000 in steps of 500; needed to turn the goal on when none was ever set.
        """
        result: StepGoalSetResult = self._call("stepGoal.set", _args(("enabled", enabled), ("target", target)))
        return result

    def data_export(self, *, format: Optional[str] = NOT_GIVEN) -> DataExportResult:
        """Everything of yours — habits, entries, targets, categories, goals and links, routines, evidence, journals, reflections, wellbeing, lenses, deleted ones too — as a versioned document (json), or your entries as CSV for spreadsheets. Nothing of another user's, nor what points at it (a partnership, a link to a partner's goal): that comes back by syncing with the partner. (``data.export``)

        format: `json` (default): the complete backup data.import restores; `csv`: one row per active entry.
        """
        result: DataExportResult = self._call("data.export", _args(("format", format)))
        return result

    def data_backup(self, path: str, *, for_device: Optional[bool] = NOT_GIVEN) -> DataBackupResult:
        """Writes a consistent copy of the store file to a new file (SQLite's online backup API: every committed write, the WAL's too), while others may keep writing. Copy an open store this way, never with cp. The copy keeps the store's replica id, to restore here; `forDevice` gives it a new one, for another device. (``data.backup``)

        path: The new file; an existing one is refused (a backup never replaces a file).
        for_device: Give the copy a replica id of its own (default false).
        """
        result: DataBackupResult = self._call("data.backup", _args(("path", path), ("forDevice", for_device)))
        return result

    def data_import(self, *, document: Optional[Mapping[str, Any]] = NOT_GIVEN, path: Optional[str] = NOT_GIVEN) -> DataImportResult:
        """Restores a data.export document into this store, in one transaction, under the engine's rules (as sync.apply): records of another user are refused, the latest version of each record wins, one entry per habit and day stays; importing twice changes nothing. (``data.import``)

        document: A data.export json document (version 1).
        path: Instead of document: the file on this machine holding one (what a backup was saved to), read by the engine.
        """
        result: DataImportResult = self._call("data.import", _args(("document", document), ("path", path)))
        return result

    def data_import_loop(self, path: str) -> DataImportLoopResult:
        """Imports Loop Habit Tracker's data in one transaction: its backup (`.db`, schema 8–25) or its CSV export (the zip, or its folder). A done day becomes an entry (source import); a SKIP a day off (target 0 that day); NO, UNKNOWN and YES_AUTO nothing; numerical habits keep unit, target and at least/at most; 1/1 is daily, n/7 n per week, other frequencies the nearest (reported); archived stays archived. Habits are found again by Loop's uuid (CSV: by name), so a second import adds nothing. (``data.importLoop``)

        path: The backup file, zip or folder, on this machine.
        """
        result: DataImportLoopResult = self._call("data.importLoop", _args(("path", path)))
        return result

    def log(self, habit_id: str, value: Optional[float] = NOT_GIVEN, *, entry_id: Optional[str] = NOT_GIVEN, at: Optional[InstantLike] = NOT_GIVEN, day: Optional[DayLike] = NOT_GIVEN, note: Optional[str] = NOT_GIVEN, source: Optional[str] = NOT_GIVEN, confirm: Optional[bool] = NOT_GIVEN) -> EntryLogResult:
        """Logs a habit: one entry per habit and day (unless multiplePerDay); again on the same day updates that entry, a retry changes nothing. (``entry.log``)

        habit_id: The habit.
        entry_id: Client id, stable forever; a retry with it is a no-op. Generated when absent.
        at: RFC 3339; default now.
        day: An explicit day (backfill); default: derived from timestampUtc in the user's zone.
        value: Numeric habits (required there); binary habits take none.
        note: ≤ 4096 bytes.
        source: `manual` (default), `routine`, `evidence`, `import`.
        confirm: Needed for past or future days and day moves; without it the error is `confirmation_required` with `details.affectedDays`.
        """
        result: EntryLogResult = self._call("entry.log", _args(("habitId", habit_id), ("entryId", entry_id), ("timestampUtc", at), ("dayKey", day), ("value", value), ("note", note), ("source", source), ("confirm", confirm)))
        return result

    def entries(self, habit_id: Optional[str] = NOT_GIVEN, *, start: Optional[DayLike] = NOT_GIVEN, end: Optional[DayLike] = NOT_GIVEN, include_deleted: Optional[bool] = NOT_GIVEN) -> List[Any]:
        """The user's entries, by day then time. (``entry.list``, its ``entries``)

        habit_id: Only this habit's.
        start: First DayKey (inclusive).
        end: Last DayKey (inclusive).
        include_deleted: Default false.
        """
        result: EntryListResult = self._call("entry.list", _args(("habitId", habit_id), ("from", start), ("to", end), ("includeDeleted", include_deleted)))
        return result["entries"]

    def habits(self, *, include_archived: Optional[bool] = NOT_GIVEN, include_deleted: Optional[bool] = NOT_GIVEN, persona_id: Optional[str] = NOT_GIVEN) -> List[Any]:
        """The user's habits, oldest first. (``habit.list``, its ``habits``)

        include_archived: Default true.
        include_deleted: Default false.
        persona_id: Only the habits of this persona (a focus lens).
        """
        result: HabitListResult = self._call("habit.list", _args(("includeArchived", include_archived), ("includeDeleted", include_deleted), ("personaId", persona_id)))
        return result["habits"]

    def today(self, day: Optional[DayLike] = NOT_GIVEN, *, records: Optional[Mapping[str, Any]] = NOT_GIVEN, persona_id: Optional[str] = NOT_GIVEN) -> List[Any]:
        """Every active habit's standing on a day (default today): status, value, target, streaks, week, momentum. (``metrics.today``, its ``habits``)

        day: The day (default: today in the user's zone).
        records: Stateless: `{user:{zone, firstWeekday?, earlierFirstWeekdays?}, today?, habits:[...], entries:[...], targetVersions:[...]}` (records as the engine writes them); derived from these alone, no store.
        persona_id: Only the habits of this persona (store only).
        """
        result: MetricsTodayResult = self._call("metrics.today", _args(("dayKey", day), ("records", records), ("personaId", persona_id)))
        return result["habits"]

    def streaks(self, habit_id: str, day: Optional[DayLike] = NOT_GIVEN, *, records: Optional[Mapping[str, Any]] = NOT_GIVEN) -> MetricsStreaksResult:
        """Current and longest streaks: consecutive complete days (or weeks that met N); today is open; rest days are skipped. (``metrics.streaks``)

        habit_id: The habit (a bundle: derived from its habits).
        day: The day (default: today in the user's zone).
        records: Stateless: `{user:{zone, firstWeekday?, earlierFirstWeekdays?}, today?, habits:[...], entries:[...], targetVersions:[...]}` (records as the engine writes them); derived from these alone, no store.
        """
        result: MetricsStreaksResult = self._call("metrics.streaks", _args(("habitId", habit_id), ("dayKey", day), ("records", records)))
        return result

    def week(self, habit_id: str, day: Optional[DayLike] = NOT_GIVEN, *, records: Optional[Mapping[str, Any]] = NOT_GIVEN) -> MetricsWeekResult:
        """Progress of the week containing a day: completed days against N (N per week) or the required days (daily). (``metrics.week``)

        habit_id: The habit (a bundle: derived from its habits).
        day: The day (default: today in the user's zone).
        records: Stateless: `{user:{zone, firstWeekday?, earlierFirstWeekdays?}, today?, habits:[...], entries:[...], targetVersions:[...]}` (records as the engine writes them); derived from these alone, no store.
        """
        result: MetricsWeekResult = self._call("metrics.week", _args(("habitId", habit_id), ("dayKey", day), ("records", records)))
        return result

    def momentum(self, habit_id: str, day: Optional[DayLike] = NOT_GIVEN, *, records: Optional[Mapping[str, Any]] = NOT_GIVEN) -> float:
        """Loop Habit Tracker's strength score in [0, 1] as of a day (see Lally et al. 2010). (``metrics.momentum``, its ``momentum``)

        habit_id: The habit (a bundle: derived from its habits).
        day: The day (default: today in the user's zone).
        records: Stateless: `{user:{zone, firstWeekday?, earlierFirstWeekdays?}, today?, habits:[...], entries:[...], targetVersions:[...]}` (records as the engine writes them); derived from these alone, no store.
        """
        result: MetricsMomentumResult = self._call("metrics.momentum", _args(("habitId", habit_id), ("dayKey", day), ("records", records)))
        return result["momentum"]

    def history(self, habit_id: str, start: DayLike, end: DayLike, *, records: Optional[Mapping[str, Any]] = NOT_GIVEN) -> List[Any]:
        """A habit day by day (the data of a heatmap): value, target, status. (``metrics.history``, its ``days``)

        habit_id: The habit (a bundle: derived from its habits).
        start: First DayKey.
        end: Last DayKey (at most 3700 days after from).
        records: Stateless: `{user:{zone, firstWeekday?, earlierFirstWeekdays?}, today?, habits:[...], entries:[...], targetVersions:[...]}` (records as the engine writes them); derived from these alone, no store.
        """
        result: MetricsHistoryResult = self._call("metrics.history", _args(("habitId", habit_id), ("from", start), ("to", end), ("records", records)))
        return result["days"]

    def strength(self, habit_id: str, start: Optional[DayLike] = NOT_GIVEN, end: Optional[DayLike] = NOT_GIVEN, per: Optional[str] = NOT_GIVEN, *, records: Optional[Mapping[str, Any]] = NOT_GIVEN) -> List[Any]:
        """Strength (momentum) over time, averaged per day, week or month: the data of Loop's score chart. (``metrics.strength``, its ``points``)

        habit_id: The habit (a bundle: derived from its habits).
        start: First DayKey (default: 364 days before to).
        end: Last DayKey (default today; at most 3700 days after from).
        per: `day`, `week` (default; weeks start on the user's first weekday) or `month`.
        records: Stateless: `{user:{zone, firstWeekday?, earlierFirstWeekdays?}, today?, habits:[...], entries:[...], targetVersions:[...]}` (records as the engine writes them); derived from these alone, no store.
        """
        result: MetricsStrengthResult = self._call("metrics.strength", _args(("habitId", habit_id), ("from", start), ("to", end), ("per", per), ("records", records)))
        return result["points"]

    def create_habit(self, name: str, *, habit_id: Optional[str] = NOT_GIVEN, kind: Optional[str] = NOT_GIVEN, unit: Optional[str] = NOT_GIVEN, cadence: Optional[str] = NOT_GIVEN, times_per_week: Optional[int] = NOT_GIVEN, target_type: Optional[str] = NOT_GIVEN, multiple_per_day: Optional[bool] = NOT_GIVEN, category_id: Optional[str] = NOT_GIVEN, target: Optional[float] = NOT_GIVEN, legacy_goal: Optional[str] = NOT_GIVEN) -> Dict[str, Any]:
        """Creates a habit. (``habit.create``, its ``habit``)

        habit_id: Client id (`A-Za-z0-9._:-`, ≤ 128); generated when absent.
        name: 1 to 200 bytes.
        kind: `binary` (default) or `numeric`.
        unit: Numeric habits: `steps`, `km`, ...
        cadence: `daily` (default) or `weekly`.
        times_per_week: 1 to 7, with `weekly`.
        target_type: `atLeast` (default) or `atMost`. A yes/no habit at most 0 could never be met and is refused: "never do X" is a numeric habit at most 0.
        multiple_per_day: Numeric habits only; fixed at creation.
        category_id: A category id.
        target: A first target version, effective today.
        legacy_goal: A legacy goal text for `engine.migrateLegacyTargets`.
        """
        result: HabitCreateResult = self._call("habit.create", _args(("habitId", habit_id), ("name", name), ("kind", kind), ("unit", unit), ("cadence", cadence), ("timesPerWeek", times_per_week), ("targetType", target_type), ("multiplePerDay", multiple_per_day), ("categoryId", category_id), ("target", target), ("legacyGoal", legacy_goal)))
        return result["habit"]

    def update_habit(self, habit_id: str, *, name: Optional[str] = NOT_GIVEN, unit: Optional[str] = NOT_GIVEN, cadence: Optional[str] = NOT_GIVEN, times_per_week: Optional[int] = NOT_GIVEN, target_type: Optional[str] = NOT_GIVEN, effective_day: Optional[DayLike] = NOT_GIVEN, category_id: Optional[str] = NOT_GIVEN, confirm: Optional[bool] = NOT_GIVEN) -> Dict[str, Any]:
        """Changes a habit's name or category, and its unit, cadence or target type from today (or `effectiveDayKey`) on: past days keep the definition they had, entries are never touched. A cadence between daily and N a week changes at the start of the next week, so no week counts in two units. (``habit.update``, its ``habit``)

        habit_id: The habit.
        name: New name.
        unit: New unit from `effectiveDayKey` on (history is not converted).
        cadence: `daily` or `weekly`: from `effectiveDayKey` on within one kind, else from the first week start on or after it.
        times_per_week: 1 to 7, with `weekly`, or alone (weekly): a week asks the N in force on its last day.
        target_type: `atLeast` or `atMost`, from `effectiveDayKey` on.
        effective_day: The first day unit, cadence and target type change: today (default) or later; a past day is refused.
        category_id: A category id; `""` clears it.
        confirm: Go ahead with a unit a linked quantity goal cannot convert (without it: `confirmation_required` naming the goal).
        """
        result: HabitUpdateResult = self._call("habit.update", _args(("habitId", habit_id), ("name", name), ("unit", unit), ("cadence", cadence), ("timesPerWeek", times_per_week), ("targetType", target_type), ("effectiveDayKey", effective_day), ("categoryId", category_id), ("confirm", confirm)))
        return result["habit"]

    def create_goal(self, title: str, type: str, target: Optional[float] = NOT_GIVEN, habit_ids: Optional[Iterable[str]] = NOT_GIVEN, *, description: Optional[str] = NOT_GIVEN, icon: Optional[str] = NOT_GIVEN, category_id: Optional[str] = NOT_GIVEN, goal_id: Optional[str] = NOT_GIVEN, kind: Optional[str] = NOT_GIVEN, unit: Optional[str] = NOT_GIVEN, duration_weeks: Optional[int] = NOT_GIVEN, start_day: Optional[DayLike] = NOT_GIVEN, target_date: Optional[DayLike] = NOT_GIVEN, shared: Optional[bool] = NOT_GIVEN, sort_order: Optional[int] = NOT_GIVEN) -> Dict[str, Any]:
        """Creates a goal (at most 10 active or paused per owner); progress is derived from linked habits, never stored. (``goal.create``, its ``goal``)

        title: The goal's title.
        description: Optional text.
        icon: One emoji.
        category_id: A category.
        goal_id: The client's id.
        kind: `count` (distinct entries, default) or `quantity` (summed values, needs `unit`).
        type: `weeklyHabit` (target per week), `recurringTask` (done each week) or `targetAmount` (a cumulative total).
        target: Per week (`weeklyHabit`) or the total (`targetAmount`); 1 for `recurringTask`.
        unit: Quantity goals: km, mi, m, min, h, s, kg, lb, l, ml, count, or any unit matched exactly.
        duration_weeks: 4, 8 or 12; null or absent: ongoing.
        start_day: First day that counts (default today).
        target_date: Informational only.
        shared: Visible to and trackable by your partner (needs one).
        sort_order: Order within its category.
        habit_ids: Habits to link at once.
        """
        result: GoalCreateResult = self._call("goal.create", _args(("title", title), ("description", description), ("icon", icon), ("categoryId", category_id), ("goalId", goal_id), ("kind", kind), ("type", type), ("target", target), ("unit", unit), ("durationWeeks", duration_weeks), ("startDayKey", start_day), ("targetDate", target_date), ("shared", shared), ("sortOrder", sort_order), ("habitIds", habit_ids)))
        return result["goal"]

    def update_goal(self, goal_id: str, *, title: Optional[str] = NOT_GIVEN, description: Optional[str] = NOT_GIVEN, icon: Optional[str] = NOT_GIVEN, category_id: Optional[str] = NOT_GIVEN, target: Optional[float] = NOT_GIVEN, effective_day: Optional[DayLike] = NOT_GIVEN, duration_weeks: Optional[int] = NOT_GIVEN, target_date: Optional[DayLike] = NOT_GIVEN, status: Optional[str] = NOT_GIVEN, shared: Optional[bool] = NOT_GIVEN, sort_order: Optional[int] = NOT_GIVEN) -> Dict[str, Any]:
        """Changes a goal (yours, or one your partner shares): the last write wins; a new target applies from today (or `effectiveDayKey`) on, so past goal weeks keep theirs. (``goal.update``, its ``goal``)

        goal_id: The goal.
        title: New title.
        description: New text; empty clears it.
        icon: One emoji; empty clears it.
        category_id: A category; empty clears it.
        target: New target, from `effectiveDayKey` on: past goal weeks keep the target they had.
        effective_day: The first day the new target counts: today (default) or later; a past day is refused.
        duration_weeks: 4, 8, 12, or null for ongoing.
        target_date: Informational; empty clears it.
        status: `active` or `paused`.
        shared: Share with your partner, or stop (creator only).
        sort_order: Order within its category.
        """
        result: GoalUpdateResult = self._call("goal.update", _args(("goalId", goal_id), ("title", title), ("description", description), ("icon", icon), ("categoryId", category_id), ("target", target), ("effectiveDayKey", effective_day), ("durationWeeks", duration_weeks), ("targetDate", target_date), ("status", status), ("shared", shared), ("sortOrder", sort_order)))
        return result["goal"]

    def delete_goal(self, goal_id: str, confirm: Optional[bool] = NOT_GIVEN) -> GoalDeleteResult:
        """Deletes a goal and its links only (needs `confirm`): no entry or habit changes; goal.restore brings it back. (``goal.delete``)

        goal_id: The goal.
        confirm: Go ahead; without it the answer is confirmation_required, saying what goes.
        """
        result: GoalDeleteResult = self._call("goal.delete", _args(("goalId", goal_id), ("confirm", confirm)))
        return result

    def restore_goal(self, goal_id: str) -> Dict[str, Any]:
        """Brings a deleted goal of yours back, with the links it had; an open one needs a free place among your 10. (``goal.restore``, its ``goal``)

        goal_id: The deleted goal.
        """
        result: GoalRestoreResult = self._call("goal.restore", _args(("goalId", goal_id)))
        return result["goal"]

    def start_routine(self, routine_id: str, *, execution_id: Optional[str] = NOT_GIVEN) -> RoutineStartResult:
        """Starts a routine: a RoutineExecution and evidence for its habits — never an entry. Starting twice is fine. (``routine.start``)

        routine_id: The routine.
        execution_id: The client's id.
        """
        result: RoutineStartResult = self._call("routine.start", _args(("routineId", routine_id), ("executionId", execution_id)))
        return result

    def evidence(self) -> List[Any]:
        """Evidence standing today (earlier days' has expired). (``evidence.list``, its ``evidence``)
        """
        result: EvidenceListResult = self._call("evidence.list", _args())
        return result["evidence"]

    def confirm_evidence(self, evidence_id: str, value: Optional[float] = NOT_GIVEN, *, note: Optional[str] = NOT_GIVEN) -> EvidenceConfirmResult:
        """Confirms evidence: creates or updates the habit's entry for the day (source `evidence`) and ends the evidence; a second confirm is a no-op. (``evidence.confirm``)

        evidence_id: The evidence.
        value: Numeric habits' value.
        note: A note.
        """
        result: EvidenceConfirmResult = self._call("evidence.confirm", _args(("evidenceId", evidence_id), ("value", value), ("note", note)))
        return result

    def dismiss_evidence(self, evidence_id: str) -> EvidenceDismissResult:
        """Dismisses evidence: it ends; nothing else changes. (``evidence.dismiss``)

        evidence_id: The evidence.
        """
        result: EvidenceDismissResult = self._call("evidence.dismiss", _args(("evidenceId", evidence_id)))
        return result

    def journal(self, text: Optional[str] = NOT_GIVEN, *, at: Optional[InstantLike] = NOT_GIVEN, day: Optional[DayLike] = NOT_GIVEN, template_id: Optional[str] = NOT_GIVEN, responses: Optional[Mapping[str, Any]] = NOT_GIVEN, title: Optional[str] = NOT_GIVEN, referenced_habit_ids: Optional[Iterable[str]] = NOT_GIVEN, referenced_goal_ids: Optional[Iterable[str]] = NOT_GIVEN, journal_id: Optional[str] = NOT_GIVEN) -> Dict[str, Any]:
        """Writes a journal entry; references are context only and never imply completion. (``journal.create``, its ``journal``)

        at: When (default now).
        day: The day (default: timestampUtc's day in your zone).
        template_id: A journal template.
        responses: `{field: answer}` for the template's fields.
        title: A title.
        text: Free text.
        referenced_habit_ids: Habits as context only (never completion).
        referenced_goal_ids: Goals as context only (never progress).
        journal_id: The client's id.
        """
        result: JournalCreateResult = self._call("journal.create", _args(("timestampUtc", at), ("dayKey", day), ("templateId", template_id), ("responses", responses), ("title", title), ("text", text), ("referencedHabitIds", referenced_habit_ids), ("referencedGoalIds", referenced_goal_ids), ("journalId", journal_id)))
        return result["journal"]

    def log_wellbeing(self, metric: str, value: float, *, at: Optional[InstantLike] = NOT_GIVEN, day: Optional[DayLike] = NOT_GIVEN, note: Optional[str] = NOT_GIVEN, source: Optional[str] = NOT_GIVEN, wellbeing_id: Optional[str] = NOT_GIVEN) -> Dict[str, Any]:
        """Logs a wellbeing value (mood, energy, sleepHours…): it stands alone, no habit changes. (``wellbeing.log``, its ``wellbeing``)

        metric: 1 to 32 of a-z A-Z 0-9 _ -.
        value: The value.
        at: When (default now).
        day: The day (default: timestampUtc's).
        note: A note.
        source: `manual` (default: typed) or `import` (from a device or another app).
        wellbeing_id: The client's id.
        """
        result: WellbeingLogResult = self._call("wellbeing.log", _args(("metric", metric), ("value", value), ("timestampUtc", at), ("dayKey", day), ("note", note), ("source", source), ("wellbeingId", wellbeing_id)))
        return result["wellbeing"]

    def import_data(self, document: Optional[Mapping[str, Any]] = NOT_GIVEN, *, path: Optional[str] = NOT_GIVEN) -> DataImportResult:
        """Restores a data.export document into this store, in one transaction, under the engine's rules (as sync.apply): records of another user are refused, the latest version of each record wins, one entry per habit and day stays; importing twice changes nothing. (``data.import``)

        document: A data.export json document (version 1).
        path: Instead of document: the file on this machine holding one (what a backup was saved to), read by the engine.
        """
        result: DataImportResult = self._call("data.import", _args(("document", document), ("path", path)))
        return result

    def import_loop(self, path: str) -> DataImportLoopResult:
        """Imports Loop Habit Tracker's data in one transaction: its backup (`.db`, schema 8–25) or its CSV export (the zip, or its folder). A done day becomes an entry (source import); a SKIP a day off (target 0 that day); NO, UNKNOWN and YES_AUTO nothing; numerical habits keep unit, target and at least/at most; 1/1 is daily, n/7 n per week, other frequencies the nearest (reported); archived stays archived. Habits are found again by Loop's uuid (CSV: by name), so a second import adds nothing. (``data.importLoop``)

        path: The backup file, zip or folder, on this machine.
        """
        result: DataImportLoopResult = self._call("data.importLoop", _args(("path", path)))
        return result

