/* Checks the gradients of loop_scratch.c against central finite
 * differences, per component at small sizes and along a random direction
 * at a size where the loops run on threads. */
#include "gradcheck.h"

GC_KERNEL(scratch_read_before)
GC_KERNEL(scratch_time_loop)

static const struct gc_kernel kernels[] = {
    {"scratch_read_before", scratch_read_before, scratch_read_before_b},
    {"scratch_time_loop", scratch_time_loop, scratch_time_loop_b},
};

int main(void) {
    const int sizes[] = {1, 2, 5, 9};
    int nk = (int)(sizeof kernels / sizeof kernels[0]);
    gc_check_kernels(kernels, nk, sizes, 4, 2);
    for (int q = 0; q < nk; q++)
        gc_check_direction(&kernels[q], 20000, -1.0, 1.0, 11);
    return gc_finish();
}
