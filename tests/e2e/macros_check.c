/* Checks the gradients of macros.c against central finite differences at
 * several sizes. */
#include "gradcheck.h"

GC_KERNEL(flat_rows)
GC_KERNEL(grid_energy)

int main(void) {
    static const struct gc_kernel kernels[] = {
        {"flat_rows", flat_rows, flat_rows_b},
        {"grid_energy", grid_energy, grid_energy_b},
    };
    static const int sizes[] = {2, 3, 5, 9, 33};
    gc_check_kernels(kernels, 2, sizes, 5, 2);
    return gc_finish();
}
