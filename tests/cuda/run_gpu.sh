#!/bin/sh
# On a machine with an NVIDIA GPU, one command:
#     tests/cuda/run_gpu.sh [NAME...]
# For every e2e program the CUDA backend accepts (or those named): its CUDA
# gradient, built by nvcc for this GPU and linked with NAME_check.c, must
# pass the program's finite-difference checks on the GPU, and every value
# those checks compare must match the OpenMP gradient's (pargrad's default
# backend on the same program, 1 thread) to 1e-12 relative (1e-5 for programs on float
# data). The checks pass host arrays, which the GPU reads where it can
# address host memory (HMM or ATS; cudaDevAttrPageableMemoryAccess). Where
# it cannot, the checks' heap arrays come from managed memory instead
# (managed_alloc.h, gpu_checks.c) and the checks run on a stack of managed
# memory; a check that passes an array in static data (or, forking, on its
# stack) stops at the GPU's illegal address: reported apart ("host"), and
# the script then exits 3 (not everything was checked) where it would
# exit 0. nvcc contracts a * b + c into one fused multiply-add
# unless told not to (-fmad=false, here): the checks compare some primal
# values exactly with what the CPU computes. Works in build/cuda-gpu/.
#
# The two halves can run on two machines (a GPU machine without libclang):
#     tests/cuda/run_gpu.sh --prepare [NAME...]   (no GPU: builds pargrad,
#         writes build/cuda-gpu/NAME/NAME_b.cu and NAME_omp.c)
#     tests/cuda/run_gpu.sh --run [NAME...]       (nvcc, gcc and the GPU only:
#         uses what --prepare left in build/cuda-gpu/)
# or, to spend the GPU machine's time on the GPU alone, three:
#     tests/cuda/run_gpu.sh --prepare [NAME...]
#     tests/cuda/run_gpu.sh --build ARCH [NAME...] (no GPU: nvcc for sm_ARCH,
#         the checks' heap arrays in managed memory, and the OpenMP values)
#     tests/cuda/run_gpu.sh --check [NAME...]      (the GPU only: runs what
#         --build left, then the comparisons)
# PG_GPU_JOBS checks run at a time (8), each for at most PG_GPU_TIMEOUT
# seconds (300), with a device heap of PG_GPU_HEAP_MB (4096; gpu_checks.c);
# a check that stops on the device heap refusing runs again with its
# kernels' allocations from pargrad's pool of PG_GPU_POOL_MB (4096; the
# generated code's PARGRAD_CUDA_POOL_MB), and its verdict says so.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 2
work=build/cuda-gpu
mode=all
case ${1:-} in
--prepare) mode=prepare; shift ;;
--run) mode=run; shift ;;
--build) mode=build; build_arch=${2:?--build ARCH}; shift 2 ;;
--check) mode=check; shift ;;
--omp-one) mode=omp-one; shift ;;
--build-one) mode=build-one; shift ;;
--check-one) mode=check-one; shift ;;
esac
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
[ -x "$nvcc" ] || nvcc=$(command -v nvcc) || [ $mode = prepare ] || [ $mode = check ] || { echo "run_gpu.sh: nvcc not found"; exit 2; }

# one program's GPU build (run in parallel by --run): ARCH NAME
if [ $mode = build-one ]; then
    arch=$1 name=$2 d=$work/$2
    # built already for this arch, from this output (--build again after a
    # partial one)
    same_arch=no
    [ "$(cat "$d/arch" 2> /dev/null)" = "$arch" ] && same_arch=yes
    [ -x "$d/gpu" ] && [ -x "$d/omp" ] && [ $same_arch = yes ] && [ ! "$d/${name}_b.cu" -nt "$d/gpu" ] &&
        [ ! tests/cuda/gpu_checks.c -nt "$d/gpu" ] && [ ! tests/cuda/managed_alloc.h -nt "$d/gpu" ] &&
        [ ! "tests/e2e/${name}_check.c" -nt "$d/gpu" ] && [ ! "tests/e2e/$name.c" -nt "$d/gpu" ] && exit 0
    rm -f "$d/gpu" "$d/omp" "$d/verdict.txt" "$d/omp.rc" "$d/omp.dump" "$d/arch"
    # nvcc's object kept where only the checks' support changed
    [ $same_arch = yes ] && [ -f "$d/g.o" ] && [ ! "$d/${name}_b.cu" -nt "$d/g.o" ] || rm -f "$d/g.o"
    # -lgomp: primals that call omp_get_wtime
    # (-lineinfo: compute-sanitizer's reports name the .cu's lines)
    cu="$nvcc -O3 -fmad=false -lineinfo -arch=sm_$arch" ld="$nvcc -arch=sm_$arch" support=$d/support.o gomp=-lgomp
    managed="-Dmain=pg_check_main" forks=""
    [ -n "${PG_GPU_MANAGED:-}" ] && managed="$managed -include tests/cuda/managed_alloc.h"
    grep -q "gc_child.h" "tests/e2e/${name}_check.c" && forks=-DPG_CHECK_FORKS
    if [ "$arch" = emulated ]; then
        # (PG_EMU_FLAGS: added to the emulated .cu's compile and link, as
        # -fsanitize=address -g, to look for what the GPU would trip on)
        cu="g++ -x c++ -std=c++17 -O2 -fopenmp -DPG_CUDA_EMULATE ${PG_EMU_FLAGS:-}" ld="g++ -fopenmp ${PG_EMU_FLAGS:-}"
        support="" managed="" gomp=""
    else
        gcc -O2 $forks -I"$(dirname "$(dirname "$nvcc")")/include" -c tests/cuda/gpu_checks.c -o "$support" ||
            exit 1
    fi
    { { [ -f "$d/g.o" ] || $cu -Iinclude -Itests/e2e -c "$d/${name}_b.cu" -o "$d/g.o"; } &&
      gcc -O2 -Wno-unknown-pragmas -Itests/e2e -c "tests/e2e/$name.c" -o "$d/p.o" &&
      gcc -O2 -Itests/e2e $managed -c "tests/e2e/${name}_check.c" -o "$d/gc.o" &&
      gcc -O2 -Itests/e2e -c "tests/e2e/${name}_check.c" -o "$d/c.o" &&
      $ld "$d/p.o" "$d/gc.o" "$d/g.o" $support -o "$d/gpu" -lm -lpthread $gomp &&
      gcc -O2 -fopenmp -Iinclude -Itests/e2e -c "$d/${name}_omp.c" -o "$d/o.o" &&
      gcc -fopenmp "$d/p.o" "$d/c.o" "$d/o.o" $work/rt/*.o -o "$d/omp" -lm &&
      echo "$arch" > "$d/arch"; } > "$d/build.txt" 2>&1
    exit $?
fi

# one program's OpenMP values, 1 thread (--build, or --check-one when
# --build did not leave them): NAME
if [ $mode = omp-one ]; then
    d=$work/$1
    [ -x "$d/omp" ] || exit 0
    [ -f "$d/omp.rc" ] && [ ! "$d/omp" -nt "$d/omp.rc" ] && exit 0
    OMP_NUM_THREADS=1 GC_DUMP="$d/omp.dump" timeout "${PG_GPU_TIMEOUT:-300}" "$d/omp" > "$d/omp.txt" 2>&1
    echo $? > "$d/omp.rc"
    exit 0
fi

# one program's checks on the GPU and the OpenMP values (--run): NAME
if [ $mode = check-one ]; then
    name=$1 d=$work/$1
    rm -f "$d/sanitizer.txt" "$d/sanitizer_run.txt"
    if [ ! -x "$d/gpu" ] || [ ! -x "$d/omp" ]; then
        { echo "FAIL  $name (build: $d/build.txt)"; tail -5 "$d/build.txt"; } > "$d/verdict.txt"; exit 0
    fi
    GC_DUMP="$d/gpu.dump" timeout "${PG_GPU_TIMEOUT:-300}" "$d/gpu" > "$d/gpu.txt" 2>&1; rc_gpu=$?
    # CUDA's device heap refused: again with the kernels' allocations from
    # pargrad's pool (PARGRAD_CUDA_POOL_MB), which says whether the gradient
    # is right apart from the heap
    pooled=""
    if [ $rc_gpu -ne 0 ] && grep -q "out of CUDA's device heap" "$d/gpu.txt"; then
        pooled=" with PARGRAD_CUDA_POOL_MB=${PG_GPU_POOL_MB:-4096}: the device heap refused ($(grep -m1 -o '[0-9]* bytes asked' "$d/gpu.txt"))"
        mv "$d/gpu.txt" "$d/gpu_heap.txt"
        rm -f "$d/gpu.dump"
        PARGRAD_CUDA_POOL_MB=${PG_GPU_POOL_MB:-4096} GC_DUMP="$d/gpu.dump" timeout "${PG_GPU_TIMEOUT:-300}" "$d/gpu" > "$d/gpu.txt" 2>&1; rc_gpu=$?
    fi
    # PG_GPU_SANITIZE="NAME... | illegal | failed": those checks (or those
    # that stopped on an illegal address, or on any error) again under
    # compute-sanitizer (memcheck, with its device heap checks), its report
    # in sanitizer.txt: which kernel, line and address an illegal access or
    # a refused allocation comes from (at most PG_GPU_SANITIZE_TIMEOUT
    # seconds, 90; with the pool where the check needed it)
    sanitize=no
    case " ${PG_GPU_SANITIZE:-} " in
    *" $name "*) sanitize=yes ;;
    *" failed "*) [ $rc_gpu -ne 0 ] && sanitize=yes ;;
    *" illegal "*) grep -q "an illegal memory access" "$d/gpu.txt" && sanitize=yes ;;
    esac
    sanitizer=$(dirname "$nvcc")/compute-sanitizer
    if [ $sanitize = yes ] && [ -x "$sanitizer" ]; then
        pool_mb=""
        [ -n "$pooled" ] && pool_mb=${PG_GPU_POOL_MB:-4096}
        PARGRAD_CUDA_POOL_MB=$pool_mb GC_DUMP=/dev/null timeout "${PG_GPU_SANITIZE_TIMEOUT:-90}" \
            "$sanitizer" --tool memcheck --print-limit 5 --show-backtrace device "$d/gpu" \
            > "$d/sanitizer_run.txt" 2>&1
        echo "compute-sanitizer: exit $?" >> "$d/sanitizer_run.txt"
        { grep -v "^\(PASS\|ok\|  *[0-9]* components\)" "$d/sanitizer_run.txt" | head -80
          tail -3 "$d/sanitizer_run.txt"; } > "$d/sanitizer.txt"
    elif [ $sanitize = yes ]; then
        echo "no compute-sanitizer at $sanitizer" > "$d/sanitizer.txt"
    fi
    # (the values are removed after a pass: a --check again needs them again)
    [ -f "$d/omp.rc" ] && [ -f "$d/omp.dump" ] || { rm -f "$d/omp.rc"; sh "$root/tests/cuda/run_gpu.sh" --omp-one "$name"; }
    rc_omp=$(cat "$d/omp.rc")
    tol=1e-12
    grep -q "float" "tests/e2e/$name.c" && ! grep -q "double" "tests/e2e/$name.c" && tol=1e-5
    cmp="(no values written)"
    # (a check stopped at its time limit left its last value half written)
    if [ $rc_gpu -eq 124 ]; then
        cmp="(stopped after ${PG_GPU_TIMEOUT:-300} s: its values not compared)"
    elif [ -f "$d/gpu.dump" ] && [ -f "$d/omp.dump" ]; then
        cmp=$($work/compare_dumps "$d/omp.dump" "$d/gpu.dump" $tol 2>&1)
    fi
    if [ -n "${PG_GPU_MANAGED_STACK:-}" ] && grep -q "an illegal memory access" "$d/gpu.txt"; then
        echo "host  $name (an illegal address, noticed at $(grep -m1 -o '[a-z_0-9]* (line [0-9]* of the source)' "$d/gpu.txt"): host memory this GPU cannot address, or an access out of bounds; compute-sanitizer tells which: PG_GPU_SANITIZE=illegal)" > "$d/verdict.txt"
    elif [ $rc_gpu -ne 0 ] || [ $rc_omp -ne 0 ] || [ -n "$cmp" ]; then
        { echo "FAIL  $name (finite differences: exit $rc_gpu, $(tail -1 "$d/gpu.txt"); OpenMP build: exit $rc_omp)$pooled"
          [ -n "$cmp" ] && echo "$cmp"; } > "$d/verdict.txt"
    else
        echo "ok    $name ($(wc -l < "$d/gpu.dump") values match OpenMP to $tol)$pooled" > "$d/verdict.txt"
        rm -f "$d/gpu.dump" "$d/omp.dump"
    fi
    exit 0
fi

names=${*:-$(cd tests/e2e && ls *_check.c | sed 's/_check\.c$//')}
mkdir -p "$work"

if [ $mode = all ] || [ $mode = prepare ]; then
    [ -d build ] || cmake -S . -B build > /dev/null || exit 2
    cmake --build build -j"$(nproc)" > build/gpu-build.log 2>&1 || { tail -20 build/gpu-build.log; exit 2; }
    for name in $names; do
        d=$work/$name
        [ -f "tests/e2e/${name}_check.c" ] || { echo "run_gpu.sh: no e2e program $name"; exit 2; }
        rm -rf "$d" && mkdir -p "$d"
        if ! build/pargrad --backend=cuda "tests/e2e/$name.c" -o "$d/${name}_b.cu" 2> "$d/diag.txt"; then
            grep -m1 -o 'does not support [^;]*' "$d/diag.txt" > "$d/rejected.txt"
            continue
        fi
        build/pargrad "tests/e2e/$name.c" -o "$d/${name}_omp.c" || exit 2
    done
    [ $mode = prepare ] && { echo "prepared $(echo $names | wc -w) programs in $work"; exit 0; }
fi

# whether the GPU reads pageable host memory: exits 3 where it does not
build_probe() {
    cat > "$work/probe.cu" <<'PROBE'
#include <cstdio>
#include <cuda_runtime.h>
int main() {
    int dev = 0, pageable = 0;
    cudaDeviceProp p;
    if (cudaGetDeviceProperties(&p, dev) != cudaSuccess) { printf("no GPU\n"); return 1; }
    cudaDeviceGetAttribute(&pageable, cudaDevAttrPageableMemoryAccess, dev);
    printf("%s, sm_%d%d, pageable memory access %s\n", p.name, p.major, p.minor, pageable ? "yes" : "no");
    return pageable ? 0 : 3;
}
PROBE
    "$nvcc" "$@" -o "$work/probe" "$work/probe.cu" || exit 2
}
probe_gpu() {
    # (built by --build where nvcc is; compiled here otherwise)
    [ -x "$work/probe" ] || build_probe
    "$work/probe"; probe=$?
    [ $probe -eq 1 ] && exit 2
    if [ $probe -eq 3 ]; then
        echo "run_gpu.sh: this GPU cannot address host memory (no HMM/ATS): the checks' heap arrays and stacks in managed memory"
        export PG_GPU_MANAGED=1 PG_GPU_MANAGED_STACK=1
    fi
    arch=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | tr -d .)
}
# PG_CUDA_EMULATE=1: the same steps with no GPU, the .cu built for the CPU
# (to try this script where there is none)
if [ -n "${PG_CUDA_EMULATE:-}" ]; then
    arch=emulated
elif [ $mode = build ]; then
    # built where there is no GPU: managed memory serves GPUs with and
    # without HMM alike
    arch=$build_arch
    export PG_GPU_MANAGED=1
    build_probe -arch=sm_$arch
    "$nvcc" -arch=sm_$arch -o "$work/heap_probe" tests/cuda/heap_probe.cu || exit 2
else
    probe_gpu
    # whether kernels can allocate in the device heap as the checks run
    [ -x "$work/heap_probe" ] || "$nvcc" -o "$work/heap_probe" tests/cuda/heap_probe.cu || exit 2
    "$work/heap_probe" "${PG_GPU_HEAP_MB:-4096}"
    # and as many at once as checks will run
    for j in $(seq "${PG_GPU_JOBS:-8}"); do
        "$work/heap_probe" "${PG_GPU_HEAP_MB:-4096}" > "$work/heap_probe.$j.txt" 2>&1 &
    done
    wait
    echo "heap_probe, ${PG_GPU_JOBS:-8} at once:"
    cat "$work"/heap_probe.*.txt | grep -v "^heap_probe: heap of" | sort | uniq -c
fi

accepted=""
for name in $names; do
    [ -f "$work/$name/${name}_b.cu" ] && accepted="$accepted $name"
done
if [ $mode != check ]; then
    # the runtime the OpenMP gradients link; nvcc (CUB's headers) is the
    # slow part: all programs built at once
    mkdir -p $work/rt
    for f in runtime/*.c; do
        gcc -O2 -fopenmp -fPIC -Iinclude -c "$f" -o "$work/rt/$(basename "$f" .c).o" || exit 2
    done
    gcc -O2 tests/cuda/compare_dumps.c -o $work/compare_dumps -lm || exit 2
    echo $accepted | tr ' ' '\n' | xargs -P"$(nproc)" -I{} sh "$root/tests/cuda/run_gpu.sh" --build-one "$arch" {}
    echo "${PG_GPU_MANAGED:-}" > $work/managed
fi
if [ $mode = build ]; then
    echo $accepted | tr ' ' '\n' | xargs -P"$(nproc)" -I{} sh "$root/tests/cuda/run_gpu.sh" --omp-one {}
    echo "built $(echo $accepted | wc -w) programs for sm_$arch in $work (and their OpenMP values)"
    exit 0
fi
# the checks' heap arrays are in managed memory if they were built so
[ -s $work/managed ] && export PG_GPU_MANAGED=1

# the checks, several programs at a time (each writes its verdict)
echo $accepted | tr ' ' '\n' | xargs -P"${PG_GPU_JOBS:-8}" -I{} sh "$root/tests/cuda/run_gpu.sh" --check-one {}
pass=0 fail=0 skipped=0 host=0 pooled=0
for name in $names; do
    d=$work/$name
    if [ -f "$d/rejected.txt" ]; then
        skipped=$((skipped + 1)); echo "skip  $name (the backend rejects it: $(cat "$d/rejected.txt"))"
    elif [ -f "$d/verdict.txt" ] && head -1 "$d/verdict.txt" | grep -q '^host'; then
        host=$((host + 1)); cat "$d/verdict.txt"
    elif [ -f "$d/verdict.txt" ] && head -1 "$d/verdict.txt" | grep -q '^ok'; then
        pass=$((pass + 1)); cat "$d/verdict.txt"
        grep -q "PARGRAD_CUDA_POOL_MB" "$d/verdict.txt" && pooled=$((pooled + 1))
    else
        fail=$((fail + 1)); cat "$d/verdict.txt" 2> /dev/null || echo "FAIL  $name (no verdict)"
    fi
done
echo "$pass passed, $fail failed, $skipped rejected by the backend, $host not run for host memory out of the GPU's reach"
[ "$pooled" -eq 0 ] || echo "($pooled of those passed only with PARGRAD_CUDA_POOL_MB: CUDA's device heap refused their kernels' allocations)"
[ $fail -eq 0 ] || exit 1
[ $host -eq 0 ] || { echo "run_gpu.sh: $host programs not checked on this GPU"; exit 3; }
