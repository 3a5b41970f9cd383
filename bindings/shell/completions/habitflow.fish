# habitflow completions for fish: install this file in ~/.config/fish/completions/.
# The candidates come from habitflow itself; with none, files.
function __habitflow_complete
    set -l words (commandline -opc) (commandline -ct)
    set -l candidates (command habitflow ---completion fish (math (count $words) - 1) $words 2>/dev/null)
    if set -q candidates[1]
        printf '%s\n' $candidates
    else
        __fish_complete_path (commandline -ct)
    end
end
complete -c habitflow -f -a '(__habitflow_complete)'
