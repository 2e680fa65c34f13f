#!/bin/sh
# nvcc on the CUDA output of the e2e programs (the gradients, and the
# functions themselves: --primal), many programs to one compile: nvcc
# spends 8 of a program's 10 seconds in CUB's headers, which one compile
# of many reads once. Shard SHARD of SHARDS takes every SHARDS-th program
# (sorted by name). Each output goes in a namespace of its own, so that
# the programs' names cannot meet, and without its `extern "C"` (C linkage
# would make the namespaces' functions one); the macros a file defines
# are undefined after it. The files that include pargrad_cuda_cub.h
# compile together after it, the others without it, each batch after the
# system headers its files include: a file that forgets a header it needs
# from CUB fails, and g++'s emulated build of every file on its own
# (check_e2e.sh) catches one that forgets a system header.
# Flags as check_e2e.sh's: sm_90 and portable PTX (compute_75), every
# warning an error. Programs the backend rejects are check_e2e.sh's to
# check (unsupported.list); skipped here.
# usage: nvcc_batch.sh PARGRAD E2E_DIR INCLUDE_DIR WORK_DIR SHARD SHARDS
set -u
pargrad=$1 e2e=$2 inc=$3 work=$4 shard=$5 shards=$6
here=$(cd "$(dirname "$0")" && pwd)
. "$here/nvcc_check.sh"
if [ -z "$(nvcc_path)" ]; then
    nvcc_skipped
    exit 0
fi
rm -rf "$work" && mkdir -p "$work/out" || exit 1
cd "$work" || exit 1
cub="" plain="" k=0
for check in $(cd "$e2e" && ls *_check.c | LC_ALL=C sort); do
    name=${check%_check.c}
    k=$((k + 1))
    [ $((k % shards)) -eq "$shard" ] || continue
    for kind in b p; do
        flag=""
        [ $kind = p ] && flag=--primal
        "$pargrad" --backend=cuda $flag "$e2e/$name.c" -o "out/${name}_$kind.cu" 2> /dev/null ||
            continue
        sed 's/^extern "C" //' "out/${name}_$kind.cu" > "${name}_$kind.cu"
        if grep -q 'extern "C"' "${name}_$kind.cu"; then
            echo "FAIL: ${name}_$kind.cu: an extern \"C\" not at a line's start"; exit 1
        fi
        if grep -q '^#include "pargrad_cuda_cub.h"' "${name}_$kind.cu"; then
            cub="$cub ${name}_$kind.cu"
        else
            plain="$plain ${name}_$kind.cu"
        fi
    done
done

# one translation unit of FILES (after HEADER): unit.cu
write_unit() {
    header=$1; shift
    grep -h '^#include <' "$@" | LC_ALL=C sort -u
    echo '#include "pargrad_cuda.h"'
    [ -n "$header" ] && echo "#include \"$header\""
    for f in "$@"; do
        unit=$(echo "$f" | tr -c 'A-Za-z0-9_\n' '_')
        printf 'namespace pg_%s {\n#include "%s"\n}\n' "$unit" "$f"
        sed -n 's/^#[ \t]*define[ \t]*\([A-Za-z_][A-Za-z_0-9]*\).*/#undef \1/p' "$f"
    done
}

status=0
for batch in cub plain; do
    if [ $batch = cub ]; then files=$cub header=pargrad_cuda_cub.h; else files=$plain header=""; fi
    [ -n "$files" ] || continue
    # shellcheck disable=SC2086 # the file names are words
    write_unit "$header" $files > "unit_$batch.cu"
    echo "nvcc: $(echo $files | wc -w) outputs$([ -n "$header" ] && echo " after $header"):$files"
    nvcc_compile "unit_$batch.cu" "unit_$batch.o" -I"$inc" -I"$e2e" -I. ||
        { echo "FAIL: nvcc (unit_$batch.cu)"; status=1; }
done
exit $status
