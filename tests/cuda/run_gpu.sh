#!/bin/sh
# On a machine with an NVIDIA GPU, one command:
#     tests/cuda/run_gpu.sh [NAME...]
# For every e2e program the CUDA backend accepts (or those named): its CUDA
# gradient, built by nvcc for this GPU and linked with NAME_check.c, must
# pass the program's finite-difference checks on the GPU, and every value
# those checks compare must match the OpenMP gradient's (the e2e build of
# the same program, 1 thread) to 1e-12 relative (1e-5 for programs on float
# data). The checks pass host arrays: the GPU must address host memory
# (HMM or ATS; cudaDevAttrPageableMemoryAccess), which the script checks
# first. Builds what it needs in build/ (cmake) and works in build/cuda-gpu/.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
[ -x "$nvcc" ] || nvcc=$(command -v nvcc) || { echo "run_gpu.sh: nvcc not found"; exit 2; }
cd "$root" || exit 2
[ -d build ] || cmake -S . -B build > /dev/null || exit 2
cmake --build build -j"$(nproc)" > build/gpu-build.log 2>&1 || { tail -20 build/gpu-build.log; exit 2; }
work=build/cuda-gpu
mkdir -p "$work"
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
"$nvcc" -o "$work/probe" "$work/probe.cu" || exit 2
"$work/probe"; probe=$?
[ $probe -eq 1 ] && exit 2
[ $probe -eq 3 ] && { echo "run_gpu.sh: this GPU cannot address host memory (no HMM/ATS): the checks pass host arrays"; exit 2; }
arch=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | tr -d .)
names=${*:-$(cd tests/e2e && ls *_check.c | sed 's/_check\.c$//')}
pass=0 fail=0 skipped=0
for name in $names; do
    d=$work/$name
    mkdir -p "$d"
    if ! build/pargrad --backend=cuda "tests/e2e/$name.c" -o "$d/${name}_b.cu" 2> "$d/diag.txt"; then
        skipped=$((skipped + 1)); echo "skip  $name (the backend rejects it: $(grep -m1 -o 'does not support [^;]*' "$d/diag.txt"))"; continue
    fi
    if ! { "$nvcc" -O3 -arch=sm_$arch -Iinclude -Itests/e2e -c "$d/${name}_b.cu" -o "$d/g.o" &&
           gcc -O2 -Wno-unknown-pragmas -Itests/e2e -c "tests/e2e/$name.c" -o "$d/p.o" &&
           gcc -O2 -Itests/e2e -c "tests/e2e/${name}_check.c" -o "$d/c.o" &&
           "$nvcc" -arch=sm_$arch "$d/p.o" "$d/c.o" "$d/g.o" -o "$d/gpu" -lm; } > "$d/build.txt" 2>&1; then
        fail=$((fail + 1)); echo "FAIL  $name (build: $d/build.txt)"; continue
    fi
    GC_DUMP="$d/gpu.dump" "$d/gpu" > "$d/gpu.txt" 2>&1; rc_gpu=$?
    OMP_NUM_THREADS=1 GC_DUMP="$d/omp.dump" "build/tests/e2e/e2e_$name" > "$d/omp.txt" 2>&1
    tol=1e-12
    grep -q "float" "tests/e2e/$name.c" && ! grep -q "double" "tests/e2e/$name.c" && tol=1e-5
    cmp=$(sh tests/cuda/compare_dumps.sh "$d/omp.dump" "$d/gpu.dump" $tol)
    if [ $rc_gpu -ne 0 ] || [ -n "$cmp" ]; then
        fail=$((fail + 1)); echo "FAIL  $name (finite differences: exit $rc_gpu, $(tail -1 "$d/gpu.txt"))"; [ -n "$cmp" ] && echo "$cmp"
    else
        pass=$((pass + 1)); echo "ok    $name ($(wc -l < "$d/gpu.dump") values match OpenMP to $tol)"
    fi
done
echo "$pass passed, $fail failed, $skipped rejected by the backend"
[ $fail -eq 0 ]
