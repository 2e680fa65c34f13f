/* Checks the gradients of the column scans of scan_columns.c against
 * central finite differences at small sizes (no row, one row, a partial
 * row; two to six rows of the wide ones) and along a random direction at
 * a size where the lanes' groups run on threads. */
#include "gradcheck.h"

GC_KERNEL(columns_mul)
GC_KERNEL(columns_add_exclusive)
GC_KERNEL(columns_max_down)
GC_KERNEL(columns_from_bottom)
GC_KERNEL(columns_ema)
GC_KERNEL(columns_scaled)
GC_KERNEL(columns_wide48)
GC_KERNEL(columns_wide16)

static const struct gc_kernel kernels[] = {
    {"columns_mul", columns_mul, columns_mul_b},
    {"columns_add_exclusive", columns_add_exclusive, columns_add_exclusive_b},
    {"columns_max_down", columns_max_down, columns_max_down_b},
    {"columns_from_bottom", columns_from_bottom, columns_from_bottom_b},
    {"columns_ema", columns_ema, columns_ema_b},
    {"columns_scaled", columns_scaled, columns_scaled_b},
    {"columns_wide48", columns_wide48, columns_wide48_b},
    {"columns_wide16", columns_wide16, columns_wide16_b},
};

int main(void) {
    const int sizes[] = {7, 9, 14, 36};
    /* the wide ones' rows: none is no gradient at all */
    const int wide_sizes[] = {96, 100, 150, 200};
    int nk = (int)(sizeof kernels / sizeof kernels[0]);
    gc_check_kernels(kernels, nk - 2, sizes, 4, 2);
    gc_check_kernels(kernels + nk - 2, 2, wide_sizes, 4, 2);
    for (int q = 0; q < nk; q++)
        gc_check_direction(&kernels[q], 7000, -1.0, 1.0, 11);
    return gc_finish();
}
