/* Checks the gradients of the scans nested in maps, a time loop, a helper
 * and a growing sequential loop (scan_nested.c) against central finite
 * differences. */
#include "gradcheck.h"

GC_KERNEL(scan_rows)
GC_KERNEL(scan_steps)
GC_KERNEL(scan_helper)
GC_KERNEL(scan_growing)

static const struct gc_kernel kernels[] = {
    {"scan_rows", scan_rows, scan_rows_b},
    {"scan_steps", scan_steps, scan_steps_b},
    {"scan_helper", scan_helper, scan_helper_b},
    {"scan_growing", scan_growing, scan_growing_b},
};

int main(void) {
    const int sizes[] = {3, 4, 9, 40};
    gc_check_kernels(kernels, (int)(sizeof kernels / sizeof kernels[0]), sizes, 4, 2);
    return gc_finish();
}
