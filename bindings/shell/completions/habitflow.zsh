#compdef habitflow

__habitflow_complete() {
    local -ar non_empty_completions=("${@:#(|:*)}")
    local -ar empty_completions=("${(M)@:#(|:*)}")
    _describe -V '' non_empty_completions -- empty_completions -P $'\'\''
}

__habitflow_custom_complete() {
    local -a completions
    completions=("${(@f)"$("${command_name}" "${@}" "${command_line[@]}")"}")
    if [[ "${#completions[@]}" -gt 1 ]]; then
        __habitflow_complete "${completions[@]:0:-1}"
    fi
}

__habitflow_cursor_index_in_current_word() {
    if [[ -z "${QIPREFIX}${IPREFIX}${PREFIX}" ]]; then
        printf 0
    else
        printf %s "${#${(z)LBUFFER}[-1]}"
    fi
}

_habitflow() {
    emulate -RL zsh -G
    setopt extendedglob nullglob numericglobsort
    unsetopt aliases banghist

    local -xr SAP_SHELL=zsh
    local -x SAP_SHELL_VERSION
    SAP_SHELL_VERSION="$(builtin emulate zsh -c 'printf %s "${ZSH_VERSION}"')"
    local -r SAP_SHELL_VERSION

    local context state state_descr line
    local -A opt_args

    local -r command_name="${words[1]}"
    local -ar command_line=("${words[@]}")
    local -ir current_word_index="$((CURRENT - 1))"

    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'today:Show today in your zone and where each habit stands.'
            'habit:Create, list, change, archive and delete habits.'
            'log:Log a habit (today, unless --at or --day says otherwise).'
            'entries:List entries, by day.'
            'edit:Edit an entry (other days and day moves need --confirm).'
            'delete:Delete an entry (needs --confirm).'
            'restore:Restore a deleted entry.'
            'target:Daily targets that change from a day on; past days keep theirs.'
            'pause:Pause a habit over days: nothing required, no streak broken.'
            'resume:End a habit'\''s pause: asked again from today (or --from) on.'
            'streaks:Show current and longest streaks (today is still open).'
            'week:Show the week'\''s progress per habit (✓ done, ✗ missed, · rest day, ○ today, still open; N-per-week habits show only done days).'
            'history:Show a habit'\''s days as a calendar heatmap (█ done, ▒ partly, ░ missed, · rest day, ○ open).'
            'strength:Show a habit'\''s strength over time as a chart (averaged per week by default).'
            'chart:Draw a habit'\''s calendar or strength, or a goal'\''s weeks, as an SVG file.'
            'goal:Goals: progress derived from the entries of linked habits.'
            'partner:Invite a partner, answer an invitation, or end a partnership (shared goals need one).'
            'routine:Routines: ordered habits; starting one suggests evidence, never entries.'
            'evidence:Evidence from routines: confirm (an entry) or dismiss (nothing).'
            'journal:Journal entries: reflection, never completion.'
            'wellbeing:Wellbeing values (mood, energy, sleepHours …) and their trends.'
            'export:Export your data: json (a complete backup that habitflow import restores) or csv (your entries).'
            'import:Import a habitflow export (idempotent), or Loop Habit Tracker'\''s data (import loop).'
            'backup:Copy the store file safely, also while it is in use (SQLite'\''s backup API).'
            'sync:Sync with a server or another store file, or move change sets by hand.'
            'user:Show or change your zone, first weekday and the hour your day begins.'
            'config:Show the defaults in effect and where each comes from (flag, environment, config file, built in).'
            'demo:Build a demo store (a year of history, a zone change, a target change) and show it.'
            'time:DayKeys, day ranges and weeks in any IANA zone.'
            'batch:Run JSON Lines requests from stdin; write one response line each to stdout.'
            'version:Print the engine and protocol versions, the licence and the tz data in use.'
            'help:Show subcommand help information.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        today|habit|log|entries|edit|delete|restore|target|pause|resume|streaks|week|history|strength|chart|goal|partner|routine|evidence|journal|wellbeing|export|import|backup|sync|user|config|demo|time|batch|version|help)
            "_habitflow_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_habitflow_today() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        '--color[Colour\: auto (a terminal without NO_COLOR), always or never.]:color:{__habitflow_complete "${___color[@]}"}'
        '--day[Another day than today (YYYY-MM-DD, yesterday, -N, monday …).]:day:'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_habit() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'add:Create a habit.'
            'list:List your habits.'
            'edit:Change a habit (its entries never change; unit, cadence and target type apply from today or --from on).'
            'archive:Archive a habit: it keeps its entries and takes no new ones.'
            'delete:Delete a habit (needs --confirm; its entries are kept, and `habit restore` brings both back).'
            'restore:Bring a deleted habit back, with its entries.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        add|list|edit|archive|delete|restore)
            "_habitflow_habit_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_habitflow_habit_add() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        ':name:'
        '--numeric[Make it numeric, measured in this unit (steps, km, min).]:numeric:'
        '--weekly[N days a week (1-7) instead of daily.]:weekly:'
        '--at-most[The day'\''s value must stay at or under the target.]'
        '--multiple-per-day[Allow several entries a day (numeric habits).]'
        '--target[The daily target from today on (default 1).]:target:'
        '--id[The habit'\''s id (default\: a new UUID).]:id:'
        '--category[A category id.]:category:'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_habit_list() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        '--deleted[Include deleted habits.]'
        '--json[Print JSON (one habit per line).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_habit_edit() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        ':habit:{__habitflow_custom_complete ---completion habit edit -- positional@0 "${current_word_index}" "$(__habitflow_cursor_index_in_current_word)"}'
        '--name[New name.]:name:'
        '--from[The first day unit, cadence and target type change (today or later; default today).]:from:'
        '--unit[New unit (history is not converted).]:unit:'
        '--weekly[N days a week (1-7).]:weekly:'
        '--daily[Daily.]'
        '--at-least[At least the target.]'
        '--at-most[At most the target.]'
        '(--confirm --yes)'{--confirm,--yes}'[Go ahead with a unit a linked goal cannot convert.]'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_habit_archive() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        ':habit:{__habitflow_custom_complete ---completion habit archive -- positional@0 "${current_word_index}" "$(__habitflow_cursor_index_in_current_word)"}'
        '--undo[Unarchive instead.]'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_habit_delete() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        ':habit:{__habitflow_custom_complete ---completion habit delete -- positional@0 "${current_word_index}" "$(__habitflow_cursor_index_in_current_word)"}'
        '(--confirm --yes)'{--confirm,--yes}'[Go ahead\: the habit and its entries leave every metric.]'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_habit_restore() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        ':habit:'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_log() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        ':habit:{__habitflow_custom_complete ---completion log -- positional@0 "${current_word_index}" "$(__habitflow_cursor_index_in_current_word)"}'
        ':value:'
        '--at[When it happened\: HH\:MM today (in your zone), or RFC 3339.]:at:'
        '--day[The day it counts for\: YYYY-MM-DD, yesterday, -N, monday … (e.g. yesterday for a late-night log).]:day:'
        '--note[A note.]:note:'
        '--id[The entry'\''s id (a retry with the same id changes nothing).]:id:'
        '(--confirm --yes)'{--confirm,--yes}'[Go ahead with a past or future day.]'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_entries() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        ':habit:{__habitflow_custom_complete ---completion entries -- positional@0 "${current_word_index}" "$(__habitflow_cursor_index_in_current_word)"}'
        '--from[First day (YYYY-MM-DD, yesterday, -N, monday …).]:from:'
        '--to[Last day (YYYY-MM-DD, today, -N …).]:to:'
        '--deleted[Include deleted entries.]'
        '--json[Print JSON (one entry per line).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_edit() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        ':entry:{__habitflow_custom_complete ---completion edit -- positional@0 "${current_word_index}" "$(__habitflow_cursor_index_in_current_word)"}'
        '--on[The day of the habit'\''s entry to edit (default\: today).]:on:'
        '--value[New value.]:value:'
        '--at[New time\: HH\:MM today, or RFC 3339; the day follows it unless --day is given.]:at:'
        '--day[New day\: YYYY-MM-DD, yesterday, -N, monday ….]:day:'
        '--note[New note ("" clears it).]:note:'
        '(--confirm --yes)'{--confirm,--yes}'[Go ahead with a past day or a day move.]'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_delete() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        ':entry:{__habitflow_custom_complete ---completion delete -- positional@0 "${current_word_index}" "$(__habitflow_cursor_index_in_current_word)"}'
        '(--on --day)'{--on,--day}'[The day of the habit'\''s entry (default\: today).]:on:'
        '(--confirm --yes)'{--confirm,--yes}'[Go ahead.]'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_restore() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        ':entry:{__habitflow_custom_complete ---completion restore -- positional@0 "${current_word_index}" "$(__habitflow_cursor_index_in_current_word)"}'
        '(--on --day)'{--on,--day}'[The day of the habit'\''s deleted entry (default\: today).]:on:'
        '(--confirm --yes)'{--confirm,--yes}'[Go ahead with a past day.]'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_target() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'set:Set a habit'\''s target from a day on (default today).'
            'get:Show a habit'\''s target on a day (default today).'
            'list:List a habit'\''s target versions.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        set|get|list)
            "_habitflow_target_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_habitflow_target_set() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        ':habit:{__habitflow_custom_complete ---completion target set -- positional@0 "${current_word_index}" "$(__habitflow_cursor_index_in_current_word)"}'
        ':target:'
        '--from[The first day it applies\: today or later (YYYY-MM-DD, tomorrow, +N, monday …; default today).]:from:'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_target_get() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        ':habit:{__habitflow_custom_complete ---completion target get -- positional@0 "${current_word_index}" "$(__habitflow_cursor_index_in_current_word)"}'
        '--day[The day (YYYY-MM-DD, yesterday, -N, monday …; default today).]:day:'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_target_list() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        ':habit:{__habitflow_custom_complete ---completion target list -- positional@0 "${current_word_index}" "$(__habitflow_cursor_index_in_current_word)"}'
        '--json[Print JSON (one version per line).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_pause() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        ':habit:{__habitflow_custom_complete ---completion pause -- positional@0 "${current_word_index}" "$(__habitflow_cursor_index_in_current_word)"}'
        '--from[First paused day (YYYY-MM-DD, today, tomorrow, +N …).]:from:'
        '--to[Last paused day (YYYY-MM-DD, +N, sunday …).]:to:'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_resume() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        ':habit:{__habitflow_custom_complete ---completion resume -- positional@0 "${current_word_index}" "$(__habitflow_cursor_index_in_current_word)"}'
        '--from[First day asked again (YYYY-MM-DD, tomorrow, +N …; default today).]:from:'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_streaks() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        ':habit:{__habitflow_custom_complete ---completion streaks -- positional@0 "${current_word_index}" "$(__habitflow_cursor_index_in_current_word)"}'
        '--json[Print JSON (one habit per line).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_week() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        '--color[Colour\: auto (a terminal without NO_COLOR), always or never.]:color:{__habitflow_complete "${___color[@]}"}'
        ':habit:{__habitflow_custom_complete ---completion week -- positional@0 "${current_word_index}" "$(__habitflow_cursor_index_in_current_word)"}'
        '--day[A day of the week to show (YYYY-MM-DD, -7, monday …; default\: today).]:day:'
        '--json[Print JSON (one habit per line).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_history() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        '--color[Colour\: auto (a terminal without NO_COLOR), always or never.]:color:{__habitflow_complete "${___color[@]}"}'
        ':habit:{__habitflow_custom_complete ---completion history -- positional@0 "${current_word_index}" "$(__habitflow_cursor_index_in_current_word)"}'
        '--from[First day (default\: 12 weeks before --to).]:from:'
        '--to[Last day (default\: today).]:to:'
        '--json[Print JSON (one day per line).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_strength() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        '--color[Colour\: auto (a terminal without NO_COLOR), always or never.]:color:{__habitflow_complete "${___color[@]}"}'
        ':habit:{__habitflow_custom_complete ---completion strength -- positional@0 "${current_word_index}" "$(__habitflow_cursor_index_in_current_word)"}'
        '--per[Average per day, week or month (default\: week).]:per:'
        '--from[First day (default\: 364 days before --to).]:from:'
        '--to[Last day (default\: today).]:to:'
        '--json[Print JSON (one period per line).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_chart() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'calendar:A year of a habit'\''s days as a calendar heatmap.'
            'strength:A habit'\''s strength over time (Loop'\''s score chart).'
            'goal:A goal'\''s progress week by week.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        calendar|strength|goal)
            "_habitflow_chart_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_habitflow_chart_calendar() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        ':habit:{__habitflow_custom_complete ---completion chart calendar -- positional@0 "${current_word_index}" "$(__habitflow_cursor_index_in_current_word)"}'
        '--from[First day (default\: 52 weeks before --to).]:from:'
        '--to[Last day (default\: today).]:to:'
        '(--output -o)'{--output,-o}'[The SVG file to write (default\: standard output).]:output:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_chart_strength() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        ':habit:{__habitflow_custom_complete ---completion chart strength -- positional@0 "${current_word_index}" "$(__habitflow_cursor_index_in_current_word)"}'
        '--per[Average per day, week or month (default\: week).]:per:'
        '--from[First day (default\: 364 days before --to).]:from:'
        '--to[Last day (default\: today).]:to:'
        '(--output -o)'{--output,-o}'[The SVG file to write (default\: standard output).]:output:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_chart_goal() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        ':goal:{__habitflow_custom_complete ---completion chart goal -- positional@0 "${current_word_index}" "$(__habitflow_cursor_index_in_current_word)"}'
        '(--output -o)'{--output,-o}'[The SVG file to write (default\: standard output).]:output:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_goal() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'add:Create a goal (weekly by default; --total or --recurring for the others).'
            'list:List goals by category, with progress bars.'
            'show:Show a goal: details, linked habits and week-by-week history.'
            'edit:Change a goal'\''s title, target, duration or icon, or whether your partner shares it.'
            'link:Link a habit to a goal.'
            'unlink:Unlink a habit from a goal from today on (the days it counted still count; its entries stay).'
            'pause:Pause a goal (it still counts among your 10).'
            'resume:Resume a paused goal.'
            'delete:Delete a goal and its links (needs --confirm; no entry or habit changes, and `goal restore` brings it back).'
            'restore:Bring a deleted goal back, with its links.'
            'log:Log an entry of a habit linked to a goal.'
            'suggest:Based on your goals: what is still to do this week.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        add|list|show|edit|link|unlink|pause|resume|delete|restore|log|suggest)
            "_habitflow_goal_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_habitflow_goal_add() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        ':title:'
        '--weekly[Completions per week (a weekly habit goal).]:weekly:'
        '--total[A cumulative total (a target amount goal).]:total:'
        '--recurring[Done or not done each week (a recurring task goal).]'
        '--unit[Sum values in this unit (km, mi, min, h, kg, …) instead of counting entries.]:unit:'
        '--weeks[4, 8 or 12 weeks (default\: ongoing).]:weeks:'
        '--start[First day that counts (YYYY-MM-DD, yesterday, -N, monday …; default today).]:start:'
        '--icon[An emoji.]:icon:'
        '--description[What the goal is for (shown by goal show).]:description:'
        '--category[A category id.]:category:'
        '--habits[Link these habits (id or name), comma-separated.]:habits:'
        '--shared[Share with your partner.]'
        '--id[The goal'\''s id (default\: a new UUID).]:id:'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_goal_list() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        '--segment[yours or shared (default both).]:segment:'
        '--json[Print JSON (one goal per line).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_goal_show() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        ':goal:{__habitflow_custom_complete ---completion goal show -- positional@0 "${current_word_index}" "$(__habitflow_cursor_index_in_current_word)"}'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_goal_edit() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        ':goal:{__habitflow_custom_complete ---completion goal edit -- positional@0 "${current_word_index}" "$(__habitflow_cursor_index_in_current_word)"}'
        '--title[New title.]:title:'
        '--target[New target (past weeks keep theirs).]:target:'
        '--from[The first day the new target counts (today or later; default today).]:from:'
        '--weeks[4, 8 or 12 weeks.]:weeks:'
        '--icon[An emoji (empty clears it).]:icon:'
        '--shared[Share it with your partner, or stop sharing it (your partner'\''s copies of it and of its habits go).]'
        '--no-shared[Share it with your partner, or stop sharing it (your partner'\''s copies of it and of its habits go).]'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_goal_link() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        ':goal:{__habitflow_custom_complete ---completion goal link -- positional@0 "${current_word_index}" "$(__habitflow_cursor_index_in_current_word)"}'
        ':habit:{__habitflow_custom_complete ---completion goal link -- positional@1 "${current_word_index}" "$(__habitflow_cursor_index_in_current_word)"}'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_goal_unlink() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        ':goal:{__habitflow_custom_complete ---completion goal unlink -- positional@0 "${current_word_index}" "$(__habitflow_cursor_index_in_current_word)"}'
        ':habit:{__habitflow_custom_complete ---completion goal unlink -- positional@1 "${current_word_index}" "$(__habitflow_cursor_index_in_current_word)"}'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_goal_pause() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        ':goal:{__habitflow_custom_complete ---completion goal pause -- positional@0 "${current_word_index}" "$(__habitflow_cursor_index_in_current_word)"}'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_goal_resume() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        ':goal:{__habitflow_custom_complete ---completion goal resume -- positional@0 "${current_word_index}" "$(__habitflow_cursor_index_in_current_word)"}'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_goal_delete() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        ':goal:{__habitflow_custom_complete ---completion goal delete -- positional@0 "${current_word_index}" "$(__habitflow_cursor_index_in_current_word)"}'
        '(--confirm --yes)'{--confirm,--yes}'[Go ahead\: the goal, its links and its progress go.]'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_goal_restore() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        ':goal:'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_goal_log() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        ':goal:{__habitflow_custom_complete ---completion goal log -- positional@0 "${current_word_index}" "$(__habitflow_cursor_index_in_current_word)"}'
        ':habit:{__habitflow_custom_complete ---completion goal log -- positional@1 "${current_word_index}" "$(__habitflow_cursor_index_in_current_word)"}'
        ':value:'
        '--day[The day (YYYY-MM-DD, yesterday, -N, monday …; default today).]:day:'
        '(--confirm --yes)'{--confirm,--yes}'[Go ahead with a day in the past.]'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_goal_suggest() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        '--week[A day of the week to plan (default today).]:week:'
        '--json[Print JSON (one suggestion per line).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_partner() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'show:Show your partner and invitations.'
            'invite:Invite a user; nothing is shared until they accept.'
            'accept:Accept a user'\''s invitation.'
            'decline:Decline a user'\''s invitation.'
            'unlink:End the partnership: shared goals become their creators'\'' own.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        show|invite|accept|decline|unlink)
            "_habitflow_partner_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_habitflow_partner_show() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_partner_invite() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        ':user:'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_partner_accept() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        ':user:'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_partner_decline() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        ':user:'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_partner_unlink() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_routine() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'add:Create a routine from habits (ids or names), in order.'
            'list:List routines.'
            'start:Start a routine: evidence to confirm or dismiss, no entries.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        add|list|start)
            "_habitflow_routine_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_habitflow_routine_add() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        ':name:'
        '*:habits:'
        '--id[The routine'\''s id.]:id:'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_routine_list() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        '--json[Print JSON (one routine per line).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_routine_start() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        ':routine:'
        '--id[The execution'\''s id (its evidence is then EXECUTION\:HABIT).]:id:'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_evidence() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'list:List today'\''s evidence.'
            'confirm:Confirm evidence: log the habit (once; again changes nothing).'
            'dismiss:Dismiss evidence: nothing is logged.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        list|confirm|dismiss)
            "_habitflow_evidence_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_habitflow_evidence_list() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        '--json[Print JSON (one per line).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_evidence_confirm() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        ':evidence:'
        ':value:'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_evidence_dismiss() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        ':evidence:'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_journal() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'add:Write a journal entry.'
            'list:List journal entries.'
            'edit:Edit a journal entry (moving it to another day needs --confirm).'
            'delete:Delete a journal entry (no habit, streak or goal changes).'
            'restore:Bring back a deleted journal entry.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        add|list|edit|delete|restore)
            "_habitflow_journal_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_habitflow_journal_add() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        ':text:'
        '--title[A title.]:title:'
        '--day[The day (YYYY-MM-DD, yesterday, -N, monday …; default today).]:day:'
        '--habits[Habits it is about (ids or names), comma-separated\: context only.]:habits:'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_journal_list() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        '--from[First day.]:from:'
        '--to[Last day.]:to:'
        '--json[Print JSON (one per line).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_journal_edit() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        ':id:'
        '--text[New text.]:text:'
        '--title[New title.]:title:'
        '--day[Move it to this day.]:day:'
        '(--confirm --yes)'{--confirm,--yes}'[Go ahead with a change of day.]'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_journal_delete() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        ':id:'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_journal_restore() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        ':id:'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_wellbeing() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'log:Log a wellbeing value.'
            'list:List wellbeing values, with their ids.'
            'edit:Change a wellbeing value, its note, time, day or source (the last edit wins).'
            'delete:Delete a wellbeing value (only wellbeing views change).'
            'restore:Bring back a deleted wellbeing value.'
            'trend:A metric'\''s daily means over a range (default: the last 4 weeks).'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        log|list|edit|delete|restore|trend)
            "_habitflow_wellbeing_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_habitflow_wellbeing_log() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        ':metric:'
        ':value:'
        '--day[The day (YYYY-MM-DD, yesterday, -N, monday …; default today).]:day:'
        '--note[A note.]:note:'
        '--source[Where it came from\: manual (default) or import (a device, another app).]:source:'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_wellbeing_list() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        ':metric:'
        '--json[Print JSON (one per line).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_wellbeing_edit() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        ':id:'
        '--value[New value.]:value:'
        '--note[New note ("" clears it).]:note:'
        '--at[New time\: HH\:MM today, or RFC 3339; the day follows it unless --day is given.]:at:'
        '--day[New day\: YYYY-MM-DD, yesterday, -N, monday ….]:day:'
        '--source[New source\: manual or import.]:source:'
        '(--confirm --yes)'{--confirm,--yes}'[Go ahead with a move to another day.]'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_wellbeing_delete() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        ':id:'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_wellbeing_restore() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        ':id:'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_wellbeing_trend() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        ':metric:'
        '--from[First day.]:from:'
        '--to[Last day (default today).]:to:'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_export() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        '--format[json (default) or csv.]:format:'
        '(--output -o)'{--output,-o}'[The file to write (default\: standard output).]:output:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_import() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'file:Restore a habitflow export under the engine'\''s rules; importing twice changes nothing.'
            'loop:Import Loop Habit Tracker'\''s backup (.db) or CSV export (the zip or its folder); a second import adds nothing.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        file|loop)
            "_habitflow_import_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_habitflow_import_file() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        ':file:'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_import_loop() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        ':file:'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_backup() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        ':file:'
        '--for-device[A copy for another device\: a replica id of its own.]'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_sync() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'with:Sync both ways with a sync server (URL) or another store file (same user).'
            'watch:Keep this store in sync with a server until interrupted: local writes go up, the server'\''s come down as they arrive.'
            'export:Print every change since a cursor as JSON ({changes, cursor, replicaId}).'
            'import:Apply a change set (an export, or its changes array) from FILE or - (stdin): all or nothing.'
            'repairs:List days where a merge kept one entry and set another aside.'
            'resolve:Keep this entry for its day; the others of the repair are deleted.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        with|watch|export|import|repairs|resolve)
            "_habitflow_sync_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_habitflow_sync_with() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        ':other:'
        '--token[The server'\''s access token (default\: $HABITFLOW_TOKEN).]:token:'
        '--create[Make the other store file when there is none (a first copy for another device).]'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_sync_watch() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        ':url:'
        '--token[The server'\''s access token (default\: $HABITFLOW_TOKEN).]:token:'
        '--interval[Seconds between pushes of local writes while the server has nothing new (1-60).]:interval:'
        '--rounds[Stop after this many exchanges (default\: never).]:rounds:'
        '--json[Print JSON (one object per exchange that moved something).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_sync_export() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        '--since[A cursor from an earlier export (default\: everything).]:since:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_sync_import() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        ':file:'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_sync_repairs() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        '--json[Print JSON (one repair per line).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_sync_resolve() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        ':entry:'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_user() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'show:Show your settings and today.'
            'set:Change a setting. New entries follow it; stored days are never rewritten.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        show|set)
            "_habitflow_user_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_habitflow_user_show() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_user_set() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        '--first-weekday[The first day of your week\: monday ... sunday (from the next week on; weeks that began keep their days).]:first-weekday:'
        '--day-starts-at[When your day begins, HH\:MM from 00\:00 to 12\:00\: with 04\:00, 03\:30 still counts for the day before.]:day-starts-at:'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_config() {
    local -i ret=1
    local -ar ___color=('auto' 'always' 'never')
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        '--color[Colour\: auto (a terminal without NO_COLOR), always or never.]:color:{__habitflow_complete "${___color[@]}"}'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_demo() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The demo store (default\: demo.sqlite next to the default store).]:db:'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_time() {
    local -i ret=1
    local -ar arg_specs=(
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'day-key:Print the local day (YYYY-MM-DD) of an instant in a zone.'
            'day-range:Print the UTC instants of a local day: start, end, length and exact intervals.'
            'week:Print the seven days of the week containing a day.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        day-key|day-range|week)
            "_habitflow_time_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_habitflow_time_day-key() {
    local -i ret=1
    local -ar arg_specs=(
        ':zone:'
        ':instant:'
        '--day-starts-at[When days begin, HH\:MM from 00\:00 (default) to 12\:00.]:day-starts-at:'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_time_day-range() {
    local -i ret=1
    local -ar arg_specs=(
        ':zone:'
        ':day-key:'
        '--day-starts-at[When days begin, HH\:MM from 00\:00 (default) to 12\:00.]:day-starts-at:'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_time_week() {
    local -i ret=1
    local -ar arg_specs=(
        ':day-key:'
        '--first-weekday[The first day of the week\: monday, sunday, saturday, ...]:first-weekday:'
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_batch() {
    local -i ret=1
    local -ar arg_specs=(
        '--db[The store file (default\: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).]:db:'
        '--user[Act as this user (default\: $HABITFLOW_USER, else your login name).]:user:'
        '--zone[Your current IANA zone (default\: $HABITFLOW_ZONE, $TZ, /etc/localtime).]:zone:'
        '--bail[Stop at the first failed request.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_version() {
    local -i ret=1
    local -ar arg_specs=(
        '--json[Print JSON.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_habitflow_help() {
    local -i ret=1
    local -ar arg_specs=(
        '*:subcommands:'
        '--version[Show the version.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

if [[ "${funcstack[1]}" = _habitflow ]]; then
    _habitflow "${@}"
else
    compdef _habitflow habitflow
fi
