#!/bin/sh
# Where the CUDA backend runs the parallel constructs of the micro
# benchmarks: their gradients' reduces, scans and maps on the grid (CUB's
# reductions and scans), at most a few one-thread kernels for what is left
# (seeds, the returned value). A construct falling back to one GPU thread
# is correct but slow by orders of magnitude: this fails then. And the
# applications' time loops: on the host, launching their steps' kernels
# (no step on one GPU thread), their sums into scalars through CUB.
# Early returns on the host's values (guard_clauses): the flag they set is
# chosen on the host, and the maps after them run on the grid.
# Histograms of *, min and max: their bins updated atomically on the grid,
# through a copy per warp (folded in after), their first entries found
# there too (not blocks of a CPU thread each). Declared operators' reduces
# and scans: their blocks combined in groups on the grid. A scan in each
# iteration of a map (scan_vmul16's columns): in the iteration's thread. And
# maps nested in maps: a thread per pair of iterations where each pair's
# updates are its own or atomic (nested_map, pair_energy), a thread per
# row where a row's iterations all update the row's element (scale_rows).
# usage: placement.sh PARGRAD ROOT WORK_DIR
set -u
pargrad=$1 root=$2 work=$3
mkdir -p "$work" || exit 1
fail=0
# benchmark, what its gradient must call, the most one-thread kernels it may launch
while IFS='|' read -r name want most; do
    out="$work/${name}_b.cu"
    "$pargrad" --backend=cuda "$root/bench/micro/$name.c" -o "$out" || { echo "FAIL: $name rejected"; fail=1; continue; }
    got=$(grep -c -F "$want" "$out")
    seq=$(grep -c 'PG_LAUNCH([a-z_0-9]*, 1, 1,' "$out")
    if [ "$got" -eq 0 ] || [ "$seq" -gt "$most" ]; then
        echo "FAIL: $name: $got calls of $want (want some), $seq one-thread kernels (want at most $most)"
        fail=1
    else
        echo "ok: $name: $got of $want, $seq one-thread kernels"
    fi
done <<'LIST'
reduce_add|pg_cuda_reduce(|2
reduce_mul|pg_op_mul<double>()|2
reduce_min|pg_op_argmin()|1
reduce_max|pg_op_argmax()|1
scan_add|pg_cuda_scan(|2
scan_mul|pg_op_affine<double>()|2
scan_min|pg_op_min<double>()|2
scan_affine|pg_op_affine<double>()|2
hist_add|a map, one iteration per thread|0
hist_min|pg_atomic_min(&h_own[|1
hist_vmin10|pg_atomic_min(&h_first_1[|1
hist_mul|pg_atomic_mul(&h_nonzero_1_own[|1
hist_mul|pg_bin_copies_fold(h_zeros_1, |1
reduce_mat2|_group_1[blk]|3
scan_mat2|_group_start_1[blk]|4
scan_vmul16|a map, one iteration per thread): for (int j|2
LIST
# application, the fewest loops it must run on the host, what else it must call
while IFS='|' read -r file loops want; do
    name=$(basename "$file" .c)
    out="$work/app_${name}_b.cu"
    "$pargrad" --backend=cuda "$root/$file" -o "$out" || { echo "FAIL: $file rejected"; fail=1; continue; }
    got=$(grep -c "on the host, each iteration's kernels in order" "$out")
    big=$(grep -c "loops the backend does not run on the grid yet" "$out")
    calls=$(grep -c -F "$want" "$out")
    if [ "$got" -lt "$loops" ] || [ "$big" -gt 0 ] || [ "$calls" -eq 0 ]; then
        echo "FAIL: $file: $got loops on the host (want $loops), $big large one-thread kernels (want none), $calls of $want"
        fail=1
    else
        echo "ok: $file: $got loops on the host, no large one-thread kernel, $calls of $want"
    fi
done <<'LIST'
bench/apps/heat.c|10|pg_htape_push(
bench/apps/lstm.c|5|_parts[blockIdx.x
tests/e2e/time_loop.c|3|PG_LAUNCH(
tests/e2e/guard_clauses.c|0|on the host: it chooses values
LIST
"$pargrad" --backend=cuda "$root/tests/e2e/nested_map.c" -o "$work/nested_map_b.cu" &&
    "$pargrad" --backend=cuda "$root/tests/e2e/nested_rows.c" -o "$work/nested_rows_b.cu" || fail=1
flat_map=$(grep -c "(flattened)" "$work/nested_map_b.cu")
flat_rows=$(sed -n '/scale_rows_b_cuda/,$p' "$work/nested_rows_b.cu" | sed '/pair_energy_b_cuda/,$d' | grep -c "(flattened)")
flat_pairs=$(sed -n '/pair_energy_b_cuda/,$p' "$work/nested_rows_b.cu" | grep -c "(flattened)")
if [ "$flat_map" -lt 1 ] || [ "$flat_rows" -ne 0 ] || [ "$flat_pairs" -lt 1 ]; then
    echo "FAIL: nested maps flattened: nested_map $flat_map (want some), scale_rows $flat_rows (want none), pair_energy $flat_pairs (want some)"
    fail=1
else
    echo "ok: nested maps: nested_map and pair_energy flattened, scale_rows a thread per row"
fi
# histograms of the runtime's (keys and values in arrays) and scans not
# fused with their maps: the host calls pargrad_cuda_cub.h's grid versions
# (and the pools of threads' arrays)
while IFS='|' read -r name want; do
    out="$work/e2e_${name}_b.cu"
    "$pargrad" --backend=cuda "$root/tests/e2e/$name.c" -o "$out" || { echo "FAIL: $name rejected"; fail=1; continue; }
    if grep -q -F "$want" "$out"; then
        echo "ok: $name calls $want"
    else
        echo "FAIL: $name: no call of $want"
        fail=1
    fi
done <<'LIST'
hist_outputs|pg_cuda_hist<double>(
hist_outputs|pg_cuda_hist_ext_rev<double>(
histogram_ops|pg_cuda_scan_array<double>(
gmm|pg_pool_take(
pooled_scratch|pg_pool_take(
gmm|pg_tape_give(&pg_thread_tape, pg_mine, pg_tape_each);
struct_ops|pg_block_most(
scalar_out|pg_frame_tape(&pg_frame->head, pg_frame + 1);
LIST
# a grid kernel's arrays sized at run time whose sizes the host knows: each
# thread's from one pool (no device malloc per thread); one declared under
# an if keeps the heap. The threads' tapes too, sized to what an iteration
# pushes (gmm's loops over the components, struct_ops' blocks of a
# declared operator's iterations: at most n / nb + 1 each); the one-thread
# kernels' tape in the room after the frame (scalar_out)
heap=$(grep -c "pg_heap_grow" "$work/e2e_gmm_b.cu")
kept=$(grep -c "sq_1 = pg_heap_grow" "$work/e2e_pooled_scratch_b.cu")
if [ "$heap" -ne 0 ] || [ "$kept" -eq 0 ]; then
    echo "FAIL: pools: gmm grows $heap arrays on the device heap (want none), some_rows $kept (want its sq)"
    fail=1
else
    echo "ok: pools: gmm's arrays from the pool, some_rows' conditional sq on the heap"
fi
grep -q "extremum of each block" "$work/reduce_min_b.cu" &&
    { echo "FAIL: reduce_min searches blocks (the CPUs' form) on the GPU"; fail=1; }
exit $fail
