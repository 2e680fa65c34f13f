/* Checks the gradients of reduce_rows.c against central finite
 * differences, and along a random direction at a size where the
 * histograms run on several threads. */
#include "gradcheck.h"

GC_KERNEL(rows_max)
GC_KERNEL(rows_mul)
GC_KERNEL(rows_min)
GC_KERNEL(rows_add)
GC_KERNEL(rows_lse)
GC_KERNEL(rows_break)

static const struct gc_kernel kernels[] = {
    {"rows_max", rows_max, rows_max_b}, {"rows_mul", rows_mul, rows_mul_b},
    {"rows_min", rows_min, rows_min_b}, {"rows_add", rows_add, rows_add_b},
    {"rows_lse", rows_lse, rows_lse_b}, {"rows_break", rows_break, rows_break_b},
};

int main(void) {
    return gc_main_kernels(kernels, (int)(sizeof kernels / sizeof kernels[0]), 20000);
}
