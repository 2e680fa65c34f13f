/* Checks the gradients of scan_outputs.c (scans whose prefixes the return
 * sweep reads back from the array the loop stores them in, and the cases
 * next to them where it may not) against central finite differences at
 * small sizes (one element included), and at a size where the scans run
 * in parallel blocks, the gradient's dot product with a random direction
 * against the finite difference along it. */
#include "gradcheck.h"

GC_KERNEL(prod_inclusive)
GC_KERNEL(min_inclusive)
GC_KERNEL(max_from_top)
GC_KERNEL(affine_offset)
GC_KERNEL(prod_exclusive)
GC_KERNEL(prod_overwritten)
GC_KERNEL(prod_updated_again)
GC_KERNEL(min_conditional)
GC_KERNEL(prod_in_steps)

static const struct gc_kernel kernels[] = {
    {"prod_inclusive", prod_inclusive, prod_inclusive_b},
    {"min_inclusive", min_inclusive, min_inclusive_b},
    {"max_from_top", max_from_top, max_from_top_b},
    {"affine_offset", affine_offset, affine_offset_b},
    {"prod_exclusive", prod_exclusive, prod_exclusive_b},
    {"prod_overwritten", prod_overwritten, prod_overwritten_b},
    {"prod_updated_again", prod_updated_again, prod_updated_again_b},
    {"min_conditional", min_conditional, min_conditional_b},
    {"prod_in_steps", prod_in_steps, prod_in_steps_b},
};

int main(void) {
    const int sizes[] = {1, 2, 3, 5, 33};
    const int nk = (int)(sizeof kernels / sizeof kernels[0]);
    gc_check_kernels(kernels, nk, sizes, 5, 3);
    /* above the runtime's threshold for a parallel scan; the products'
     * factors near 1 keep them finite */
    for (int q = 0; q < nk; q++) {
        int products = kernels[q].name[0] == 'p';
        gc_check_direction(&kernels[q], 20001, products ? -1e-3 : -1.0, products ? 1e-3 : 1.0, 7);
    }
    return gc_finish();
}
