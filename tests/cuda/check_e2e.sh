#!/bin/sh
# The CUDA gradient of one e2e program (tests/e2e/NAME.c):
#   pargrad --backend=cuda NAME.c -o NAME_b.cu
#   nvcc compiles it for sm_90 and as portable PTX (compute_75), where nvcc
#   is installed (else this part is skipped, with the reason printed;
#   with PG_NVCC_BATCHED set, as ctest runs it, nvcc_batch.sh does it);
#   the same .cu built for the CPU (PG_CUDA_EMULATE: kernels' threads on
#   OpenMP threads, atomics real) with g++ and linked with NAME_check.c,
#   whose finite-difference checks it must pass at 1 and 3 threads (at 3
#   with PARGRAD_MIN_PARALLEL=1: histograms' copies of their bins even for
#   small inputs), and at
#   3 with the kernels' allocations from pargrad's pool (PARGRAD_CUDA_POOL_MB)
#   where it allocates in device code.
# A program the backend rejects must be rejected with a diagnostic (exit 1,
# no output file) and be listed in tests/cuda/unsupported.list with the
# construct it uses; one listed there that is accepted fails (the list
# shrinks as the backend grows).
# Then the functions themselves through the backend (--primal: F_gpu for
# each differentiated F): the checks built with F meaning F_gpu, so that
# their finite differences and primal values come from the GPU code too.
# With OPENMP_CHECK (the e2e build of the program), every value the checks
# compare must also match the OpenMP gradient's at 1 thread to 1e-12
# relative (1e-5 for programs on float data), as tests/cuda/run_gpu.sh
# asks of the GPU (compared by COMPARE_DUMPS, tests/cuda/compare_dumps.c).
# usage: check_e2e.sh PARGRAD NAME E2E_DIR INCLUDE_DIR WORK_DIR [OPENMP_CHECK COMPARE_DUMPS]
set -u
pargrad=$1 name=$2 e2e=$3 inc=$4 work=$5 openmp_check=${6:-} compare_dumps=${7:-}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$work" && cd "$work" || exit 1
rm -f "${name}_b.cu"
listed=$(grep -E "^${name}( |$)" "$here/unsupported.list" || true)
"$pargrad" --backend=cuda "$e2e/$name.c" -o "${name}_b.cu" 2> diag.txt
status=$?
if [ "$status" -ne 0 ]; then
    cat diag.txt
    if [ -e "${name}_b.cu" ]; then echo "FAIL: an output file after a rejection"; exit 1; fi
    if [ "$status" -ne 1 ] || ! grep -q "error: the cuda backend does not support" diag.txt; then
        echo "FAIL: rejected without the backend's diagnostic (exit $status)"; exit 1
    fi
    if [ -z "$listed" ]; then echo "FAIL: rejected, and not in unsupported.list"; exit 1; fi
    echo "rejected as listed: $listed"
    exit 0
fi
if [ -n "$listed" ]; then
    echo "FAIL: accepted now: remove '$name' from tests/cuda/unsupported.list"; exit 1
fi
. "$here/nvcc_check.sh"
if [ -n "${PG_NVCC_BATCHED:-}" ]; then
    echo "nvcc: the cuda.nvcc tests compile this output with others (tests/cuda/nvcc_batch.sh)"
else
    nvcc_compile "${name}_b.cu" "${name}_b.o" -I"$inc" -I"$e2e" || { echo "FAIL: nvcc"; exit 1; }
fi
cxx=${CXX:-g++}
"$cxx" -x c++ -std=c++17 -DPG_CUDA_EMULATE -fopenmp -O1 -Wall -Wextra -Werror -Wvla \
    -Wno-unused-parameter \
    -I"$inc" -I"$e2e" -c "${name}_b.cu" -o "${name}_emu.o" || { echo "FAIL: emulated build"; exit 1; }
cc=${CC:-gcc}
"$cc" -O1 -Wno-unknown-pragmas -I"$e2e" -c "$e2e/$name.c" -o "$name.o" &&
    "$cc" -O1 -I"$e2e" -c "$e2e/${name}_check.c" -o "${name}_check.o" &&
    "$cxx" -fopenmp "$name.o" "${name}_check.o" "${name}_emu.o" -o "${name}_emu" -lm ||
    { echo "FAIL: link"; exit 1; }
# (at 3, PARGRAD_MIN_PARALLEL=1: the histograms' copies of their bins per
# warp, which small inputs do without otherwise)
for t in 1 3; do
    small=""
    [ $t -gt 1 ] && small=1
    PARGRAD_MIN_PARALLEL=$small OMP_NUM_THREADS=$t GC_DUMP=emu_t$t.dump ./"${name}_emu" > "run_t$t.txt" 2>&1 ||
        { tail -20 "run_t$t.txt"; echo "FAIL: emulated run, $t threads"; exit 1; }
done
tail -1 run_t3.txt
# the kernels' allocations from pargrad's pool instead of the device heap
# (PARGRAD_CUDA_POOL_MB), for the outputs that allocate in device code
pool=no
if grep -q "pg_tape_here = \|pg_heap_grow(\|pg_malloc(\|pg_calloc(\|pg_keep(\|pg_hist_[a-z]*_[a-z]*_rev(" "${name}_b.cu"; then
    pool=yes
    PARGRAD_CUDA_POOL_MB=512 OMP_NUM_THREADS=3 GC_DUMP=pool_t3.dump ./"${name}_emu" > run_pool.txt 2>&1 ||
        { tail -20 run_pool.txt; echo "FAIL: emulated run, 3 threads, allocating from PARGRAD_CUDA_POOL_MB's pool"; exit 1; }
    echo "with the kernels' allocations from the pool: $(tail -1 run_pool.txt)"
fi
"$pargrad" --backend=cuda --primal "$e2e/$name.c" -o "${name}_p.cu" ||
    { echo "FAIL: --primal rejected what the gradient's emission accepted"; exit 1; }
renames=$(sed -n 's/^extern "C" .* \([A-Za-z_][A-Za-z_0-9]*\)_gpu(.*/-D\1=\1_gpu/p' "${name}_p.cu" | tr '\n' ' ')
"$cxx" -x c++ -std=c++17 -DPG_CUDA_EMULATE -fopenmp -O1 -Wall -Wextra -Werror -Wvla \
    -Wno-unused-parameter \
    -I"$inc" -I"$e2e" -c "${name}_p.cu" -o "${name}_p.o" &&
    "$cc" -O1 -I"$e2e" $renames -c "$e2e/${name}_check.c" -o "${name}_check_p.o" &&
    "$cxx" -fopenmp "$name.o" "${name}_check_p.o" "${name}_p.o" -o "${name}_p" -lm ||
    { echo "FAIL: build with the functions themselves on the GPU ($renames)"; exit 1; }
PARGRAD_MIN_PARALLEL=1 OMP_NUM_THREADS=3 ./"${name}_p" > run_p.txt 2>&1 ||
    { tail -20 run_p.txt; echo "FAIL: emulated run of the functions themselves ($renames)"; exit 1; }
echo "with the functions themselves emitted too ($renames): $(tail -1 run_p.txt)"
if [ -n "$openmp_check" ]; then
    OMP_NUM_THREADS=1 GC_DUMP=openmp.dump "$openmp_check" > openmp.txt 2>&1
    tol=1e-12
    grep -q "float" "$e2e/$name.c" && ! grep -q "double" "$e2e/$name.c" && tol=1e-5
    "$compare_dumps" openmp.dump emu_t1.dump $tol ||
        { echo "FAIL: the emulated CUDA gradient differs from the OpenMP one"; exit 1; }
    echo "$(wc -l < emu_t1.dump) values match the OpenMP gradient's to $tol"
    if [ $pool = yes ]; then
        "$compare_dumps" openmp.dump pool_t3.dump $tol ||
            { echo "FAIL: the emulated CUDA gradient with the pool differs from the OpenMP one"; exit 1; }
        echo "and so do those of the run with the pool"
    fi
fi
