/* Checks the gradients of pointer_choice.c against central finite
 * differences, per component at small sizes (both arrays chosen) and
 * along a random direction at a size where the loops run on threads. */
#include "gradcheck.h"

GC_KERNEL(pc_decl)
GC_KERNEL(pc_assign)
GC_KERNEL(pc_steps)

static const struct gc_kernel kernels[] = {
    {"pc_decl", pc_decl, pc_decl_b},
    {"pc_assign", pc_assign, pc_assign_b},
    {"pc_steps", pc_steps, pc_steps_b},
};

int main(void) {
    const int sizes[] = {1, 2, 5, 9};
    int nk = (int)(sizeof kernels / sizeof kernels[0]);
    gc_check_kernels(kernels, nk, sizes, 4, 2);
    for (int q = 0; q < nk; q++)
        gc_check_direction(&kernels[q], 3000, -1.0, 1.0, 11);
    return gc_finish();
}
