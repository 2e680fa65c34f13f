#!/bin/sh
# A deterministic mutation smoke test: every e2e and diagnostics input with
# each line in turn deleted or duplicated. pargrad must accept (0, writing the
# output) or reject (1, with no output file) each one, never crash or hang,
# and never leave a temporary file.
# usage: mutate.sh PARGRAD SOURCE_DIR WORK_DIR [SHARD NSHARDS]
# With SHARD and NSHARDS, only every NSHARDS-th mutant from the SHARD-th (from
# 0) runs: ctest runs the shards as tests of their own, each well inside its
# time limit however many inputs the suite gathers. The mutants run
# MUTATE_JOBS at a time (default 2).
pargrad=$1 src=$2 work=$3 shard=${4:-0} nshards=${5:-1}
jobs=${MUTATE_JOBS:-2}
rm -rf "$work"
mkdir -p "$work/in" || exit 1
for f in "$src"/tests/e2e/*.c "$src"/tests/diag/*.c; do
    case "$f" in *_check.c) continue ;; esac
    name=$(basename "$(dirname "$f")")_$(basename "$f" .c)
    # NAME_L<k>_delete.c and NAME_L<k>_duplicate.c for each line k.
    awk -v dir="$work/in" -v name="$name" '
        { line[NR] = $0 }
        END {
            for (k = 1; k <= NR; k++) {
                del = dir "/" name "_L" k "_delete.c"
                dup = dir "/" name "_L" k "_duplicate.c"
                for (i = 1; i <= NR; i++) {
                    if (i != k)
                        print line[i] > del
                    print line[i] > dup
                    if (i == k)
                        print line[i] > dup
                }
                if (NR == 1)
                    printf "" > del
                close(del)
                close(dup)
            }
        }' "$f"
done
ls "$work/in" | awk -v s="$shard" -v k="$nshards" '(NR - 1) % k == s' > "$work/list.txt"

# Runs pargrad on one mutant ($1, in the current directory).
check='m=$1 out=${1%.c}.out.c
timeout 20 "$0" "$m" -o "$out" > /dev/null 2>&1
rc=$?
case $rc in
0) [ -f "$out" ] || echo "FAIL: $m: accepted but wrote no $out" ;;
1) [ -e "$out" ] && echo "FAIL: $m: rejected but wrote $out" ;;
*) echo "FAIL: $m: exit status $rc" ;;
esac
for t in "$out".tmp*; do
    [ -e "$t" ] && echo "FAIL: $m: left $t behind"
done
echo ran'
(cd "$work/in" && xargs -P "$jobs" -n 1 sh -c "$check" "$pargrad" < ../list.txt) > "$work/results.txt"
runs=$(grep -c '^ran$' "$work/results.txt")
fails=$(grep -c '^FAIL' "$work/results.txt")
grep '^FAIL' "$work/results.txt" | sed "s|: |: $work/in/|"
total=$(wc -l < "$work/list.txt")
[ "$runs" -eq "$total" ] || echo "FAIL: $runs of $total mutants ran"
echo "$((runs - fails)) passed, $fails failed"
[ "$fails" -eq 0 ] && [ "$runs" -eq "$total" ]
