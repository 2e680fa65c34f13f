/* Checks the gradients of the sequential fallbacks of pragma_fallbacks.c
 * against central finite differences. */
#include "gradcheck.h"

GC_KERNEL(hist_triangle)
GC_KERNEL(lse_two)
GC_KERNEL(scan_two)
GC_KERNEL(hist_view)
GC_KERNEL(scan_rows_helper)
GC_KERNEL(scan_unchanged)

static const struct gc_kernel kernels[] = {
    {"hist_triangle", hist_triangle, hist_triangle_b},
    {"lse_two", lse_two, lse_two_b},
    {"scan_two", scan_two, scan_two_b},
    {"hist_view", hist_view, hist_view_b},
    {"scan_rows_helper", scan_rows_helper, scan_rows_helper_b},
    {"scan_unchanged", scan_unchanged, scan_unchanged_b},
};

int main(void) {
    const int sizes[] = {2, 7, 30};
    int nk = (int)(sizeof kernels / sizeof kernels[0]);
    gc_check_kernels(kernels, nk, sizes, 3, 2);
    for (int q = 0; q < nk; q++)
        gc_check_direction(&kernels[q], 5000, -1.0, 1.0, 11);
    return gc_finish();
}
