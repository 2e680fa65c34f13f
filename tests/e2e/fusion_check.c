/* Checks the gradients of fusion.c against central finite differences, and
 * along a random direction at a size where the fused scans run on several
 * threads. */
#include "gradcheck.h"

GC_KERNEL(fu_time_steps)
GC_KERNEL(fu_neighbour)
GC_KERNEL(fu_scan_reread)
GC_KERNEL(fu_scan_late)
GC_KERNEL(fu_two_scans)
GC_KERNEL(fu_scan_steps)

static const struct gc_kernel kernels[] = {
    {"fu_time_steps", fu_time_steps, fu_time_steps_b},
    {"fu_neighbour", fu_neighbour, fu_neighbour_b},
    {"fu_scan_reread", fu_scan_reread, fu_scan_reread_b},
    {"fu_scan_late", fu_scan_late, fu_scan_late_b},
    {"fu_two_scans", fu_two_scans, fu_two_scans_b},
    {"fu_scan_steps", fu_scan_steps, fu_scan_steps_b},
};

int main(void) {
    return gc_main_kernels(kernels, (int)(sizeof kernels / sizeof kernels[0]), 20000);
}
