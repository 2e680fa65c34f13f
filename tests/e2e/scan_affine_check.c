/* Checks the gradients of the linear recurrences in scan_affine.c against
 * central finite differences, at small sizes and (along a random
 * direction) at a size the runtime scans in parallel. */
#include "gradcheck.h"

GC_KERNEL(scan_ema)
GC_KERNEL(scan_returns)
GC_KERNEL(scan_iir)
GC_KERNEL(scan_reset)
GC_KERNEL(reduce_affine)

static const struct gc_kernel kernels[] = {
    {"scan_ema", scan_ema, scan_ema_b},       {"scan_returns", scan_returns, scan_returns_b},
    {"scan_iir", scan_iir, scan_iir_b},       {"scan_reset", scan_reset, scan_reset_b},
    {"reduce_affine", reduce_affine, reduce_affine_b},
};

static void check_direction(const struct gc_kernel *k, int n) {
    char what[128];
    double *x = gc_alloc(n), *x_b = gc_alloc(n), *v = gc_alloc(n), *xp = gc_alloc(n);
    gc_seed(11);
    gc_fill(x, n, -1.0, 1.0);
    gc_fill(v, n, -1.0, 1.0);
    gc_zero(x_b, n);
    double f = k->f(n, x), r = k->f_b(n, x, x_b, 1.0);
    snprintf(what, sizeof what, "%s n=%d: return value", k->name, n);
    gc_check_value(what, r, f, 1e-9);
    double h = 1e-6;
    for (int i = 0; i < n; i++)
        xp[i] = x[i] + h * v[i];
    double fp = k->f(n, xp);
    for (int i = 0; i < n; i++)
        xp[i] = x[i] - h * v[i];
    double fm = k->f(n, xp);
    snprintf(what, sizeof what, "%s n=%d: x_b . v vs finite difference along v", k->name, n);
    gc_check_value(what, gc_dot(x_b, v, n), (fp - fm) / (2 * h), 1e-5);
    free(x), free(x_b), free(v), free(xp);
}

int main(void) {
    const int sizes[] = {1, 2, 6, 31};
    int nk = (int)(sizeof kernels / sizeof kernels[0]);
    gc_check_kernels(kernels, nk, sizes, 4, 2);
    for (int q = 0; q < nk; q++)
        check_direction(&kernels[q], 20000);
    return gc_finish();
}
