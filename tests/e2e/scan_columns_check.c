/* Checks the gradients of the column scans of scan_columns.c against
 * central finite differences at small sizes (no row, one row, a partial
 * row) and along a random direction at a size where the lanes' groups run
 * on threads. */
#include "gradcheck.h"

GC_KERNEL(columns_mul)
GC_KERNEL(columns_add_exclusive)
GC_KERNEL(columns_max_down)
GC_KERNEL(columns_from_bottom)
GC_KERNEL(columns_ema)
GC_KERNEL(columns_scaled)

static const struct gc_kernel kernels[] = {
    {"columns_mul", columns_mul, columns_mul_b},
    {"columns_add_exclusive", columns_add_exclusive, columns_add_exclusive_b},
    {"columns_max_down", columns_max_down, columns_max_down_b},
    {"columns_from_bottom", columns_from_bottom, columns_from_bottom_b},
    {"columns_ema", columns_ema, columns_ema_b},
    {"columns_scaled", columns_scaled, columns_scaled_b},
};

int main(void) {
    const int sizes[] = {7, 9, 14, 36};
    int nk = (int)(sizeof kernels / sizeof kernels[0]);
    gc_check_kernels(kernels, nk, sizes, 4, 2);
    for (int q = 0; q < nk; q++)
        gc_check_direction(&kernels[q], 7000, -1.0, 1.0, 11);
    return gc_finish();
}
