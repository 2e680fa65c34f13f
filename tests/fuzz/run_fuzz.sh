#!/bin/sh
# run_fuzz.sh SOURCE_DIR WORK_DIR [RUNS]
#
# Builds the libFuzzer target pargrad_fuzz (tests/fuzz/CMakeLists.txt) with
# clang-14 into WORK_DIR/build and runs a short deterministic campaign (RUNS
# executions, default 2000, seed 1) from the seed corpus. Exits 77 (skipped)
# when clang-14 or its fuzzer runtime (Debian: libclang-rt-14-dev) is missing,
# non-zero when the build fails or the fuzzer finds a crash, a sanitizer
# report, a leak, a timeout, or an input rejected without a diagnostic.
src=$1 work=$2 runs=${3:-2000}
cc=${PARGRAD_FUZZ_CC:-clang-14}
if ! command -v "$cc" > /dev/null; then
    echo "skipped: no $cc"
    exit 77
fi
mkdir -p "$work" || exit 1
probe=$work/probe.c
printf 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { (void)d; (void)n; return 0; }\n' \
    > "$probe"
if ! "$cc" -fsanitize=fuzzer,address,undefined "$probe" -o "$work/probe" 2> "$work/probe.log"; then
    echo "skipped: $cc cannot link -fsanitize=fuzzer (install libclang-rt-14-dev)"
    exit 77
fi
if ! { CC=$cc cmake -S "$src/tests/fuzz" -B "$work/build" &&
    cmake --build "$work/build" -j "${PARGRAD_FUZZ_BUILD_JOBS:-1}"; } > "$work/build.log" 2>&1; then
    cat "$work/build.log"
    echo "FAIL: pargrad_fuzz does not build"
    exit 1
fi
rm -rf "$work/corpus" "$work/artifacts"
mkdir -p "$work/corpus" "$work/artifacts"
"$work/build/pargrad_fuzz" -runs="$runs" -seed=1 -timeout=60 -max_total_time=480 \
    -dict="$src/tests/fuzz/pargrad.dict" -artifact_prefix="$work/artifacts/" \
    -print_final_stats=1 "$work/corpus" "$src/tests/fuzz/corpus" > "$work/fuzz.log" 2>&1
status=$?
grep -E '^(#[0-9]+[[:space:]]+DONE|stat::number_of_executed_units|stat::average_exec_per_sec)' \
    "$work/fuzz.log"
if [ $status -ne 0 ]; then
    tail -n 60 "$work/fuzz.log"
    echo "FAIL: pargrad_fuzz exited $status; inputs in $work/artifacts/"
    exit 1
fi
echo "ok: $runs runs"
