# habitflow completions for bash: source this file, or install it as
# /usr/share/bash-completion/completions/habitflow. The candidates come from habitflow itself.
_habitflow() {
    local IFS=$'\n'
    COMPREPLY=($("$1" ---completion bash "$COMP_CWORD" "${COMP_WORDS[@]}" 2>/dev/null))
}
complete -o default -F _habitflow habitflow
