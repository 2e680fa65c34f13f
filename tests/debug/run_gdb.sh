#!/bin/sh
# --line-directives as a user debugging a gradient meets it: the derivative
# of tests/install/project/loss.c generated with #line directives, built
# with -g -O0, and gdb (batch) stopped at a breakpoint on the user's line 9
# of loss.c: it must stop in the generated loss_b and show that line of
# the user's file. Without the option the output has no #line at all.
# Usage: run_gdb.sh PARGRAD INCLUDE_DIR RUNTIME_ARCHIVE PROJECT_DIR WORK_DIR
set -eu
pargrad=$1 inc=$2 rt=$3 proj=$4 work=$5
rm -rf "$work"
mkdir -p "$work"
cd "$work"
"$pargrad" "$proj/loss.c" -o plain_b.c -- -I"$proj/include" -DSCALE=0.5
if grep -q '#line' plain_b.c; then
    echo "FAIL: #line in the output without --line-directives"
    exit 1
fi
"$pargrad" --line-directives "$proj/loss.c" -o loss_b.c -- -I"$proj/include" -DSCALE=0.5
grep -q "#line 9 \"$proj/loss.c\"" loss_b.c || { echo "FAIL: no #line 9 for loss.c"; exit 1; }
gcc -g -O0 -fopenmp -Wno-unknown-pragmas -I"$inc" -I"$proj/include" -DSCALE=0.5 \
    "$proj/main.c" "$proj/loss.c" loss_b.c "$rt" -lm -o app
command -v gdb >/dev/null 2>&1 || { echo "FAIL: gdb is not installed (scripts/setup-debian.sh installs it)"; exit 1; }
OMP_NUM_THREADS=1 gdb -nx -batch -ex "break loss.c:9" -ex run -ex bt ./app >gdb.log 2>&1 || true
cat gdb.log
# a machine that forbids ptrace (a container without it) cannot debug at all:
# skipped (77), not passed
if grep -qE 'ptrace: Operation not permitted|Could not trace the inferior' gdb.log; then
    echo "SKIP: gdb cannot trace processes on this machine"
    exit 77
fi
# main calls loss_b first: the first stop is in the gradient
first=$(grep -m1 '^Breakpoint 1[.0-9]*, ' gdb.log || true)
case $first in
*"loss_b ("*"loss.c:9"*) ;;
*) echo "FAIL: the first stop at loss.c:9 is not in loss_b: '$first'"; exit 1 ;;
esac
grep -q '^9[[:space:]].*s += SCALE \* softplus' gdb.log || { echo "FAIL: gdb did not show the user's line 9"; exit 1; }
echo "ok: gdb stops in loss_b at the user's loss.c:9"
