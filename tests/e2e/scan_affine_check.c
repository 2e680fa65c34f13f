/* Checks the gradients of the linear recurrences in scan_affine.c against
 * central finite differences, at small sizes and (along a random
 * direction) at a size the runtime scans in parallel. */
#include "gradcheck.h"

GC_KERNEL(scan_ema)
GC_KERNEL(scan_returns)
GC_KERNEL(scan_iir)
GC_KERNEL(scan_reset)
GC_KERNEL(reduce_affine)
GC_KERNEL(scan_episodes)
GC_KERNEL(scan_const_step)

static const struct gc_kernel kernels[] = {
    {"scan_ema", scan_ema, scan_ema_b},
    {"scan_returns", scan_returns, scan_returns_b},
    {"scan_iir", scan_iir, scan_iir_b},
    {"scan_reset", scan_reset, scan_reset_b},
    {"reduce_affine", reduce_affine, reduce_affine_b},
    {"scan_episodes", scan_episodes, scan_episodes_b},
    {"scan_const_step", scan_const_step, scan_const_step_b},
};

int main(void) {
    const int sizes[] = {1, 2, 6, 31};
    int nk = (int)(sizeof kernels / sizeof kernels[0]);
    gc_check_kernels(kernels, nk, sizes, 4, 2);
    for (int q = 0; q < nk; q++)
        gc_check_direction(&kernels[q], 20000, -1.0, 1.0, 11);
    return gc_finish();
}
