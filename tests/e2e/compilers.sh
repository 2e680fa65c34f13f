#!/bin/sh
# Builds one e2e test's generated gradient the way users do, with both
# compilers: the generated file alone under -std=c11 -O2 -Wall -Wextra -Werror
# -Wmissing-prototypes
# (gcc and clang-14, and clang-14 at -Os), then the whole test with clang-14 (OpenMP through
# libgomp, as the runtime is) and with gcc -O3 -march=native (what bench/
# and many users build with: GCC 12's -O3 loop distribution once broke
# gradients), each run with 1 and 3 threads.
# usage: compilers.sh GENERATED PRIMAL CHECK INCLUDE_DIR E2E_DIR LIB_DIR WORK_DIR
gen=$1 primal=$2 check=$3 inc=$4 e2e=$5 lib=$6 work=$7
set -e
mkdir -p "$work"
name=$(basename "$gen" .c)
strict="-std=c11 -O2 -Wall -Wextra -Werror -Wmissing-prototypes -fopenmp -I$inc"
for cc in gcc clang-14; do
    echo "$cc $strict -c $gen"
    $cc $strict -c "$gen" -o "$work/$name.$cc.o"
done
# clang at -Os vectorises no `omp simd` loop and says so, for each one
echo "clang-14 $strict -Os -c $gen"
clang-14 $strict -Os -c "$gen" -o "$work/$name.clang-Os.o"
# The annotated primal carries #pragma pargrad, which compilers do not know.
clang-14 -O2 -std=c11 -fopenmp=libgomp -Wno-unknown-pragmas -I"$inc" -I"$e2e" \
    "$primal" "$gen" "$check" "$lib/libpargrad_rt.a" -lm -o "$work/$name.clang"
gcc -O3 -march=native -std=c11 -fopenmp -Wno-unknown-pragmas -I"$inc" -I"$e2e" \
    "$primal" "$gen" "$check" "$lib/libpargrad_rt.a" -lm -o "$work/$name.gcc-O3"
for build in clang gcc-O3; do
    for t in 1 3; do
        echo "$build build, OMP_NUM_THREADS=$t"
        if ! OMP_NUM_THREADS=$t "$work/$name.$build" > "$work/$name.$build.$t.log"; then
            grep -v '^ ' "$work/$name.$build.$t.log" | grep -E 'MISMATCH|FAIL|failed' | head -20
            exit 1
        fi
        tail -1 "$work/$name.$build.$t.log"
    done
done
