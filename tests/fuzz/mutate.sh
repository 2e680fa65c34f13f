#!/bin/sh
# A deterministic mutation smoke test: every e2e and diagnostics input with
# each line in turn deleted or duplicated. pargrad must accept (0) or reject
# (1, with no output file) each one, and never crash or hang.
# usage: mutate.sh PARGRAD SOURCE_DIR WORK_DIR
pargrad=$1 src=$2 work=$3
mkdir -p "$work"
fails=0 runs=0
for f in "$src"/tests/e2e/*.c "$src"/tests/diag/*.c; do
    case "$f" in *_check.c) continue ;; esac
    n=$(wc -l < "$f")
    i=1
    while [ "$i" -le "$n" ]; do
        for how in delete duplicate; do
            m="$work/m.c"
            out="$work/m_b.c"
            rm -f "$out"
            if [ $how = delete ]; then
                awk -v k="$i" 'NR != k' "$f" > "$m"
            else
                awk -v k="$i" '{ print } NR == k { print }' "$f" > "$m"
            fi
            timeout 20 "$pargrad" "$m" -o "$out" >/dev/null 2>&1
            rc=$?
            runs=$((runs + 1))
            if [ $rc -ne 0 ] && [ $rc -ne 1 ]; then
                echo "FAIL: $f line $i $how: exit status $rc"
                cp "$m" "$work/crash_$runs.c"
                fails=$((fails + 1))
            elif [ $rc -eq 1 ] && [ -e "$out" ]; then
                echo "FAIL: $f line $i $how: rejected but wrote $out"
                fails=$((fails + 1))
            fi
        done
        i=$((i + 1))
    done
done
echo "$((runs - fails)) passed, $fails failed"
[ $fails -eq 0 ]
