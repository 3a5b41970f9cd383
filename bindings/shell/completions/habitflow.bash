#!/bin/bash

__habitflow_cursor_index_in_current_word() {
    local remaining="${COMP_LINE}"

    local word
    for word in "${COMP_WORDS[@]::COMP_CWORD}"; do
        remaining="${remaining##*([[:space:]])"${word}"*([[:space:]])}"
    done

    local -ir index="$((COMP_POINT - ${#COMP_LINE} + ${#remaining}))"
    if [[ "${index}" -le 0 ]]; then
        printf 0
    else
        printf %s "${index}"
    fi
}

# positional arguments:
#
# - 1: the current (sub)command's count of positional arguments
#
# required variables:
#
# - repeating_flags: the repeating flags that the current (sub)command can accept
# - non_repeating_flags: the non-repeating flags that the current (sub)command can accept
# - repeating_options: the repeating options that the current (sub)command can accept
# - non_repeating_options: the non-repeating options that the current (sub)command can accept
# - positional_number: value ignored
# - unparsed_words: unparsed words from the current command line
#
# modified variables:
#
# - non_repeating_flags: remove flags for this (sub)command that are already on the command line
# - non_repeating_options: remove options for this (sub)command that are already on the command line
# - positional_number: set to the current positional number
# - unparsed_words: remove all flags, options, and option values for this (sub)command
__habitflow_offer_flags_options() {
    local -ir positional_count="${1}"
    positional_number=0

    local was_flag_option_terminator_seen=false
    local is_parsing_option_value=false

    local -ar unparsed_word_indices=("${!unparsed_words[@]}")
    local -i word_index
    for word_index in "${unparsed_word_indices[@]}"; do
        if "${is_parsing_option_value}"; then
            # This word is an option value:
            # Reset marker for next word iff not currently the last word
            [[ "${word_index}" -ne "${unparsed_word_indices[${#unparsed_word_indices[@]} - 1]}" ]] && is_parsing_option_value=false
            unset "unparsed_words[${word_index}]"
            # Do not process this word as a flag or an option
            continue
        fi

        local word="${unparsed_words["${word_index}"]}"
        if ! "${was_flag_option_terminator_seen}"; then
            case "${word}" in
            --)
                unset "unparsed_words[${word_index}]"
                # by itself -- is a flag/option terminator, but if it is the last word, it is the start of a completion
                if [[ "${word_index}" -ne "${unparsed_word_indices[${#unparsed_word_indices[@]} - 1]}" ]]; then
                    was_flag_option_terminator_seen=true
                fi
                continue
                ;;
            -*)
                # ${word} is a flag or an option
                # If ${word} is an option, mark that the next word to be parsed is an option value
                local option
                for option in "${repeating_options[@]}" "${non_repeating_options[@]}"; do
                    [[ "${word}" = "${option}" ]] && is_parsing_option_value=true && break
                done

                # Remove ${word} from ${non_repeating_flags} or ${non_repeating_options} so it isn't offered again
                local not_found=true
                local -i index
                for index in "${!non_repeating_flags[@]}"; do
                    if [[ "${non_repeating_flags[${index}]}" = "${word}" ]]; then
                        unset "non_repeating_flags[${index}]"
                        non_repeating_flags=("${non_repeating_flags[@]}")
                        not_found=false
                        break
                    fi
                done
                if "${not_found}"; then
                    for index in "${!non_repeating_flags[@]}"; do
                        if [[ "${non_repeating_flags[${index}]}" = "${word}" ]]; then
                            unset "non_repeating_flags[${index}]"
                            non_repeating_flags=("${non_repeating_flags[@]}")
                            break
                        fi
                    done
                fi
                unset "unparsed_words[${word_index}]"
                continue
                ;;
            esac
        fi

        # ${word} is neither a flag, nor an option, nor an option value
        if [[ "${positional_number}" -lt "${positional_count}" || "${positional_count}" -lt 0 ]]; then
            # ${word} is a positional
            ((positional_number++))
            unset "unparsed_words[${word_index}]"
        else
            if [[ -z "${word}" ]]; then
                # Could be completing a flag, option, or subcommand
                positional_number=-1
            else
                # ${word} is a subcommand or invalid, so stop processing this (sub)command
                positional_number=-2
            fi
            break
        fi
    done

    unparsed_words=("${unparsed_words[@]}")

    if\
        ! "${was_flag_option_terminator_seen}"\
        && ! "${is_parsing_option_value}"\
        && [[ ("${cur}" = -* && "${positional_number}" -ge 0) || "${positional_number}" -eq -1 ]]
    then
        COMPREPLY+=($(compgen -W "${repeating_flags[*]} ${non_repeating_flags[*]} ${repeating_options[*]} ${non_repeating_options[*]}" -- "${cur}"))
    fi
}

__habitflow_add_completions() {
    local completion
    while IFS='' read -r completion; do
        COMPREPLY+=("${completion}")
    done < <(IFS=$'\n' compgen "${@}" -- "${cur}")
}

__habitflow_custom_complete() {
    if [[ -n "${cur}" || -z ${COMP_WORDS[${COMP_CWORD}]} || "${COMP_LINE:${COMP_POINT}:1}" != ' ' ]]; then
        local -ar words=("${COMP_WORDS[@]}")
    else
        local -ar words=("${COMP_WORDS[@]::${COMP_CWORD}}" '' "${COMP_WORDS[@]:${COMP_CWORD}}")
    fi

    "${COMP_WORDS[0]}" "${@}" "${words[@]}"
}

_habitflow() {
    local state
    state="$(shopt -p;shopt -po)"
    trap "${state//$'\n'/;}" RETURN
    shopt -s extglob
    set +o history +o posix

    local -xr SAP_SHELL=bash
    local -x SAP_SHELL_VERSION
    SAP_SHELL_VERSION="$(IFS='.';printf %s "${BASH_VERSINFO[*]}")"
    local -r SAP_SHELL_VERSION

    local -r cur="${2}"
    local -r prev="${3}"

    local -i positional_number
    local -a unparsed_words=("${COMP_WORDS[@]:1:${COMP_CWORD}}")

    local -a repeating_flags=()
    local -a non_repeating_flags=(--version -h --help)
    local -a repeating_options=()
    local -a non_repeating_options=()
    __habitflow_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    today|habit|log|entries|edit|delete|restore|target|pause|resume|streaks|week|history|strength|chart|goal|partner|routine|evidence|journal|wellbeing|export|import|backup|sync|user|config|demo|time|batch|version|help)
        # Offer subcommand argument completions
        "_habitflow_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'today habit log entries edit delete restore target pause resume streaks week history strength chart goal partner routine evidence journal wellbeing export import backup sync user config demo time batch version help' -- "${cur}"))
        ;;
    esac
}

_habitflow_today() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone --color --day)
    __habitflow_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    '--color')
        __habitflow_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--day')
        return
        ;;
    esac
}

_habitflow_habit() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __habitflow_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    add|list|edit|archive|delete|restore)
        # Offer subcommand argument completions
        "_habitflow_habit_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'add list edit archive delete restore' -- "${cur}"))
        ;;
    esac
}

_habitflow_habit_add() {
    repeating_flags=()
    non_repeating_flags=(--at-most --multiple-per-day --json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone --numeric --weekly --target --id --category)
    __habitflow_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    '--numeric')
        return
        ;;
    '--weekly')
        return
        ;;
    '--target')
        return
        ;;
    '--id')
        return
        ;;
    '--category')
        return
        ;;
    esac
}

_habitflow_habit_list() {
    repeating_flags=()
    non_repeating_flags=(--deleted --json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone)
    __habitflow_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    esac
}

_habitflow_habit_edit() {
    repeating_flags=()
    non_repeating_flags=(--daily --at-least --at-most --confirm --yes --json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone --name --from --unit --weekly)
    __habitflow_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    '--name')
        return
        ;;
    '--from')
        return
        ;;
    '--unit')
        return
        ;;
    '--weekly')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __habitflow_add_completions -W "$(__habitflow_custom_complete ---completion habit edit -- positional@0 "${COMP_CWORD}" "$(__habitflow_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_habitflow_habit_archive() {
    repeating_flags=()
    non_repeating_flags=(--undo --json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone)
    __habitflow_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __habitflow_add_completions -W "$(__habitflow_custom_complete ---completion habit archive -- positional@0 "${COMP_CWORD}" "$(__habitflow_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_habitflow_habit_delete() {
    repeating_flags=()
    non_repeating_flags=(--confirm --yes --json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone)
    __habitflow_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __habitflow_add_completions -W "$(__habitflow_custom_complete ---completion habit delete -- positional@0 "${COMP_CWORD}" "$(__habitflow_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_habitflow_habit_restore() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone)
    __habitflow_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    esac
}

_habitflow_log() {
    repeating_flags=()
    non_repeating_flags=(--confirm --yes --json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone --at --day --note --id)
    __habitflow_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    '--at')
        return
        ;;
    '--day')
        return
        ;;
    '--note')
        return
        ;;
    '--id')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __habitflow_add_completions -W "$(__habitflow_custom_complete ---completion log -- positional@0 "${COMP_CWORD}" "$(__habitflow_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_habitflow_entries() {
    repeating_flags=()
    non_repeating_flags=(--deleted --json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone --from --to)
    __habitflow_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    '--from')
        return
        ;;
    '--to')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __habitflow_add_completions -W "$(__habitflow_custom_complete ---completion entries -- positional@0 "${COMP_CWORD}" "$(__habitflow_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_habitflow_edit() {
    repeating_flags=()
    non_repeating_flags=(--confirm --yes --json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone --on --value --at --day --note)
    __habitflow_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    '--on')
        return
        ;;
    '--value')
        return
        ;;
    '--at')
        return
        ;;
    '--day')
        return
        ;;
    '--note')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __habitflow_add_completions -W "$(__habitflow_custom_complete ---completion edit -- positional@0 "${COMP_CWORD}" "$(__habitflow_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_habitflow_delete() {
    repeating_flags=()
    non_repeating_flags=(--confirm --yes --json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone --on --day)
    __habitflow_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    '--on'|'--day')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __habitflow_add_completions -W "$(__habitflow_custom_complete ---completion delete -- positional@0 "${COMP_CWORD}" "$(__habitflow_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_habitflow_restore() {
    repeating_flags=()
    non_repeating_flags=(--confirm --yes --json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone --on --day)
    __habitflow_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    '--on'|'--day')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __habitflow_add_completions -W "$(__habitflow_custom_complete ---completion restore -- positional@0 "${COMP_CWORD}" "$(__habitflow_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_habitflow_target() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __habitflow_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    set|get|list)
        # Offer subcommand argument completions
        "_habitflow_target_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'set get list' -- "${cur}"))
        ;;
    esac
}

_habitflow_target_set() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone --from)
    __habitflow_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    '--from')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __habitflow_add_completions -W "$(__habitflow_custom_complete ---completion target set -- positional@0 "${COMP_CWORD}" "$(__habitflow_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_habitflow_target_get() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone --day)
    __habitflow_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    '--day')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __habitflow_add_completions -W "$(__habitflow_custom_complete ---completion target get -- positional@0 "${COMP_CWORD}" "$(__habitflow_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_habitflow_target_list() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone)
    __habitflow_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __habitflow_add_completions -W "$(__habitflow_custom_complete ---completion target list -- positional@0 "${COMP_CWORD}" "$(__habitflow_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_habitflow_pause() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone --from --to)
    __habitflow_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    '--from')
        return
        ;;
    '--to')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __habitflow_add_completions -W "$(__habitflow_custom_complete ---completion pause -- positional@0 "${COMP_CWORD}" "$(__habitflow_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_habitflow_resume() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone --from)
    __habitflow_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    '--from')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __habitflow_add_completions -W "$(__habitflow_custom_complete ---completion resume -- positional@0 "${COMP_CWORD}" "$(__habitflow_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_habitflow_streaks() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone)
    __habitflow_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __habitflow_add_completions -W "$(__habitflow_custom_complete ---completion streaks -- positional@0 "${COMP_CWORD}" "$(__habitflow_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_habitflow_week() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone --color --day)
    __habitflow_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    '--color')
        __habitflow_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--day')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __habitflow_add_completions -W "$(__habitflow_custom_complete ---completion week -- positional@0 "${COMP_CWORD}" "$(__habitflow_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_habitflow_history() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone --color --from --to)
    __habitflow_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    '--color')
        __habitflow_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--from')
        return
        ;;
    '--to')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __habitflow_add_completions -W "$(__habitflow_custom_complete ---completion history -- positional@0 "${COMP_CWORD}" "$(__habitflow_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_habitflow_strength() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone --color --per --from --to)
    __habitflow_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    '--color')
        __habitflow_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    '--per')
        return
        ;;
    '--from')
        return
        ;;
    '--to')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __habitflow_add_completions -W "$(__habitflow_custom_complete ---completion strength -- positional@0 "${COMP_CWORD}" "$(__habitflow_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_habitflow_chart() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __habitflow_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    calendar|strength|goal)
        # Offer subcommand argument completions
        "_habitflow_chart_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'calendar strength goal' -- "${cur}"))
        ;;
    esac
}

_habitflow_chart_calendar() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone --from --to --output -o)
    __habitflow_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    '--from')
        return
        ;;
    '--to')
        return
        ;;
    '--output'|'-o')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __habitflow_add_completions -W "$(__habitflow_custom_complete ---completion chart calendar -- positional@0 "${COMP_CWORD}" "$(__habitflow_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_habitflow_chart_strength() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone --per --from --to --output -o)
    __habitflow_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    '--per')
        return
        ;;
    '--from')
        return
        ;;
    '--to')
        return
        ;;
    '--output'|'-o')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __habitflow_add_completions -W "$(__habitflow_custom_complete ---completion chart strength -- positional@0 "${COMP_CWORD}" "$(__habitflow_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_habitflow_chart_goal() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone --output -o)
    __habitflow_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    '--output'|'-o')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __habitflow_add_completions -W "$(__habitflow_custom_complete ---completion chart goal -- positional@0 "${COMP_CWORD}" "$(__habitflow_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_habitflow_goal() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __habitflow_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    add|list|show|edit|link|unlink|pause|resume|delete|restore|log|suggest)
        # Offer subcommand argument completions
        "_habitflow_goal_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'add list show edit link unlink pause resume delete restore log suggest' -- "${cur}"))
        ;;
    esac
}

_habitflow_goal_add() {
    repeating_flags=()
    non_repeating_flags=(--recurring --shared --json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone --weekly --total --unit --weeks --start --icon --description --category --habits --id)
    __habitflow_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    '--weekly')
        return
        ;;
    '--total')
        return
        ;;
    '--unit')
        return
        ;;
    '--weeks')
        return
        ;;
    '--start')
        return
        ;;
    '--icon')
        return
        ;;
    '--description')
        return
        ;;
    '--category')
        return
        ;;
    '--habits')
        return
        ;;
    '--id')
        return
        ;;
    esac
}

_habitflow_goal_list() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone --segment)
    __habitflow_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    '--segment')
        return
        ;;
    esac
}

_habitflow_goal_show() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone)
    __habitflow_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __habitflow_add_completions -W "$(__habitflow_custom_complete ---completion goal show -- positional@0 "${COMP_CWORD}" "$(__habitflow_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_habitflow_goal_edit() {
    repeating_flags=()
    non_repeating_flags=(--shared --no-shared --json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone --title --target --from --weeks --icon)
    __habitflow_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    '--title')
        return
        ;;
    '--target')
        return
        ;;
    '--from')
        return
        ;;
    '--weeks')
        return
        ;;
    '--icon')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __habitflow_add_completions -W "$(__habitflow_custom_complete ---completion goal edit -- positional@0 "${COMP_CWORD}" "$(__habitflow_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_habitflow_goal_link() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone)
    __habitflow_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __habitflow_add_completions -W "$(__habitflow_custom_complete ---completion goal link -- positional@0 "${COMP_CWORD}" "$(__habitflow_cursor_index_in_current_word)")"
        return
        ;;
    2)
        __habitflow_add_completions -W "$(__habitflow_custom_complete ---completion goal link -- positional@1 "${COMP_CWORD}" "$(__habitflow_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_habitflow_goal_unlink() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone)
    __habitflow_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __habitflow_add_completions -W "$(__habitflow_custom_complete ---completion goal unlink -- positional@0 "${COMP_CWORD}" "$(__habitflow_cursor_index_in_current_word)")"
        return
        ;;
    2)
        __habitflow_add_completions -W "$(__habitflow_custom_complete ---completion goal unlink -- positional@1 "${COMP_CWORD}" "$(__habitflow_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_habitflow_goal_pause() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone)
    __habitflow_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __habitflow_add_completions -W "$(__habitflow_custom_complete ---completion goal pause -- positional@0 "${COMP_CWORD}" "$(__habitflow_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_habitflow_goal_resume() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone)
    __habitflow_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __habitflow_add_completions -W "$(__habitflow_custom_complete ---completion goal resume -- positional@0 "${COMP_CWORD}" "$(__habitflow_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_habitflow_goal_delete() {
    repeating_flags=()
    non_repeating_flags=(--confirm --yes --json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone)
    __habitflow_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __habitflow_add_completions -W "$(__habitflow_custom_complete ---completion goal delete -- positional@0 "${COMP_CWORD}" "$(__habitflow_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_habitflow_goal_restore() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone)
    __habitflow_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    esac
}

_habitflow_goal_log() {
    repeating_flags=()
    non_repeating_flags=(--confirm --yes --json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone --day)
    __habitflow_offer_flags_options 3

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    '--day')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __habitflow_add_completions -W "$(__habitflow_custom_complete ---completion goal log -- positional@0 "${COMP_CWORD}" "$(__habitflow_cursor_index_in_current_word)")"
        return
        ;;
    2)
        __habitflow_add_completions -W "$(__habitflow_custom_complete ---completion goal log -- positional@1 "${COMP_CWORD}" "$(__habitflow_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_habitflow_goal_suggest() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone --week)
    __habitflow_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    '--week')
        return
        ;;
    esac
}

_habitflow_partner() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __habitflow_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    show|invite|accept|decline|unlink)
        # Offer subcommand argument completions
        "_habitflow_partner_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'show invite accept decline unlink' -- "${cur}"))
        ;;
    esac
}

_habitflow_partner_show() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone)
    __habitflow_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    esac
}

_habitflow_partner_invite() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone)
    __habitflow_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    esac
}

_habitflow_partner_accept() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone)
    __habitflow_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    esac
}

_habitflow_partner_decline() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone)
    __habitflow_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    esac
}

_habitflow_partner_unlink() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone)
    __habitflow_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    esac
}

_habitflow_routine() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __habitflow_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    add|list|start)
        # Offer subcommand argument completions
        "_habitflow_routine_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'add list start' -- "${cur}"))
        ;;
    esac
}

_habitflow_routine_add() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone --id)
    __habitflow_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    '--id')
        return
        ;;
    esac
}

_habitflow_routine_list() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone)
    __habitflow_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    esac
}

_habitflow_routine_start() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone --id)
    __habitflow_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    '--id')
        return
        ;;
    esac
}

_habitflow_evidence() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __habitflow_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    list|confirm|dismiss)
        # Offer subcommand argument completions
        "_habitflow_evidence_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'list confirm dismiss' -- "${cur}"))
        ;;
    esac
}

_habitflow_evidence_list() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone)
    __habitflow_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    esac
}

_habitflow_evidence_confirm() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone)
    __habitflow_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    esac
}

_habitflow_evidence_dismiss() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone)
    __habitflow_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    esac
}

_habitflow_journal() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __habitflow_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    add|list|edit|delete|restore)
        # Offer subcommand argument completions
        "_habitflow_journal_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'add list edit delete restore' -- "${cur}"))
        ;;
    esac
}

_habitflow_journal_add() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone --title --day --habits)
    __habitflow_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    '--title')
        return
        ;;
    '--day')
        return
        ;;
    '--habits')
        return
        ;;
    esac
}

_habitflow_journal_list() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone --from --to)
    __habitflow_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    '--from')
        return
        ;;
    '--to')
        return
        ;;
    esac
}

_habitflow_journal_edit() {
    repeating_flags=()
    non_repeating_flags=(--confirm --yes --json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone --text --title --day)
    __habitflow_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    '--text')
        return
        ;;
    '--title')
        return
        ;;
    '--day')
        return
        ;;
    esac
}

_habitflow_journal_delete() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone)
    __habitflow_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    esac
}

_habitflow_journal_restore() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone)
    __habitflow_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    esac
}

_habitflow_wellbeing() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __habitflow_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    log|list|edit|delete|restore|trend)
        # Offer subcommand argument completions
        "_habitflow_wellbeing_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'log list edit delete restore trend' -- "${cur}"))
        ;;
    esac
}

_habitflow_wellbeing_log() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone --day --note --source)
    __habitflow_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    '--day')
        return
        ;;
    '--note')
        return
        ;;
    '--source')
        return
        ;;
    esac
}

_habitflow_wellbeing_list() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone)
    __habitflow_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    esac
}

_habitflow_wellbeing_edit() {
    repeating_flags=()
    non_repeating_flags=(--confirm --yes --json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone --value --note --at --day --source)
    __habitflow_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    '--value')
        return
        ;;
    '--note')
        return
        ;;
    '--at')
        return
        ;;
    '--day')
        return
        ;;
    '--source')
        return
        ;;
    esac
}

_habitflow_wellbeing_delete() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone)
    __habitflow_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    esac
}

_habitflow_wellbeing_restore() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone)
    __habitflow_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    esac
}

_habitflow_wellbeing_trend() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone --from --to)
    __habitflow_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    '--from')
        return
        ;;
    '--to')
        return
        ;;
    esac
}

_habitflow_export() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone --format --output -o)
    __habitflow_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    '--format')
        return
        ;;
    '--output'|'-o')
        return
        ;;
    esac
}

_habitflow_import() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __habitflow_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    file|loop)
        # Offer subcommand argument completions
        "_habitflow_import_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'file loop' -- "${cur}"))
        ;;
    esac
}

_habitflow_import_file() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone)
    __habitflow_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    esac
}

_habitflow_import_loop() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone)
    __habitflow_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    esac
}

_habitflow_backup() {
    repeating_flags=()
    non_repeating_flags=(--for-device --json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone)
    __habitflow_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    esac
}

_habitflow_sync() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __habitflow_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    with|watch|export|import|repairs|resolve)
        # Offer subcommand argument completions
        "_habitflow_sync_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'with watch export import repairs resolve' -- "${cur}"))
        ;;
    esac
}

_habitflow_sync_with() {
    repeating_flags=()
    non_repeating_flags=(--create --json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone --token)
    __habitflow_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    '--token')
        return
        ;;
    esac
}

_habitflow_sync_watch() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone --token --interval --rounds)
    __habitflow_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    '--token')
        return
        ;;
    '--interval')
        return
        ;;
    '--rounds')
        return
        ;;
    esac
}

_habitflow_sync_export() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone --since)
    __habitflow_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    '--since')
        return
        ;;
    esac
}

_habitflow_sync_import() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone)
    __habitflow_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    esac
}

_habitflow_sync_repairs() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone)
    __habitflow_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    esac
}

_habitflow_sync_resolve() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone)
    __habitflow_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    esac
}

_habitflow_user() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __habitflow_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    show|set)
        # Offer subcommand argument completions
        "_habitflow_user_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'show set' -- "${cur}"))
        ;;
    esac
}

_habitflow_user_show() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone)
    __habitflow_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    esac
}

_habitflow_user_set() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone --first-weekday --day-starts-at)
    __habitflow_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    '--first-weekday')
        return
        ;;
    '--day-starts-at')
        return
        ;;
    esac
}

_habitflow_config() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone --color)
    __habitflow_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    '--color')
        __habitflow_add_completions -W 'auto'$'\n''always'$'\n''never'
        return
        ;;
    esac
}

_habitflow_demo() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--db)
    __habitflow_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    esac
}

_habitflow_time() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __habitflow_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    day-key|day-range|week)
        # Offer subcommand argument completions
        "_habitflow_time_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'day-key day-range week' -- "${cur}"))
        ;;
    esac
}

_habitflow_time_day-key() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--day-starts-at)
    __habitflow_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--day-starts-at')
        return
        ;;
    esac
}

_habitflow_time_day-range() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--day-starts-at)
    __habitflow_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--day-starts-at')
        return
        ;;
    esac
}

_habitflow_time_week() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--first-weekday)
    __habitflow_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--first-weekday')
        return
        ;;
    esac
}

_habitflow_batch() {
    repeating_flags=()
    non_repeating_flags=(--bail --version -h --help)
    repeating_options=()
    non_repeating_options=(--db --user --zone)
    __habitflow_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--db')
        return
        ;;
    '--user')
        return
        ;;
    '--zone')
        return
        ;;
    esac
}

_habitflow_version() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=()
    __habitflow_offer_flags_options 0
}

_habitflow_help() {
    repeating_flags=()
    non_repeating_flags=(--version)
    repeating_options=()
    non_repeating_options=()
    __habitflow_offer_flags_options -1
}

complete -o filenames -F _habitflow habitflow
