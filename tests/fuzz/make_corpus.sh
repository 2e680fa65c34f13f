#!/bin/sh
# Refreshes the seed corpus tests/fuzz/corpus/ from the end-to-end inputs
# (tests/e2e/*.c without the *_check.c drivers) and the diagnostics inputs
# (tests/diag/*.c): their committed versions in a git checkout, else the
# files. usage: tests/fuzz/make_corpus.sh [SOURCE_DIR]
src=${1:-$(dirname "$0")/../..}
dir=$src/tests/fuzz/corpus
mkdir -p "$dir"
rm -f "$dir"/*.c
files=$(git -C "$src" ls-files 'tests/e2e/*.c' 'tests/diag/*.c' 2> /dev/null)
for f in ${files:-$(cd "$src" && ls tests/e2e/*.c tests/diag/*.c)}; do
    case "$f" in *_check.c) continue ;; esac
    kind=$(basename "$(dirname "$f")")
    out="$dir/${kind}_$(basename "$f")"
    if [ -n "$files" ]; then
        git -C "$src" show "HEAD:$f" > "$out"
    else
        cp "$src/$f" "$out"
    fi
done
ls "$dir" | wc -l
