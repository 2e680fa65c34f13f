/* Checks the gradients of the scans of rows in scan_rows.c against central
 * finite differences, at small sizes (one row, a partial
 * row) and (along a random direction) at a size the columns' scans run
 * in parallel. */
#include "gradcheck.h"

GC_KERNEL(rows_mul)
GC_KERNEL(rows_add_exclusive)
GC_KERNEL(rows_max_min)
GC_KERNEL(rows_ema)
GC_KERNEL(rows_malloc)
GC_KERNEL(rows_reverse)
GC_KERNEL(rows_unannotated)
GC_KERNEL(array_sum_min)
GC_KERNEL(array_down)

static const struct gc_kernel kernels[] = {
    {"rows_mul", rows_mul, rows_mul_b},
    {"rows_add_exclusive", rows_add_exclusive, rows_add_exclusive_b},
    {"rows_max_min", rows_max_min, rows_max_min_b},
    {"rows_ema", rows_ema, rows_ema_b},
    {"rows_malloc", rows_malloc, rows_malloc_b},
    {"rows_reverse", rows_reverse, rows_reverse_b},
    {"rows_unannotated", rows_unannotated, rows_unannotated_b},
    {"array_sum_min", array_sum_min, array_sum_min_b},
    {"array_down", array_down, array_down_b},
};

int main(void) {
    const int sizes[] = {4, 7, 12, 33};
    int nk = (int)(sizeof kernels / sizeof kernels[0]);
    gc_check_kernels(kernels, nk, sizes, 4, 2);
    for (int q = 0; q < nk; q++)
        gc_check_direction(&kernels[q], 8000, -1.0, 1.0, 11);
    return gc_finish();
}
