/* Checks the stencils' gradients against central finite differences at
 * small sizes (blocks shorter than their ends at 3 threads) and along a
 * random direction at a size each thread's block has an inside. */
#include "gradcheck.h"

GC_KERNEL(five_point)
GC_KERNEL(burgers)
GC_KERNEL(vertical)
GC_KERNEL(sweeps)
GC_KERNEL(jacobi_2d)

static const struct gc_kernel kernels[] = {
    {"five_point", five_point, five_point_b}, {"burgers", burgers, burgers_b},
    {"vertical", vertical, vertical_b},       {"sweeps", sweeps, sweeps_b},
    {"jacobi_2d", jacobi_2d, jacobi_2d_b},
};

int main(void) {
    const int sizes[] = {9, 10, 16, 31};
    int nk = (int)(sizeof kernels / sizeof kernels[0]);
    gc_check_kernels(kernels, nk, sizes, 4, 2);
    for (int q = 0; q < nk; q++)
        gc_check_direction(&kernels[q], 30000, -1.0, 1.0, 11);
    return gc_finish();
}
