/* Checks the gradients of scan_recurrence.c against central finite
 * differences, and along a random direction at a size where the scans run
 * on several threads. */
#include "gradcheck.h"

GC_KERNEL(rec_smooth)
GC_KERNEL(rec_inferred)
GC_KERNEL(rec_late_start)
GC_KERNEL(rec_steps)

static const struct gc_kernel kernels[] = {
    {"rec_smooth", rec_smooth, rec_smooth_b},
    {"rec_inferred", rec_inferred, rec_inferred_b},
    {"rec_late_start", rec_late_start, rec_late_start_b},
    {"rec_steps", rec_steps, rec_steps_b},
};

int main(void) {
    return gc_main_kernels(kernels, (int)(sizeof kernels / sizeof kernels[0]), 20000);
}
