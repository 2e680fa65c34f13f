#!/bin/sh
# Scaling test: pargrad on one function of 10,000 lines, in each shape of
# gen_large.sh, stays under generous limits for CI machines (10 s, 400 MiB);
# and from 5,000 to 10,000 lines its time roughly doubles (a ratio under 3;
# quadratic phases give 4).
#
#   run_scale.sh PARGRAD SCALE_MEASURE OUTDIR
set -eu
pargrad=$1
measure=$2
out=$3
here=$(dirname "$0")
mkdir -p "$out"

fail=0
for shape in straight map seq loops; do
    sh "$here/gen_large.sh" "$shape" 10000 >"$out/$shape.c"
    if r=$("$measure" 10 400 "$pargrad" "$out/$shape.c" -o "$out/${shape}_b.c"); then
        echo "$shape 10000 lines: $r (seconds, KiB)"
    else
        echo "FAIL: $shape 10000 lines: $r (seconds, KiB)"
        fail=1
    fi
done

# The best of two runs at each size, so that one slow run on a busy
# machine does not fail the ratio.
best() {
    b=
    for run in 1 2; do
        t=$("$measure" 60 4000 "$pargrad" "$1" -o "$1.out.c" | cut -d' ' -f1)
        b=$(echo "$t ${b:-$t}" | awk '{ print ($1 < $2) ? $1 : $2 }')
    done
    echo "$b"
}
sh "$here/gen_large.sh" mixed 5000 >"$out/mixed5000.c"
sh "$here/gen_large.sh" mixed 10000 >"$out/mixed10000.c"
t5=$(best "$out/mixed5000.c")
t10=$(best "$out/mixed10000.c")
ratio=$(echo "$t5 $t10" | awk '{ printf "%.2f", $2 / $1 }')
echo "mixed: 5000 lines ${t5} s, 10000 lines ${t10} s, ratio $ratio"
if ! echo "$ratio" | awk '{ exit !($1 < 3.0) }'; then
    echo "FAIL: time grows faster than linearly (ratio $ratio, expected about 2)"
    fail=1
fi

# One expression of many terms: clang locates a left-nested chain by
# walking down it, and lines of 100,000 characters are slow to index by
# column; from 5,000 to 20,000 terms the time must grow about 4 times (a
# ratio under 8; quadratic gives 16).
sh "$here/gen_large.sh" chain 5000 >"$out/chain5000.c"
sh "$here/gen_large.sh" chain 20000 >"$out/chain20000.c"
if ! r=$("$measure" 10 400 "$pargrad" "$out/chain20000.c" -o "$out/chain20000_b.c"); then
    echo "FAIL: chain 20000 terms: $r (seconds, KiB)"
    fail=1
fi
c5=$(best "$out/chain5000.c")
c20=$(best "$out/chain20000.c")
ratio=$(echo "$c5 $c20" | awk '{ printf "%.2f", $2 / $1 }')
echo "chain: 5000 terms ${c5} s, 20000 terms ${c20} s, ratio $ratio"
if ! echo "$ratio" | awk '{ exit !($1 < 8.0) }'; then
    echo "FAIL: time grows faster than linearly in the length of an expression (ratio $ratio)"
    fail=1
fi
exit $fail
