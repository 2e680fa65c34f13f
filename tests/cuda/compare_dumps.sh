#!/bin/sh
# Compares the values two builds of one e2e check compared (GC_DUMP files
# of gradcheck.h, "what[i] value" per line): the same checks in the same
# order, each value within TOL relative (values below 1e-6 in magnitude:
# within TOL * 1e-6). Prints the first differences; exit 1 on any.
# usage: compare_dumps.sh WANT_DUMP GOT_DUMP TOL
awk -v tol="$3" '
    function abs(x) { return x < 0 ? -x : x }
    NR == FNR { want[FNR] = $2; key[FNR] = $1; n = FNR; next }
    {
        m++
        s = abs($2) > abs(want[FNR]) ? abs($2) : abs(want[FNR])
        if (s < 1e-6) s = 1e-6
        if (key[FNR] != $1 || abs($2 - want[FNR]) > tol * s || ($2 == $2) != (want[FNR] == want[FNR])) {
            bad++
            if (bad <= 5) print "  " $1 ": got " $2 ", want " want[FNR] " (" key[FNR] ")"
        }
    }
    END {
        if (m != n) print "  " m " values, want " n
        if (bad) print "  " bad " of " m " values differ by more than " tol " relative"
        exit (bad || m != n) ? 1 : 0
    }' "$1" "$2"
