function __habitflow_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __habitflow_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __habitflow_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __habitflow_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __habitflow_parse_tokens -S
    set -l unparsed_tokens (__habitflow_tokens -pc)
    switch $unparsed_tokens[1]
    case 'habitflow'
        __habitflow_parse_subcommand 0 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'today'
            __habitflow_parse_subcommand 0 'db=' 'user=' 'zone=' 'day=' 'json' 'version' 'h/help'
        case 'habit'
            __habitflow_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'add'
                __habitflow_parse_subcommand 1 'db=' 'user=' 'zone=' 'numeric=' 'weekly=' 'at-most' 'multiple-per-day' 'target=' 'id=' 'category=' 'json' 'version' 'h/help'
            case 'list'
                __habitflow_parse_subcommand 0 'db=' 'user=' 'zone=' 'deleted' 'json' 'version' 'h/help'
            case 'edit'
                __habitflow_parse_subcommand 1 'db=' 'user=' 'zone=' 'name=' 'unit=' 'weekly=' 'daily' 'at-least' 'at-most' 'json' 'version' 'h/help'
            case 'archive'
                __habitflow_parse_subcommand 1 'db=' 'user=' 'zone=' 'undo' 'json' 'version' 'h/help'
            case 'delete'
                __habitflow_parse_subcommand 1 'db=' 'user=' 'zone=' 'json' 'version' 'h/help'
            end
        case 'log'
            __habitflow_parse_subcommand 2 'db=' 'user=' 'zone=' 'at=' 'day=' 'note=' 'id=' 'confirm' 'json' 'version' 'h/help'
        case 'entries'
            __habitflow_parse_subcommand 1 'db=' 'user=' 'zone=' 'from=' 'to=' 'deleted' 'json' 'version' 'h/help'
        case 'edit'
            __habitflow_parse_subcommand 1 'db=' 'user=' 'zone=' 'value=' 'at=' 'day=' 'note=' 'confirm' 'json' 'version' 'h/help'
        case 'delete'
            __habitflow_parse_subcommand 1 'db=' 'user=' 'zone=' 'confirm' 'json' 'version' 'h/help'
        case 'restore'
            __habitflow_parse_subcommand 1 'db=' 'user=' 'zone=' 'confirm' 'json' 'version' 'h/help'
        case 'target'
            __habitflow_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'set'
                __habitflow_parse_subcommand 2 'db=' 'user=' 'zone=' 'from=' 'confirm' 'json' 'version' 'h/help'
            case 'get'
                __habitflow_parse_subcommand 1 'db=' 'user=' 'zone=' 'day=' 'json' 'version' 'h/help'
            case 'list'
                __habitflow_parse_subcommand 1 'db=' 'user=' 'zone=' 'json' 'version' 'h/help'
            end
        case 'pause'
            __habitflow_parse_subcommand 1 'db=' 'user=' 'zone=' 'from=' 'to=' 'confirm' 'json' 'version' 'h/help'
        case 'streaks'
            __habitflow_parse_subcommand 1 'db=' 'user=' 'zone=' 'json' 'version' 'h/help'
        case 'week'
            __habitflow_parse_subcommand 1 'db=' 'user=' 'zone=' 'day=' 'json' 'version' 'h/help'
        case 'history'
            __habitflow_parse_subcommand 1 'db=' 'user=' 'zone=' 'from=' 'to=' 'json' 'version' 'h/help'
        case 'demo'
            __habitflow_parse_subcommand 0 'db=' 'version' 'h/help'
        case 'time'
            __habitflow_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'day-key'
                __habitflow_parse_subcommand 2 'json' 'version' 'h/help'
            case 'day-range'
                __habitflow_parse_subcommand 2 'json' 'version' 'h/help'
            case 'week'
                __habitflow_parse_subcommand 1 'first-weekday=' 'json' 'version' 'h/help'
            end
        case 'batch'
            __habitflow_parse_subcommand 0 'db=' 'user=' 'zone=' 'bail' 'version' 'h/help'
        case 'version'
            __habitflow_parse_subcommand 0 'json' 'version' 'h/help'
        case 'help'
            __habitflow_parse_subcommand -r 1 'version'
        end
    end
end

function __habitflow_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else
        commandline -o $argv
    end
end

function __habitflow_parse_subcommand -S -a positional_count
    argparse -s r -- $argv
    set -l option_specs $argv[2..]
    set -l is_repeating_positional $_flag_r
    set -el _flag_r
    set -a commands $unparsed_tokens[1]
    set positional_index 0
    while true
        set -e unparsed_tokens[1]
        argparse -sn "$commands" $option_specs -- $unparsed_tokens 2> /dev/null
        set unparsed_tokens $argv
        set positional_index (math $positional_index + 1)
        for non_repeating_flag_or_option in $non_repeating_flags_or_options
            if set -ql "_flag_$(string replace -a - _ -- $non_repeating_flag_or_option)"
                set non_repeating_flags_or_options_absent 1
                break
            end
        end
        test (count $unparsed_tokens) -eq 0 -o \( -z "$is_repeating_positional" -a "$positional_index" -gt "$positional_count" \) && break
    end
end

function __habitflow_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __habitflow_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__habitflow_tokens -p)
    if test -z "$(__habitflow_tokens -t)"
        set -l index (count (__habitflow_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'habitflow' -f
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow" version' -l 'version' -d 'Show the version.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_positional "habitflow" -eq 1' -fa 'today' -d 'Show today in your zone and where each habit stands.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_positional "habitflow" -eq 1' -fa 'habit' -d 'Create, list, change, archive and delete habits.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_positional "habitflow" -eq 1' -fa 'log' -d 'Log a habit (today, unless --at or --day says otherwise).'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_positional "habitflow" -eq 1' -fa 'entries' -d 'List entries, by day.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_positional "habitflow" -eq 1' -fa 'edit' -d 'Edit an entry (other days and day moves need --confirm).'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_positional "habitflow" -eq 1' -fa 'delete' -d 'Delete an entry (needs --confirm).'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_positional "habitflow" -eq 1' -fa 'restore' -d 'Restore a deleted entry.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_positional "habitflow" -eq 1' -fa 'target' -d 'Daily targets that change from a day on; past days keep theirs.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_positional "habitflow" -eq 1' -fa 'pause' -d 'Pause a habit over days: nothing required, no streak broken.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_positional "habitflow" -eq 1' -fa 'streaks' -d 'Show current and longest streaks (today is still open).'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_positional "habitflow" -eq 1' -fa 'week' -d 'Show the week\'s progress per habit (✓ complete, ✗ missed, · not required; N-per-week habits show only done days).'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_positional "habitflow" -eq 1' -fa 'history' -d 'Show a habit\'s days as a calendar heatmap (█ complete, ░ incomplete, · not required).'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_positional "habitflow" -eq 1' -fa 'demo' -d 'Build a demo store (a year of history, a zone change, a target change) and show it.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_positional "habitflow" -eq 1' -fa 'time' -d 'DayKeys, day ranges and weeks in any IANA zone.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_positional "habitflow" -eq 1' -fa 'batch' -d 'Run JSON Lines requests from stdin; write one response line each to stdout.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_positional "habitflow" -eq 1' -fa 'version' -d 'Print the engine and protocol versions.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_positional "habitflow" -eq 1' -fa 'help' -d 'Show subcommand help information.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow today" db' -l 'db' -d 'The store file (default: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow today" user' -l 'user' -d 'Act as this user (default: $HABITFLOW_USER, else your login name).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow today" zone' -l 'zone' -d 'Your current IANA zone (default: $HABITFLOW_ZONE, $TZ, /etc/localtime).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow today" day' -l 'day' -d 'Another day than today (YYYY-MM-DD).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow today" json' -l 'json' -d 'Print JSON.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow today" version' -l 'version' -d 'Show the version.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow today" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow habit" version' -l 'version' -d 'Show the version.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow habit" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_positional "habitflow habit" -eq 1' -fa 'add' -d 'Create a habit.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_positional "habitflow habit" -eq 1' -fa 'list' -d 'List your habits.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_positional "habitflow habit" -eq 1' -fa 'edit' -d 'Change a habit (its entries never change).'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_positional "habitflow habit" -eq 1' -fa 'archive' -d 'Archive a habit: it keeps its entries and takes no new ones.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_positional "habitflow habit" -eq 1' -fa 'delete' -d 'Delete a habit (its entries are kept).'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow habit add" db' -l 'db' -d 'The store file (default: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow habit add" user' -l 'user' -d 'Act as this user (default: $HABITFLOW_USER, else your login name).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow habit add" zone' -l 'zone' -d 'Your current IANA zone (default: $HABITFLOW_ZONE, $TZ, /etc/localtime).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow habit add" numeric' -l 'numeric' -d 'Make it numeric, measured in this unit (steps, km, min).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow habit add" weekly' -l 'weekly' -d 'N days a week (1-7) instead of daily.' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow habit add" at-most' -l 'at-most' -d 'The day\'s value must stay at or under the target.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow habit add" multiple-per-day' -l 'multiple-per-day' -d 'Allow several entries a day (numeric habits).'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow habit add" target' -l 'target' -d 'The daily target from today on (default 1).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow habit add" id' -l 'id' -d 'The habit\'s id (default: a new UUID).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow habit add" category' -l 'category' -d 'A category id.' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow habit add" json' -l 'json' -d 'Print JSON.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow habit add" version' -l 'version' -d 'Show the version.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow habit add" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow habit list" db' -l 'db' -d 'The store file (default: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow habit list" user' -l 'user' -d 'Act as this user (default: $HABITFLOW_USER, else your login name).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow habit list" zone' -l 'zone' -d 'Your current IANA zone (default: $HABITFLOW_ZONE, $TZ, /etc/localtime).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow habit list" deleted' -l 'deleted' -d 'Include deleted habits.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow habit list" json' -l 'json' -d 'Print JSON (one habit per line).'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow habit list" version' -l 'version' -d 'Show the version.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow habit list" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow habit edit" db' -l 'db' -d 'The store file (default: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow habit edit" user' -l 'user' -d 'Act as this user (default: $HABITFLOW_USER, else your login name).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow habit edit" zone' -l 'zone' -d 'Your current IANA zone (default: $HABITFLOW_ZONE, $TZ, /etc/localtime).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow habit edit" name' -l 'name' -d 'New name.' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow habit edit" unit' -l 'unit' -d 'New unit (history is not converted).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow habit edit" weekly' -l 'weekly' -d 'N days a week (1-7).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow habit edit" daily' -l 'daily' -d 'Daily.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow habit edit" at-least' -l 'at-least' -d 'At least the target.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow habit edit" at-most' -l 'at-most' -d 'At most the target.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow habit edit" json' -l 'json' -d 'Print JSON.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow habit edit" version' -l 'version' -d 'Show the version.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow habit edit" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow habit archive" db' -l 'db' -d 'The store file (default: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow habit archive" user' -l 'user' -d 'Act as this user (default: $HABITFLOW_USER, else your login name).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow habit archive" zone' -l 'zone' -d 'Your current IANA zone (default: $HABITFLOW_ZONE, $TZ, /etc/localtime).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow habit archive" undo' -l 'undo' -d 'Unarchive instead.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow habit archive" json' -l 'json' -d 'Print JSON.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow habit archive" version' -l 'version' -d 'Show the version.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow habit archive" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow habit delete" db' -l 'db' -d 'The store file (default: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow habit delete" user' -l 'user' -d 'Act as this user (default: $HABITFLOW_USER, else your login name).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow habit delete" zone' -l 'zone' -d 'Your current IANA zone (default: $HABITFLOW_ZONE, $TZ, /etc/localtime).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow habit delete" json' -l 'json' -d 'Print JSON.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow habit delete" version' -l 'version' -d 'Show the version.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow habit delete" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow log" db' -l 'db' -d 'The store file (default: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow log" user' -l 'user' -d 'Act as this user (default: $HABITFLOW_USER, else your login name).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow log" zone' -l 'zone' -d 'Your current IANA zone (default: $HABITFLOW_ZONE, $TZ, /etc/localtime).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow log" at' -l 'at' -d 'When it happened (RFC 3339).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow log" day' -l 'day' -d 'The day it counts for (YYYY-MM-DD), e.g. yesterday for a late-night log.' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow log" note' -l 'note' -d 'A note.' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow log" id' -l 'id' -d 'The entry\'s id (a retry with the same id changes nothing).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow log" confirm' -l 'confirm' -d 'Go ahead with a past or future day.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow log" json' -l 'json' -d 'Print JSON.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow log" version' -l 'version' -d 'Show the version.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow log" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow entries" db' -l 'db' -d 'The store file (default: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow entries" user' -l 'user' -d 'Act as this user (default: $HABITFLOW_USER, else your login name).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow entries" zone' -l 'zone' -d 'Your current IANA zone (default: $HABITFLOW_ZONE, $TZ, /etc/localtime).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow entries" from' -l 'from' -d 'First day (YYYY-MM-DD).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow entries" to' -l 'to' -d 'Last day (YYYY-MM-DD).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow entries" deleted' -l 'deleted' -d 'Include deleted entries.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow entries" json' -l 'json' -d 'Print JSON (one entry per line).'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow entries" version' -l 'version' -d 'Show the version.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow entries" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow edit" db' -l 'db' -d 'The store file (default: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow edit" user' -l 'user' -d 'Act as this user (default: $HABITFLOW_USER, else your login name).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow edit" zone' -l 'zone' -d 'Your current IANA zone (default: $HABITFLOW_ZONE, $TZ, /etc/localtime).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow edit" value' -l 'value' -d 'New value.' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow edit" at' -l 'at' -d 'New time (RFC 3339); the day follows it unless --day is given.' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow edit" day' -l 'day' -d 'New day (YYYY-MM-DD).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow edit" note' -l 'note' -d 'New note ("" clears it).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow edit" confirm' -l 'confirm' -d 'Go ahead with a past day or a day move.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow edit" json' -l 'json' -d 'Print JSON.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow edit" version' -l 'version' -d 'Show the version.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow edit" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow delete" db' -l 'db' -d 'The store file (default: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow delete" user' -l 'user' -d 'Act as this user (default: $HABITFLOW_USER, else your login name).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow delete" zone' -l 'zone' -d 'Your current IANA zone (default: $HABITFLOW_ZONE, $TZ, /etc/localtime).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow delete" confirm' -l 'confirm' -d 'Go ahead.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow delete" json' -l 'json' -d 'Print JSON.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow delete" version' -l 'version' -d 'Show the version.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow delete" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow restore" db' -l 'db' -d 'The store file (default: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow restore" user' -l 'user' -d 'Act as this user (default: $HABITFLOW_USER, else your login name).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow restore" zone' -l 'zone' -d 'Your current IANA zone (default: $HABITFLOW_ZONE, $TZ, /etc/localtime).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow restore" confirm' -l 'confirm' -d 'Go ahead with a past day.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow restore" json' -l 'json' -d 'Print JSON.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow restore" version' -l 'version' -d 'Show the version.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow restore" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow target" version' -l 'version' -d 'Show the version.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow target" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_positional "habitflow target" -eq 1' -fa 'set' -d 'Set a habit\'s target from a day on (default today).'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_positional "habitflow target" -eq 1' -fa 'get' -d 'Show a habit\'s target on a day (default today).'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_positional "habitflow target" -eq 1' -fa 'list' -d 'List a habit\'s target versions.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow target set" db' -l 'db' -d 'The store file (default: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow target set" user' -l 'user' -d 'Act as this user (default: $HABITFLOW_USER, else your login name).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow target set" zone' -l 'zone' -d 'Your current IANA zone (default: $HABITFLOW_ZONE, $TZ, /etc/localtime).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow target set" from' -l 'from' -d 'The first day it applies (YYYY-MM-DD; default today).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow target set" confirm' -l 'confirm' -d 'Go ahead with a day in the past.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow target set" json' -l 'json' -d 'Print JSON.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow target set" version' -l 'version' -d 'Show the version.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow target set" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow target get" db' -l 'db' -d 'The store file (default: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow target get" user' -l 'user' -d 'Act as this user (default: $HABITFLOW_USER, else your login name).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow target get" zone' -l 'zone' -d 'Your current IANA zone (default: $HABITFLOW_ZONE, $TZ, /etc/localtime).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow target get" day' -l 'day' -d 'The day (YYYY-MM-DD; default today).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow target get" json' -l 'json' -d 'Print JSON.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow target get" version' -l 'version' -d 'Show the version.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow target get" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow target list" db' -l 'db' -d 'The store file (default: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow target list" user' -l 'user' -d 'Act as this user (default: $HABITFLOW_USER, else your login name).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow target list" zone' -l 'zone' -d 'Your current IANA zone (default: $HABITFLOW_ZONE, $TZ, /etc/localtime).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow target list" json' -l 'json' -d 'Print JSON (one version per line).'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow target list" version' -l 'version' -d 'Show the version.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow target list" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow pause" db' -l 'db' -d 'The store file (default: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow pause" user' -l 'user' -d 'Act as this user (default: $HABITFLOW_USER, else your login name).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow pause" zone' -l 'zone' -d 'Your current IANA zone (default: $HABITFLOW_ZONE, $TZ, /etc/localtime).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow pause" from' -l 'from' -d 'First paused day (YYYY-MM-DD).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow pause" to' -l 'to' -d 'Last paused day (YYYY-MM-DD).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow pause" confirm' -l 'confirm' -d 'Go ahead with days in the past.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow pause" json' -l 'json' -d 'Print JSON.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow pause" version' -l 'version' -d 'Show the version.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow pause" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow streaks" db' -l 'db' -d 'The store file (default: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow streaks" user' -l 'user' -d 'Act as this user (default: $HABITFLOW_USER, else your login name).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow streaks" zone' -l 'zone' -d 'Your current IANA zone (default: $HABITFLOW_ZONE, $TZ, /etc/localtime).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow streaks" json' -l 'json' -d 'Print JSON (one habit per line).'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow streaks" version' -l 'version' -d 'Show the version.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow streaks" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow week" db' -l 'db' -d 'The store file (default: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow week" user' -l 'user' -d 'Act as this user (default: $HABITFLOW_USER, else your login name).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow week" zone' -l 'zone' -d 'Your current IANA zone (default: $HABITFLOW_ZONE, $TZ, /etc/localtime).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow week" day' -l 'day' -d 'A day of the week to show (default: today).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow week" json' -l 'json' -d 'Print JSON (one habit per line).'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow week" version' -l 'version' -d 'Show the version.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow week" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow history" db' -l 'db' -d 'The store file (default: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow history" user' -l 'user' -d 'Act as this user (default: $HABITFLOW_USER, else your login name).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow history" zone' -l 'zone' -d 'Your current IANA zone (default: $HABITFLOW_ZONE, $TZ, /etc/localtime).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow history" from' -l 'from' -d 'First day (default: 12 weeks before --to).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow history" to' -l 'to' -d 'Last day (default: today).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow history" json' -l 'json' -d 'Print JSON (one day per line).'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow history" version' -l 'version' -d 'Show the version.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow history" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow demo" db' -l 'db' -d 'The demo store (default: demo.sqlite next to the default store).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow demo" version' -l 'version' -d 'Show the version.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow demo" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow time" version' -l 'version' -d 'Show the version.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow time" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_positional "habitflow time" -eq 1' -fa 'day-key' -d 'Print the local day (YYYY-MM-DD) of an instant in a zone.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_positional "habitflow time" -eq 1' -fa 'day-range' -d 'Print the UTC instants of a local day: start, end, length and exact intervals.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_positional "habitflow time" -eq 1' -fa 'week' -d 'Print the seven days of the week containing a day.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow time day-key" json' -l 'json' -d 'Print JSON.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow time day-key" version' -l 'version' -d 'Show the version.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow time day-key" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow time day-range" json' -l 'json' -d 'Print JSON.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow time day-range" version' -l 'version' -d 'Show the version.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow time day-range" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow time week" first-weekday' -l 'first-weekday' -d 'The first day of the week: monday, sunday, saturday, ...' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow time week" json' -l 'json' -d 'Print JSON.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow time week" version' -l 'version' -d 'Show the version.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow time week" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow batch" db' -l 'db' -d 'The store file (default: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow batch" user' -l 'user' -d 'Act as this user (default: $HABITFLOW_USER, else your login name).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow batch" zone' -l 'zone' -d 'Your current IANA zone (default: $HABITFLOW_ZONE, $TZ, /etc/localtime).' -rfka ''
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow batch" bail' -l 'bail' -d 'Stop at the first failed request.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow batch" version' -l 'version' -d 'Show the version.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow batch" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow version" json' -l 'json' -d 'Print JSON.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow version" version' -l 'version' -d 'Show the version.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow version" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'habitflow' -n '__habitflow_should_offer_completions_for_flags_or_options "habitflow help" version' -l 'version' -d 'Show the version.'
