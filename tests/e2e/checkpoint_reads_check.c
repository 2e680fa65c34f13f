/* Checks the gradients of checkpoint_reads.c against central finite
 * differences, per component at small sizes and along a random direction
 * at a size where the loops run on threads. */
#include "gradcheck.h"

GC_KERNEL(cpr_components)
GC_KERNEL(cpr_before)
GC_KERNEL(cpr_outer)
GC_KERNEL(cpr_pushes)
GC_KERNEL(cpr_serial)
GC_KERNEL(cpr_branch)

static const struct gc_kernel kernels[] = {
    {"cpr_components", cpr_components, cpr_components_b},
    {"cpr_before", cpr_before, cpr_before_b},
    {"cpr_outer", cpr_outer, cpr_outer_b},
    {"cpr_pushes", cpr_pushes, cpr_pushes_b},
    {"cpr_serial", cpr_serial, cpr_serial_b},
    {"cpr_branch", cpr_branch, cpr_branch_b},
};

int main(void) {
    const int sizes[] = {1, 2, 5, 9};
    int nk = (int)(sizeof kernels / sizeof kernels[0]);
    gc_check_kernels(kernels, nk, sizes, 4, 2);
    for (int q = 0; q < nk; q++)
        gc_check_direction(&kernels[q], 20000, -1.0, 1.0, 11);
    return gc_finish();
}
