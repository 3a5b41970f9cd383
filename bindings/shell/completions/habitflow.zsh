#compdef habitflow
# habitflow completions for zsh: install this file as _habitflow in a folder of $fpath.
# The candidates come from habitflow itself; with none, files.
_habitflow() {
    local -a candidates
    candidates=("${(@f)$("${words[1]}" ---completion zsh $((CURRENT - 1)) "${(@Q)words}" 2>/dev/null)}")
    if [[ -n ${candidates[1]} ]]; then
        compadd -- "${candidates[@]}"
    else
        _files
    fi
}
# Autoloaded from $fpath, this file is the completion function's body; sourced
# (`source <(habitflow --generate-completion-script zsh)`), it registers one.
if [[ ${funcstack[1]} == _habitflow ]]; then
    _habitflow "$@"
else
    compdef _habitflow habitflow
fi
