/* Checks the gradients of macros.c against central finite differences at
 * several sizes. */
#include "gradcheck.h"

GC_KERNEL(flat_rows)
GC_KERNEL(grid_energy)
GC_KERNEL(cell_extrema)
GC_KERNEL(peak)

int main(void) {
    static const struct gc_kernel kernels[] = {
        {"flat_rows", flat_rows, flat_rows_b},
        {"grid_energy", grid_energy, grid_energy_b},
        {"cell_extrema", cell_extrema, cell_extrema_b},
        {"peak", peak, peak_b},
    };
    static const int sizes[] = {2, 3, 5, 9, 33};
    gc_check_kernels(kernels, 4, sizes, 5, 2);
    return gc_finish();
}
