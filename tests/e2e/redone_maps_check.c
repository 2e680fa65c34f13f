/* Checks the gradients of redone_maps.c against central finite
 * differences, per component at small sizes and along a random direction
 * at a size where the maps run on threads. */
#include "gradcheck.h"

GC_KERNEL(rm_last)
GC_KERNEL(rm_scratch)

static const struct gc_kernel kernels[] = {
    {"rm_last", rm_last, rm_last_b},
    {"rm_scratch", rm_scratch, rm_scratch_b},
};

int main(void) {
    const int sizes[] = {1, 2, 5, 9};
    int nk = (int)(sizeof kernels / sizeof kernels[0]);
    gc_check_kernels(kernels, nk, sizes, 4, 2);
    for (int q = 0; q < nk; q++)
        gc_check_direction(&kernels[q], 3000, -1.0, 1.0, 11);
    return gc_finish();
}
