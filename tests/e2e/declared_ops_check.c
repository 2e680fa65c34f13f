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

float op_float(int n, const float *x);
float op_float_b(int n, const float *x, float *x_b, float seed);

/* float: x_b against central differences of the float function, in
 * double arithmetic on the differences (h = 1e-2: float rounding) */
static void check_float(int n) {
    float *x = malloc(sizeof(float) * (size_t)n), *x_b = calloc((size_t)n, sizeof(float));
    double *got = gc_alloc(n), *fd = gc_alloc(n);
    gc_seed(17);
    for (int i = 0; i < n; i++)
        x[i] = (float)gc_uniform(-1.0, 1.0);
    float f = op_float(n, x), r = op_float_b(n, x, x_b, 1.0f);
    char what[96];
    snprintf(what, sizeof what, "op_float (float) n=%d: return value", n);
    gc_check_value(what, r, f, 1e-6);
    for (int i = 0; i < n; i++) {
        float s = x[i], h = 1e-2f;
        x[i] = s + h;
        double fp = op_float(n, x);
        x[i] = s - h;
        double fm = op_float(n, x);
        x[i] = s;
        fd[i] = (fp - fm) / (2.0 * h);
        got[i] = x_b[i];
    }
    snprintf(what, sizeof what, "op_float (float) n=%d: x_b vs finite differences", n);
    gc_compare_tol(what, got, fd, n, 2e-3);
    free(x), free(x_b), free(got), free(fd);
}

int main(void) {
    check_float(1);
    check_float(9);
    return gc_main_kernels(kernels, (int)(sizeof kernels / sizeof kernels[0]), 20000);
}
