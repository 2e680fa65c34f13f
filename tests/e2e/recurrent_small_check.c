/* Checks the gradients of recurrent_small.c against central finite
 * differences, per component at small sizes and along a random direction
 * at a larger size. */
#include "gradcheck.h"

GC_KERNEL(rec_cell)
GC_KERNEL(rec_euler)
GC_KERNEL(rec_growing)

static const struct gc_kernel kernels[] = {
    {"rec_cell", rec_cell, rec_cell_b},
    {"rec_euler", rec_euler, rec_euler_b},
    {"rec_growing", rec_growing, rec_growing_b},
};

int main(void) {
    const int sizes[] = {1, 2, 5, 9};
    int nk = (int)(sizeof kernels / sizeof kernels[0]);
    gc_check_kernels(kernels, nk, sizes, 4, 2);
    for (int q = 0; q < nk; q++)
        gc_check_direction(&kernels[q], 200, -1.0, 1.0, 11);
    return gc_finish();
}
