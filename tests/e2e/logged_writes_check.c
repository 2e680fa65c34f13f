/* Checks the gradients of logged_writes.c against central finite
 * differences at several sizes. */
#include "gradcheck.h"

GC_KERNEL(ring_slots)
GC_KERNEL(tri_sweeps)
GC_KERNEL(csr_relax)
GC_KERNEL(blocked)
GC_KERNEL(tri_map)
GC_KERNEL(bin_counts)
GC_KERNEL(walk_cond)

int main(void) {
    static const struct gc_kernel kernels[] = {
        {"ring_slots", ring_slots, ring_slots_b}, {"tri_sweeps", tri_sweeps, tri_sweeps_b},
        {"csr_relax", csr_relax, csr_relax_b},    {"blocked", blocked, blocked_b},
        {"tri_map", tri_map, tri_map_b},          {"bin_counts", bin_counts, bin_counts_b},
        {"walk_cond", walk_cond, walk_cond_b},
    };
    static const int sizes[] = {1, 2, 5, 9, 17};
    gc_check_kernels(kernels, 7, sizes, 5, 2);
    return gc_finish();
}
