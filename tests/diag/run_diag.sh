#!/bin/sh
# run_diag.sh PARGRAD INPUT OUTPUT
#
# Checks that pargrad rejects INPUT as its first line says:
#   /* expect: LINE:COL: MESSAGE-SUBSTRING */
# Runs `PARGRAD INPUT -o OUTPUT` and requires
#   - exit status 1 (input rejected; not 0, not 2 = usage, not a crash),
#   - a stderr line containing `BASENAME.c:LINE:COL: error:` and, on that same
#     line, MESSAGE-SUBSTRING,
#   - a caret line (`^`) after it; where the source line is echoed verbatim,
#     the caret must stand under column COL of it,
#   - no OUTPUT file afterwards, and no leftover temporary next to it.
# Prints every failed requirement and the tool's stderr; exits 1 on failure.

if [ $# -ne 3 ]; then
    echo "usage: $0 PARGRAD INPUT OUTPUT" >&2
    exit 2
fi
pargrad=$1
input=$2
output=$3

first=$(sed -n '1p' "$input" | tr -d '\r')
loc=$(printf '%s\n' "$first" | sed -n 's|^/\* expect: \([0-9][0-9]*:[0-9][0-9]*\): \(.*[^ ]\) *\*/ *$|\1|p')
msg=$(printf '%s\n' "$first" | sed -n 's|^/\* expect: \([0-9][0-9]*:[0-9][0-9]*\): \(.*[^ ]\) *\*/ *$|\2|p')
if [ -z "$loc" ] || [ -z "$msg" ]; then
    echo "FAIL: $input: first line is not '/* expect: LINE:COL: MESSAGE */': $first"
    exit 1
fi
line=${loc%%:*}
col=${loc#*:}
base=$(basename "$input")
want="$base:$line:$col: error:"

outdir=$(dirname "$output")
outbase=$(basename "$output")
errfile=$(mktemp "${TMPDIR:-/tmp}/run_diag.XXXXXX") || exit 1
trap 'rm -f "$errfile"' EXIT

rm -f "$output"
"$pargrad" "$input" -o "$output" >/dev/null 2>"$errfile"
status=$?

fail=0
note() {
    echo "FAIL: $base: $*"
    fail=1
}

[ "$status" -eq 1 ] || note "exit status $status, expected 1"

errline=$(grep -F -- "$want" "$errfile" | head -n 1)
if [ -z "$errline" ]; then
    note "no diagnostic line containing '$want'"
else
    case $errline in
        *"$msg"*) ;;
        *) note "the diagnostic at $line:$col does not contain '$msg': $errline" ;;
    esac
fi

if ! grep -q '\^' "$errfile"; then
    note "no caret line ('^') in the diagnostics"
elif [ -n "$errline" ]; then
    # Column of the caret relative to the echoed source line, when the line is
    # echoed verbatim (possibly after a gutter such as '  8 | ').
    src=$(sed -n "${line}p" "$input" | tr -d '\r')
    caret=$(awk -v want="$want" -v src="$src" '
        state == 0 && index($0, want) { state = 1; next }
        state == 1 && src ~ /[^ \t]/ {
            p = index($0, src)
            if (p && substr($0, p) == src) { prefix = p - 1; state = 2; next }
        }
        state == 2 { c = index($0, "^"); if (c) { print c - prefix; exit } }
    ' "$errfile")
    if [ -z "$caret" ]; then
        trimmed=$(printf '%s\n' "$src" | sed 's/^[[:space:]]*//; s/[[:space:]]*$//')
        if [ -n "$trimmed" ] && ! grep -q -F -- "$trimmed" "$errfile"; then
            note "source line $line is not shown: $trimmed"
        fi
    elif [ "$caret" != "$col" ]; then
        note "caret under column $caret of the source line, expected column $col"
    fi
fi

[ -e "$output" ] && note "output file $output exists after a rejected input"
for f in "$outdir"/"$outbase"?* "$outdir"/."$outbase"*; do
    [ -e "$f" ] && note "leftover file $f"
done

if [ "$fail" -ne 0 ]; then
    echo "--- expected: $want ... $msg"
    echo "--- stderr of: $pargrad $input -o $output (exit $status)"
    cat "$errfile"
    echo "---"
    exit 1
fi
echo "ok: $base: $line:$col: $msg"
exit 0
