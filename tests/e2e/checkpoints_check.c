/* Checks the gradients of checkpoints.c against central finite
 * differences, per component at small sizes and along a random direction
 * at a size where the loops run on threads. */
#include "gradcheck.h"

GC_KERNEL(ckpt_table)
GC_KERNEL(ckpt_midread)
GC_KERNEL(ckpt_stretch)
GC_KERNEL(ckpt_nested)

static const struct gc_kernel kernels[] = {
    {"ckpt_table", ckpt_table, ckpt_table_b},
    {"ckpt_midread", ckpt_midread, ckpt_midread_b},
    {"ckpt_stretch", ckpt_stretch, ckpt_stretch_b},
    {"ckpt_nested", ckpt_nested, ckpt_nested_b},
};

int main(void) {
    const int sizes[] = {1, 2, 5, 9};
    int nk = (int)(sizeof kernels / sizeof kernels[0]);
    gc_check_kernels(kernels, nk, sizes, 4, 2);
    for (int q = 0; q < nk; q++)
        gc_check_direction(&kernels[q], 20000, -1.0, 1.0, 11);
    return gc_finish();
}
