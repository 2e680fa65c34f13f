/* Checks the gradients of loop_allocations.c against central finite
 * differences. */
#include "gradcheck.h"

GC_KERNEL(row_scratch)
GC_KERNEL(flux_steps)
GC_KERNEL(growing)
GC_KERNEL(grid_steps)
GC_KERNEL(c89_steps)
GC_KERNEL(vla_sizes)

int main(void) {
    const struct gc_kernel k[] = {{"row_scratch", row_scratch, row_scratch_b},
                                  {"flux_steps", flux_steps, flux_steps_b},
                                  {"growing", growing, growing_b},
                                  {"grid_steps", grid_steps, grid_steps_b},
                                  {"c89_steps", c89_steps, c89_steps_b},
                                  {"vla_sizes", vla_sizes, vla_sizes_b}};
    return gc_main_kernels(k, 6, 2000);
}
