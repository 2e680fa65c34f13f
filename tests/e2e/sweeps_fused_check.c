/* Checks the gradients of sweeps_fused.c against central finite
 * differences, per component at small sizes and along a random direction
 * at a size where the loops run on threads. */
#include "gradcheck.h"

GC_KERNEL(xs_linear)
GC_KERNEL(xs_tanh)
GC_KERNEL(xs_decay)
GC_KERNEL(xs_feedback)
GC_KERNEL(row_product)
GC_KERNEL(xs_carried)

static const struct gc_kernel kernels[] = {
    {"xs_linear", xs_linear, xs_linear_b},       {"xs_tanh", xs_tanh, xs_tanh_b},
    {"xs_decay", xs_decay, xs_decay_b},          {"xs_feedback", xs_feedback, xs_feedback_b},
    {"row_product", row_product, row_product_b}, {"xs_carried", xs_carried, xs_carried_b},
};

int main(void) {
    const int sizes[] = {1, 2, 5, 9};
    int nk = (int)(sizeof kernels / sizeof kernels[0]);
    gc_check_kernels(kernels, nk, sizes, 4, 2);
    /* (row_product is quadratic: past the threshold for threads, 8192
     * elements, but not by much) */
    for (int q = 0; q < nk; q++)
        gc_check_direction(&kernels[q], strcmp(kernels[q].name, "row_product") ? 20000 : 8500, -1.0,
                           1.0, 11);
    return gc_finish();
}
