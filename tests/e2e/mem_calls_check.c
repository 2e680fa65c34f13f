/* Checks the gradients of mem_calls.c against central finite differences. */
#include "gradcheck.h"

GC_KERNEL(diffuse)
GC_KERNEL(binned_energy)
GC_KERNEL(row_copies)
GC_KERNEL(grid_copies)

int main(void) {
    const struct gc_kernel k[] = {{"diffuse", diffuse, diffuse_b},
                                  {"binned_energy", binned_energy, binned_energy_b},
                                  {"row_copies", row_copies, row_copies_b},
                                  {"grid_copies", grid_copies, grid_copies_b}};
    const int sizes[] = {1, 2, 7, 40};
    gc_check_kernels(k, 4, sizes, 4, 2);
    gc_check_direction(&k[0], 20000, -1.0, 1.0, 5);
    return gc_finish();
}
