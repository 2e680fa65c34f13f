/* Checks the gradients of local_vlas.c against central finite differences,
 * per component at small sizes and along a random direction at a size
 * where the loops run on threads. */
#include "gradcheck.h"

GC_KERNEL(vla_rows)
GC_KERNEL(vla_grid)
GC_KERNEL(vla_points)
GC_KERNEL(vla_steps)
GC_KERNEL(vla_reduce)

static const struct gc_kernel kernels[] = {
    {"vla_rows", vla_rows, vla_rows_b},       {"vla_grid", vla_grid, vla_grid_b},
    {"vla_points", vla_points, vla_points_b}, {"vla_steps", vla_steps, vla_steps_b},
    {"vla_reduce", vla_reduce, vla_reduce_b},
};

int main(void) {
    const int sizes[] = {1, 2, 5, 9};
    int nk = (int)(sizeof kernels / sizeof kernels[0]);
    gc_check_kernels(kernels, nk, sizes, 4, 2);
    for (int q = 0; q < nk; q++)
        if (q != 1) /* (vla_grid's stack array grows with n) */
            gc_check_direction(&kernels[q], 20000, -1.0, 1.0, 11);
    return gc_finish();
}
