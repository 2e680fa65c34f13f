#!/bin/sh
# A deterministic mutation smoke test: every e2e and diagnostics input with
# each line in turn deleted or duplicated. pargrad must accept (0, writing the
# output) or reject (1, with no output file) each one, never crash or hang,
# and never leave a temporary file.
# Blank lines and lines holding only a // comment are not mutated (the
# mutant would be the input again). Each other line gets both mutations;
# MUTATE_FULL=0 gives it one of the two, alternating along the file and
# from one file to the next (half the time, for a quick local run).
# usage: mutate.sh PARGRAD SOURCE_DIR WORK_DIR [SHARD NSHARDS [RUNNER]]
# With SHARD and NSHARDS, only every NSHARDS-th mutant from the SHARD-th (from
# 0) runs: ctest runs the shards as tests of their own, each well inside its
# time limit however many inputs the suite gathers. The mutants run
# MUTATE_JOBS at a time (default 2).
# With RUNNER (pargrad_mutate, built from tests/fuzz/mutate_run.c), the runs
# are calls of the tool's driver in MUTATE_JOBS worker processes that have
# loaded libclang once, rather than new pargrad processes: the same driver
# and checks, in a quarter of the time.
pargrad=$1 src=$2 work=$3 shard=${4:-0} nshards=${5:-1} runner=${6:-}
jobs=${MUTATE_JOBS:-2}
full=${MUTATE_FULL:-1}
rm -rf "$work"
mkdir -p "$work/in" || exit 1
# NAME_L<k>_delete.c or NAME_L<k>_duplicate.c (both with MUTATE_FULL=1) for
# each line k of each input, numbered in that order; the shard's (every
# NSHARDS-th from the SHARD-th) written to in/ and listed in list.txt.
inputs=$(for f in "$src"/tests/e2e/*.c "$src"/tests/diag/*.c; do
    case "$f" in *_check.c) ;; *) echo "$f" ;; esac
done)
# shellcheck disable=SC2086 # one input per word (the sources' paths)
awk -v dir="$work/in" -v full="$full" -v shard="$shard" -v nshards="$nshards" '
    function write(k, kind,    out, i) {
        if (mutants++ % nshards != shard)
            return
        out = name "_L" k "_" kind ".c"
        print out > list
        out = dir "/" out
        printf "" > out
        for (i = 1; i <= n; i++) {
            if (i != k || kind == "duplicate")
                print line[i] > out
            if (i == k && kind == "duplicate")
                print line[i] > out
        }
        close(out)
    }
    function mutate(    k) {
        for (k = 1; k <= n; k++) {
            if (line[k] ~ /^[ \t]*(\/\/.*)?$/)
                continue
            if (full || (k + ordinal) % 2 == 0)
                write(k, "delete")
            if (full || (k + ordinal) % 2 == 1)
                write(k, "duplicate")
        }
    }
    BEGIN { list = dir "/../list.txt"; printf "" > list }
    FNR == 1 {
        if (NR > 1)
            mutate()
        ordinal++
        n = split(FILENAME, part, "/")
        name = part[n - 1] "_" part[n]
        sub(/\.c$/, "", name)
        n = 0
    }
    { line[++n] = $0 }
    END { mutate() }' $inputs || exit 1

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
if [ -n "$runner" ]; then
    (cd "$work/in" && "$runner" "$jobs" 20 ../list.txt) > "$work/results.txt"
else
    (cd "$work/in" && xargs -P "$jobs" -n 1 sh -c "$check" "$pargrad" < ../list.txt) > "$work/results.txt"
fi
runs=$(grep -c '^ran$' "$work/results.txt")
fails=$(grep -c '^FAIL' "$work/results.txt")
grep '^FAIL' "$work/results.txt" | sed "s|: |: $work/in/|"
total=$(wc -l < "$work/list.txt")
[ "$runs" -eq "$total" ] || echo "FAIL: $runs of $total mutants ran"
echo "$((runs - fails)) passed, $fails failed"
[ "$fails" -eq 0 ] && [ "$runs" -eq "$total" ]
