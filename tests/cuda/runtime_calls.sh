#!/bin/sh
# runtime_calls.cpp (the grid versions of the runtime's scans and
# histograms in pargrad_cuda_cub.h) built for the CPU (PG_CUDA_EMULATE) with
# g++ and clang++-14 and run at 1 and 3 threads, and compiled by nvcc for
# sm_90 and as portable PTX where nvcc is installed (skipped, with the
# reason printed, where it is not).
# usage: runtime_calls.sh SOURCE_DIR WORK_DIR
set -u
src=$1 work=$2
here="$src/tests/cuda"
mkdir -p "$work" || exit 1
fail=0
for cxx in g++ clang++-14; do
    if ! command -v "$cxx" > /dev/null; then
        echo "$cxx not found: skipped"
        continue
    fi
    bin="$work/runtime_calls_$cxx"
    "$cxx" -x c++ -std=c++17 -DPG_CUDA_EMULATE -fopenmp -O1 -Wall -Wextra -Werror \
        -I"$src/include" "$here/runtime_calls.cpp" -o "$bin" || { echo "FAIL: $cxx build"; fail=1; continue; }
    for t in 1 3; do
        if OMP_NUM_THREADS=$t "$bin" > "$work/run_${cxx}_$t.txt"; then
            echo "$cxx, $t threads: $(tail -1 "$work/run_${cxx}_$t.txt")"
        else
            head -20 "$work/run_${cxx}_$t.txt"
            echo "FAIL: $cxx, $t threads"
            fail=1
        fi
    done
done
. "$here/nvcc_check.sh"
nvcc_compile "$here/runtime_calls.cpp" "$work/runtime_calls.o" -I"$src/include" -x cu ||
    { echo "FAIL: nvcc"; fail=1; }
exit $fail
