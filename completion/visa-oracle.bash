# bash completion for visa-oracle (installed as
# share/bash-completion/completions/visa-oracle; or `source` this file).
# Commands and options are read from the CLI's own --help, so they never lag.
_visa_oracle() {
    local cur prev cmd
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD-1]}
    local bin=${COMP_WORDS[0]}
    if [ "$COMP_CWORD" -eq 1 ]; then
        local cmds
        cmds=$("$bin" --help 2>/dev/null | sed -n '/^commands:/,/^$/s/^  \([a-z0-9]*\) .*/\1/p')
        COMPREPLY=($(compgen -W "$cmds --help --version" -- "$cur"))
        return
    fi
    cmd=${COMP_WORDS[1]}
    case $prev in
        --dut-lib) COMPREPLY=($(compgen -f -X '!*.so' -- "$cur") $(compgen -d -- "$cur")); return ;;
        --results|-o|--out|--json-out) COMPREPLY=($(compgen -f -- "$cur")); return ;;
        --status) COMPREPLY=($(compgen -W "ok undefined invalid" -- "$cur")); return ;;
    esac
    if [[ $cur == -* ]]; then
        local opts
        opts=$("$bin" "$cmd" --help 2>&1 | grep -oE -- '(^|[ [(,|])--?[a-zA-Z][a-zA-Z0-9-]*' | sed 's/^[ [(,|]//' | sort -u)
        COMPREPLY=($(compgen -W "$opts --help" -- "$cur"))
        return
    fi
    COMPREPLY=($(compgen -f -- "$cur"))
}
complete -o filenames -F _visa_oracle visa-oracle
