/* Checks the gradients of guarded_writes.c against central finite
 * differences, and along a random direction. */
#include "gradcheck.h"

GC_KERNEL(gw_two_bounds)
GC_KERNEL(gw_checked_index)

static const struct gc_kernel kernels[] = {
    {"gw_two_bounds", gw_two_bounds, gw_two_bounds_b},
    {"gw_checked_index", gw_checked_index, gw_checked_index_b},
};

int main(void) {
    return gc_main_kernels(kernels, (int)(sizeof kernels / sizeof kernels[0]), 20000);
}
