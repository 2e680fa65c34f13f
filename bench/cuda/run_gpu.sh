#!/bin/sh
# On a machine with an NVIDIA GPU, one command:
#     bench/cuda/run_gpu.sh [NAME...]
# The micro suite and the applications (bench/micro, bench/apps; all
# without names) on the GPU: the gradient from `pargrad --backend=cuda`
# and, as the reference, the primal from the same backend (`--primal`:
# F_gpu, linked in F's place), both timed by the benchmark's own driver and
# bench/harness.c built with PGB_GPU (data in managed memory, moved to the
# GPU before each timed run; the hand-written CPU gradient only checks the
# result once). Prints primal and gradient medians and the overhead
# (gradient / primal) next to Futhark's A100 figures
# (../shared/spec/BENCH.md), and writes bench/results/gpu.csv. Sizes:
# PGB_SIZES (micro, default 10^7), the applications' full size; PGB_REPS
# (20), PGB_WARMUP (3); PGB_TIMEOUT (900 s) bounds each run.
#
# The two halves can run on two machines (a GPU machine without libclang):
#     bench/cuda/run_gpu.sh --prepare [NAME...]   (no GPU: builds pargrad,
#         writes bench/build/gpu/NAME.cu, with the ADBench inputs beside)
#     bench/cuda/run_gpu.sh --run [NAME...]       (nvcc, gcc and the GPU only)
# or, to spend the GPU machine's time on the GPU alone, three:
#     bench/cuda/run_gpu.sh --prepare [NAME...]
#     bench/cuda/run_gpu.sh --build ARCH [NAME...] (no GPU: nvcc for sm_ARCH)
#     bench/cuda/run_gpu.sh --time [NAME...]       (the GPU only: the timed
#         runs of what --build left)
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 2
obj=bench/build/gpu
mode=all
case ${1:-} in
--prepare) mode=prepare; shift ;;
--run) mode=run; shift ;;
--build) mode=build; build_arch=${2:?--build ARCH}; shift 2 ;;
--time) mode=time; shift ;;
--build-one) mode=build-one; shift ;;
esac
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
[ -x "$nvcc" ] || nvcc=$(command -v nvcc) || [ $mode = prepare ] || [ $mode = time ] || { echo "run_gpu.sh: nvcc not found"; exit 2; }

# the benchmark NAME's directory and the source its driver differentiates
locate() {
    dir=micro; [ -f "bench/apps/${1}_driver.c" ] && dir=apps
    family=$1
    while [ ! -f "bench/$dir/$family.c" ] && [ "$family" != "${family%_*}" ]; do family=${family%_*}; done
    src=bench/$dir/$family.c
}

# one benchmark's build (run in parallel by --run): ARCH NAME
if [ $mode = build-one ]; then
    arch=$1 name=$2 o=$obj/$2
    locate "$name"
    # built already for this arch, from this output (--build again after a
    # partial one)
    [ -x "$o" ] && [ "$(cat "$o.arch" 2> /dev/null)" = "$arch" ] && [ ! "$o.cu" -nt "$o" ] && exit 0
    rm -f "$o" "$o.arch"
    # the driver's calls of F go to F_gpu: the symbols renamed in the
    # objects (F_cpu: the C primal, which the hand-written gradient may call)
    funcs=$(sed -n 's/^extern "C" .* \([A-Za-z_][A-Za-z_0-9]*\)_gpu(.*/\1/p' "$o.cu")
    to_cpu="" to_gpu=""
    for f in $funcs; do to_cpu="$to_cpu --redefine-sym $f=${f}_cpu"; to_gpu="$to_gpu --redefine-sym ${f}_gpu=$f"; done
    { "$nvcc" -O3 -arch=sm_$arch -Iinclude -c "$o.cu" -o "$o.cu.o" &&
      objcopy $to_gpu "$o.cu.o" &&
      gcc -O3 -fopenmp -Iinclude -Ibench -c "$src" -o "$o.o" && objcopy $to_cpu "$o.o" &&
      gcc -O3 -fopenmp -Iinclude -Ibench -c "bench/$dir/${family}_manual.c" -o "${o}_manual.o" &&
      gcc -O3 -fopenmp -Iinclude -Ibench -I"bench/$dir" -c "bench/$dir/${name}_driver.c" -o "${o}_driver.o" &&
      "$nvcc" -arch=sm_$arch "$obj/harness.o" "${o}_driver.o" "$o.o" "${o}_manual.o" "$o.cu.o" \
          $obj/rt/*.o -lgomp -lm -o "$o" && echo "$arch" > "$o.arch"; } > "$o.build.log" 2>&1
    exit 0
fi

names=${*:-$(ls bench/micro/*_driver.c bench/apps/*_driver.c | sed 's|.*/||; s/_driver\.c$//')}
mkdir -p "$obj" bench/results

if [ $mode = all ] || [ $mode = prepare ]; then
    [ -d build ] || cmake -S . -B build > /dev/null || exit 2
    cmake --build build -j"$(nproc)" --target pargrad > /dev/null || exit 2
    for name in $names; do
        [ -f "bench/micro/${name}_driver.c" ] || [ -f "bench/apps/${name}_driver.c" ] ||
            { echo "run_gpu.sh: no benchmark $name"; exit 2; }
        locate "$name"
        rm -f "$obj/$name.rejected"
        build/pargrad --backend=cuda --primal "$src" -o "$obj/$name.cu" > "$obj/$name.gen.log" 2>&1 ||
            grep -m1 -o 'does not support [^;]*' "$obj/$name.gen.log" > "$obj/$name.rejected"
    done
    # the ADBench inputs, beside the sources, for a GPU machine that lacks them
    data=${PGB_ADBENCH:-/work/shared/data/adbench}
    if [ -d "$data" ]; then
        mkdir -p "$obj/adbench/gmm" "$obj/adbench/lstm"
        cp "$data"/gmm/*_d10_K25.txt "$obj/adbench/gmm/" 2> /dev/null
        cp "$data"/lstm/* "$obj/adbench/lstm/" 2> /dev/null
    fi
    [ $mode = prepare ] && { echo "prepared $(echo $names | wc -w) benchmarks in $obj"; exit 0; }
fi

if [ $mode = build ]; then
    arch=$build_arch
else
    command -v nvidia-smi > /dev/null || { echo "run_gpu.sh: no nvidia-smi: no GPU here"; exit 2; }
    arch=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | tr -d .)
fi
[ -z "${PGB_ADBENCH:-}" ] && [ -d "$obj/adbench" ] && [ ! -d /work/shared/data/adbench ] &&
    export PGB_ADBENCH="$root/$obj/adbench"
sizes=${PGB_SIZES:-10000000} reps=${PGB_REPS:-20} warm=${PGB_WARMUP:-3} limit=${PGB_TIMEOUT:-900}
if [ $mode != time ]; then
    cuinc=$(dirname "$(dirname "$nvcc")")/include
    mkdir -p "$obj/rt"
    for f in runtime/*.c; do
        gcc -O3 -fopenmp -Iinclude -c "$f" -o "$obj/rt/$(basename "$f" .c).o" || exit 2
    done
    gcc -O3 -fopenmp -DPGB_GPU -I"$cuinc" -Iinclude -Ibench -c bench/harness.c -o "$obj/harness.o" || exit 2
    built=""
    for name in $names; do
        [ -f "$obj/$name.cu" ] && [ ! -f "$obj/$name.rejected" ] && built="$built $name"
    done
    # nvcc (CUB's headers) is the slow part: all benchmarks built at once
    echo $built | tr ' ' '\n' | xargs -P"$(nproc)" -I{} sh "$root/bench/cuda/run_gpu.sh" --build-one "$arch" {}
fi
[ $mode = build ] && { echo "built $(echo $names | wc -w) benchmarks for sm_$arch in $obj"; exit 0; }

# Futhark's A100 overheads (BENCH.md), by family
futhark() {
    case $1 in
    reduce_*) echo "2.4-2.5" ;; scan_*) echo "1.8-2.8" ;; hist_*) echo "1.4-1.9" ;;
    gmm*) echo "2.0-3.2" ;; xsbench*) echo "2.6" ;; *) echo "-" ;;
    esac
}
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv,noheader
echo "benchmark,size,primal_gpu_s,gradient_gpu_s,overhead,futhark_a100,status" > bench/results/gpu.csv
printf '%-26s %10s %12s %12s %9s %10s  %s\n' benchmark size primal_s gradient_s overhead futhark status
# the timed runs one at a time
for name in $names; do
    o=$obj/$name
    row() { # size primal gradient status
        ov=-
        [ "$2" != - ] && [ "$3" != - ] && ov=$(awk -v p="$2" -v g="$3" 'BEGIN { printf "%.2f", g / p }')
        printf '%-26s %10s %12s %12s %9s %10s  %s\n' "$name" "$1" "$2" "$3" "$ov" "$(futhark "$name")" "$4"
        echo "$name,$1,$2,$3,$ov,$(futhark "$name"),$4" >> bench/results/gpu.csv
    }
    [ -f "$o.rejected" ] && { row - - - "rejected: $(cat "$o.rejected")"; continue; }
    [ -x "$o" ] || { row - - - "FAILED(build: $o.build.log)"; tail -3 "$o.build.log"; continue; }
    n_list=$sizes; [ -f "bench/apps/${name}_driver.c" ] && n_list=100
    for n in $n_list; do
        timeout "$limit" "$o" "$n" "$reps" "$warm" > "$o.out" 2> "$o.err"; rc=$?
        line=$(grep '^RESULT' "$o.out")
        p=$(echo "$line" | sed -n 's/.* primal_s=\([^ ]*\).*/\1/p')
        g=$(echo "$line" | sed -n 's/.* gradient_s=\([^ ]*\).*/\1/p')
        c=$(echo "$line" | sed -n 's/.* check=\([^ ]*\).*/\1/p')
        if [ -z "$line" ]; then
            why="exit $rc"; [ $rc -eq 124 ] && why="over ${limit} s"
            row "$n" - - "FAILED(run: $why, $o.err)"; tail -n 3 "$o.out" "$o.err"; continue
        fi
        row "$n" "$p" "$g" "check=$c"
    done
done
echo "(bench/results/gpu.csv)"
