/* Checks the gradients of declared_ops.c against central finite
 * differences, and along a random direction at a size where the scans and
 * reductions run on several threads. */
#include "gradcheck.h"

GC_KERNEL(op_lse_inverse)
GC_KERNEL(op_lse_general)
GC_KERNEL(op_norm)
GC_KERNEL(op_scan)
GC_KERNEL(op_scan_inferred)
GC_KERNEL(op_two_updates)
GC_KERNEL(op_rows)
GC_KERNEL(op_steps)
GC_KERNEL(op_hist_lse)
GC_KERNEL(op_hist_pp)
GC_KERNEL(op_hist_rows)
GC_KERNEL(op_hist_many)
GC_KERNEL(op_hist_general)
GC_KERNEL(op_hist_general_many)

static const struct gc_kernel kernels[] = {
    {"op_lse_inverse", op_lse_inverse, op_lse_inverse_b},
    {"op_lse_general", op_lse_general, op_lse_general_b},
    {"op_norm", op_norm, op_norm_b},
    {"op_scan", op_scan, op_scan_b},
    {"op_scan_inferred", op_scan_inferred, op_scan_inferred_b},
    {"op_two_updates", op_two_updates, op_two_updates_b},
    {"op_rows", op_rows, op_rows_b},
    {"op_steps", op_steps, op_steps_b},
    {"op_hist_lse", op_hist_lse, op_hist_lse_b},
    {"op_hist_pp", op_hist_pp, op_hist_pp_b},
    {"op_hist_rows", op_hist_rows, op_hist_rows_b},
    {"op_hist_many", op_hist_many, op_hist_many_b},
    {"op_hist_general", op_hist_general, op_hist_general_b},
    {"op_hist_general_many", op_hist_general_many, op_hist_general_many_b},
};

int main(void) {
    return gc_main_kernels(kernels, (int)(sizeof kernels / sizeof kernels[0]), 20000);
}
