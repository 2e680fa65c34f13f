/* Checks the gradients of entry_checkpoint.c against central finite
 * differences, per component at small sizes and along a random direction
 * at a size where the maps run on threads. */
#include "gradcheck.h"

GC_KERNEL(ec_rows)
GC_KERNEL(ec_history)
GC_KERNEL(ec_sweep)
GC_KERNEL(ec_before)
GC_KERNEL(ec_strip)
GC_KERNEL(ec_one)

static const struct gc_kernel kernels[] = {
    {"ec_rows", ec_rows, ec_rows_b},    {"ec_history", ec_history, ec_history_b},
    {"ec_sweep", ec_sweep, ec_sweep_b}, {"ec_before", ec_before, ec_before_b},
    {"ec_strip", ec_strip, ec_strip_b}, {"ec_one", ec_one, ec_one_b},
};

int main(void) {
    const int sizes[] = {1, 2, 5, 9};
    int nk = (int)(sizeof kernels / sizeof kernels[0]);
    gc_check_kernels(kernels, nk, sizes, 4, 2);
    for (int q = 0; q < nk; q++)
        gc_check_direction(&kernels[q], 3000, -1.0, 1.0, 11);
    return gc_finish();
}
