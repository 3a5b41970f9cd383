#compdef habitflow
# habitflow completions for zsh: install this file as _habitflow in a folder of $fpath.
# The candidates come from habitflow itself; with none, files.
_habitflow() {
    local -a candidates
    candidates=("${(@f)$("${words[1]}" ---completion zsh $((CURRENT - 1)) "${words[@]}" 2>/dev/null)}")
    if [[ -n ${candidates[1]} ]]; then
        compadd -- "${candidates[@]}"
    else
        _files
    fi
}
_habitflow "$@"
