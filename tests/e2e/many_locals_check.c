/* Checks the gradients of many_locals.c against central finite
 * differences, per component at small sizes and along a random direction
 * at a size where the loops run on threads. */
#include "gradcheck.h"

GC_KERNEL(many_phis)
GC_KERNEL(many_carried)

static const struct gc_kernel kernels[] = {
    {"many_phis", many_phis, many_phis_b},
    {"many_carried", many_carried, many_carried_b},
};

int main(void) {
    const int sizes[] = {1, 2, 5, 9};
    int nk = (int)(sizeof kernels / sizeof kernels[0]);
    gc_check_kernels(kernels, nk, sizes, 4, 2);
    for (int q = 0; q < nk; q++)
        gc_check_direction(&kernels[q], 20000, -1.0, 1.0, 11);
    return gc_finish();
}
