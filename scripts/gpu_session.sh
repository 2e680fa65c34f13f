#!/bin/sh
# A GPU machine lent for minutes (the `device` tool): everything that does
# not need the GPU is done here first, and the GPU's part in one command.
#
#   scripts/gpu_session.sh pack [ARCH]
#       Here, without a GPU (half an hour on 2 cores): the e2e programs'
#       CUDA gradients and checks built by nvcc for sm_ARCH (90), with their
#       OpenMP values (tests/cuda/run_gpu.sh --prepare, --build ARCH), the
#       benchmarks likewise (bench/cuda/run_gpu.sh --prepare, --build ARCH),
#       packed into build/gpu/built.tar.xz (nvcc's objects left out).
#   scripts/gpu_session.sh run
#       On the GPU machine, in a copy of the checkout with build/gpu carried
#       (device tool: carry ["build/gpu"]): unpacks, then runs what was
#       built (neither half builds anything): tests/cuda/runtime_calls.cpp
#       (the runtime's kernels, built by pack),
#       tests/cuda/run_gpu.sh --check (the heap probe first) and
#       bench/cuda/run_gpu.sh --time. Writes check.txt and bench.txt to
#       $OUT (or build/gpu/out), and results.tgz: those, gpu.csv, every
#       verdict (verdicts.txt), each failed check's output and the
#       device heap's refusals (the device tool returns 8 files at most;
#       the archive is written again after each half, so that a call
#       stopped at its limit still returns the first).
#
# run's knobs: TESTS (e2e programs, all), BENCHES (benchmarks, all),
# PG_GPU_SANITIZE (checks run again under compute-sanitizer: NAMES, or
# `illegal` for those stopped on an illegal address, `failed` for any),
# NO_BENCH=1, TESTS_LIMIT and BENCH_LIMIT (seconds for each half: 420 and
# 300), and run_gpu.sh's own (PG_GPU_JOBS, PG_GPU_TIMEOUT, PG_GPU_HEAP_MB,
# PG_GPU_POOL_MB, PGB_TIMEOUT...). On an H200 (2026-12-04), with
# PG_GPU_TIMEOUT=60 PG_GPU_JOBS=12 TESTS_LIMIT=210, 164 of the 174
# checks finished in the 210 s (9 ran past 60 s); PGB_TIMEOUT=20
# PGB_REPS=10 BENCH_LIMIT=150 timed 47 benchmarks (the machine's start
# took about 35 s of the 15 minutes).
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
pack=build/gpu/built.tar.xz

case ${1:-} in
pack)
    arch=${2:-90}
    sh tests/cuda/run_gpu.sh --prepare || exit 2
    sh tests/cuda/run_gpu.sh --build "$arch" || exit 2
    sh bench/cuda/run_gpu.sh --prepare || exit 2
    sh bench/cuda/run_gpu.sh --build "$arch" || exit 2
    nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
    "$nvcc" -O2 -arch=sm_$arch -x cu -Iinclude tests/cuda/runtime_calls.cpp \
        -o build/cuda-gpu/runtime_calls || exit 2
    mkdir -p build/gpu
    tar cf - --exclude='*.o' --exclude='omp.dump' --exclude='omp.rc' --exclude='omp.txt' \
        --exclude='gpu.txt' --exclude='verdict.txt' --exclude='gpu.dump' \
        build/cuda-gpu bench/build/gpu | xz -3 -T2 > "$pack" || exit 2
    echo "packed $(du -h "$pack" | cut -f1) in $pack: carry build/gpu, then scripts/gpu_session.sh run"
    ;;
run)
    top=${OUT:-build/gpu/out}
    out=$top/results
    mkdir -p "$out"
    archive() {
        cat build/cuda-gpu/*/verdict.txt > "$out/verdicts.txt" 2> /dev/null
        tar czf "$top/results.tgz" -C "$top" results
        cp "$out/check.txt" "$top/" 2> /dev/null
        cp "$out/bench.txt" "$top/" 2> /dev/null
    }
    [ -f "$pack" ] || { echo "gpu_session.sh: no $pack (scripts/gpu_session.sh pack, then carry build/gpu)"; exit 2; }
    xz -dc "$pack" | tar xf - || exit 2
    # the runtime's kernels first (the GPU's own paths: the lanes' sums of
    # pg_atomic_add, the warps' combining of pg_atomic_combine, the copies
    # of bins), against the results computed one element after another
    timeout 120 build/cuda-gpu/runtime_calls > "$out/runtime_calls.txt" 2>&1
    rc=$?
    echo "runtime_calls on the GPU: exit $rc, $(tail -1 "$out/runtime_calls.txt")" > "$out/check.txt"
    grep -m 20 "MISMATCH" "$out/runtime_calls.txt" >> "$out/check.txt"
    timeout "${TESTS_LIMIT:-420}" sh tests/cuda/run_gpu.sh --check ${TESTS:-} >> "$out/check.txt" 2>&1
    echo "tests/cuda/run_gpu.sh --check: exit $?" >> "$out/check.txt"
    # (timeout stops the script, not the checks it started: those left
    # would share the GPU with the timed runs, as on 2026-12-04)
    pkill -f "run_gpu.sh --check-one" 2> /dev/null
    pkill -f "build/cuda-gpu/.*/gpu" 2> /dev/null
    tail -3 "$out/check.txt"
    for v in build/cuda-gpu/*/verdict.txt; do
        [ -f "$v" ] || continue
        d=$(dirname "$v")
        head -1 "$v" | grep -q '^\(FAIL\|host\)' && [ -f "$d/gpu.txt" ] && cp "$d/gpu.txt" "$out/$(basename "$d").gpu.txt"
        [ -f "$d/gpu_heap.txt" ] && cp "$d/gpu_heap.txt" "$out/$(basename "$d").gpu_heap.txt"
        [ -f "$d/sanitizer.txt" ] && cp "$d/sanitizer.txt" "$out/$(basename "$d").sanitizer.txt"
    done
    archive
    if [ -z "${NO_BENCH:-}" ]; then
        timeout "${BENCH_LIMIT:-300}" sh bench/cuda/run_gpu.sh --time ${BENCHES:-} > "$out/bench.txt" 2>&1
        echo "bench/cuda/run_gpu.sh --time: exit $?" >> "$out/bench.txt"
        tail -3 "$out/bench.txt"
        [ -f bench/results/gpu.csv ] && cp bench/results/gpu.csv "$out/gpu.csv"
        archive
    fi
    ;;
*)
    echo "usage: scripts/gpu_session.sh pack [ARCH] | run"
    exit 2
    ;;
esac
