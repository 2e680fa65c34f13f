/* Checks the gradients of stripmine.c against central finite differences,
 * per component at small sizes and along a random direction at a size
 * where the loops run on threads. */
#include "gradcheck.h"

GC_KERNEL(sm_copy)
GC_KERNEL(sm_swap)
GC_KERNEL(sm_copy3)
GC_KERNEL(sm_swap3)
GC_KERNEL(sm_one)
GC_KERNEL(sm_t1)
GC_KERNEL(sm_t2)
GC_KERNEL(sm_down)

static const struct gc_kernel kernels[] = {
    {"sm_copy", sm_copy, sm_copy_b},    {"sm_swap", sm_swap, sm_swap_b},
    {"sm_copy3", sm_copy3, sm_copy3_b}, {"sm_swap3", sm_swap3, sm_swap3_b},
    {"sm_one", sm_one, sm_one_b},       {"sm_t1", sm_t1, sm_t1_b},
    {"sm_t2", sm_t2, sm_t2_b},          {"sm_down", sm_down, sm_down_b},
};

int main(void) {
    const int sizes[] = {1, 2, 5, 9};
    int nk = (int)(sizeof kernels / sizeof kernels[0]);
    gc_check_kernels(kernels, nk, sizes, 4, 2);
    for (int q = 0; q < nk; q++)
        gc_check_direction(&kernels[q], 20000, -1.0, 1.0, 11);
    return gc_finish();
}
