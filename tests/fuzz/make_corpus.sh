#!/bin/sh
# Refreshes the seed corpus tests/fuzz/corpus/ from the end-to-end inputs
# (tests/e2e/*.c without the *_check.c drivers) and the diagnostics inputs
# (tests/diag/*.c). usage: tests/fuzz/make_corpus.sh [SOURCE_DIR]
src=${1:-$(dirname "$0")/../..}
dir=$src/tests/fuzz/corpus
mkdir -p "$dir"
rm -f "$dir"/*.c
# Committed files only, in a git checkout.
files=$(git -C "$src" ls-files 'tests/e2e/*.c' 'tests/diag/*.c' 2> /dev/null |
    sed "s|^|$src/|")
[ -n "$files" ] || files=$(ls "$src"/tests/e2e/*.c "$src"/tests/diag/*.c)
for f in $files; do
    case "$f" in *_check.c) continue ;; esac
    kind=$(basename "$(dirname "$f")")
    cp "$f" "$dir/${kind}_$(basename "$f")"
done
ls "$dir" | wc -l
