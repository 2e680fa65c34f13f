#!/bin/sh
# Checks a generated file against NAME.expect: each line `absent REGEX`,
# `present REGEX` or `count N REGEX` (extended regular expressions, N the
# number of matching lines); # starts a comment.
# usage: check_expect.sh GENERATED EXPECT
gen=$1 expect=$2
if [ ! -r "$gen" ] || [ ! -r "$expect" ]; then
    echo "FAIL: cannot read $gen or $expect (was the gradient generated?)"
    exit 1
fi
fails=0 runs=0
while IFS= read -r line; do
    case "$line" in '#'* | '') continue ;; esac
    what=${line%% *} re=${line#* }
    want=
    if [ "$what" = count ]; then
        want=${re%% *} re=${re#* }
    fi
    runs=$((runs + 1))
    n=$(grep -Ec -- "$re" "$gen")
    if { [ "$what" = absent ] && [ "$n" -gt 0 ]; } || { [ "$what" = present ] && [ "$n" -eq 0 ]; } ||
        { [ "$what" = count ] && [ "$n" -ne "$want" ]; }; then
        echo "FAIL: $gen: expected $what $want: $re (found $n)"
        grep -En -- "$re" "$gen" | head -5
        fails=$((fails + 1))
    fi
done < "$expect"
echo "$((runs - fails)) passed, $fails failed"
[ $fails -eq 0 ]
