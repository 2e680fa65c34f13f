/* Checks the gradients of header_helpers.c (helpers defined in a header)
 * against central finite differences, and along a random direction at a
 * size where the loops run on several threads. */
#include "gradcheck.h"

GC_KERNEL(hh_poly)
GC_KERNEL(hh_clip)
GC_KERNEL(hh_points)
GC_KERNEL(hh_lse)

static const struct gc_kernel kernels[] = {
    {"hh_poly", hh_poly, hh_poly_b},
    {"hh_clip", hh_clip, hh_clip_b},
    {"hh_points", hh_points, hh_points_b},
    {"hh_lse", hh_lse, hh_lse_b},
};

int main(void) {
    return gc_main_kernels(kernels, (int)(sizeof kernels / sizeof kernels[0]), 20000);
}
