# habitflow completions for bash: source this file, or install it as
# /usr/share/bash-completion/completions/habitflow. The candidates come from habitflow itself.
_habitflow() {
    # Inserted as file names are: a space or a * in a habit's name is escaped.
    compopt -o filenames 2>/dev/null
    mapfile -t COMPREPLY < <("$1" ---completion bash "$COMP_CWORD" "${COMP_WORDS[@]}" 2>/dev/null)
}
complete -o default -F _habitflow habitflow
