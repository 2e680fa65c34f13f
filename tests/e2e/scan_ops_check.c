/* Checks the gradients of the scans in scan_ops.c against central finite
 * differences at small sizes (one element included), products through
 * zeros, minima and maxima away from ties and at a tie (the documented
 * rule: the adjoint goes to the running value), and, at sizes where the
 * runtime scans in parallel, the gradient's dot product with a random
 * direction against the finite difference along it. */
#include "gradcheck.h"

GC_KERNEL(scan_add_inclusive)
GC_KERNEL(scan_add_exclusive)
GC_KERNEL(scan_mul)
GC_KERNEL(scan_min)
GC_KERNEL(scan_max)
GC_KERNEL(scan_branches)
GC_KERNEL(scan_suffix)
GC_KERNEL(scan_in_if)
GC_KERNEL(scan_ternary)

/* "ill-conditioned": at n = 20000 the exclusive sums of exp reach about
 * 2e4, whose cosines and sines take the sums' rounding (which the OpenMP
 * and the CUDA builds do apart, tests/cuda/compare_dumps.c) at 1e-12 of
 * 2e4: the gradients differ by more than 1e-12 of their largest. So do
 * the inclusive sums of squares, about 7e3 at n = 20000: each cosine
 * moves by ~1e-12 where CUB's scan on the GPU associates the sums apart
 * from the sequential loop, and x_b sums 2e4 of them weighted by up to
 * 2e4 (on the H200, 2026-12-04: 3.4e-12 of the largest component). */
static const struct gc_kernel kernels[] = {
    {"scan_add_inclusive (ill-conditioned)", scan_add_inclusive, scan_add_inclusive_b},
    {"scan_add_exclusive (ill-conditioned)", scan_add_exclusive, scan_add_exclusive_b},
    {"scan_mul", scan_mul, scan_mul_b},
    {"scan_min", scan_min, scan_min_b},
    {"scan_max", scan_max, scan_max_b},
    {"scan_branches", scan_branches, scan_branches_b},
    {"scan_suffix", scan_suffix, scan_suffix_b},
    {"scan_in_if", scan_in_if, scan_in_if_b},
    {"scan_ternary", scan_ternary, scan_ternary_b},
};

/* Products through zeros: the gradient of the terms after a zero. */
static void check_zeros(void) {
    enum { N = 9 };
    double x[N], x_b[N], fd[N];
    gc_seed(3);
    gc_fill(x, N, -0.5, 0.5);
    x[2] = -1.0; /* the factor 1 + x[2] is zero */
    x[6] = -1.0; /* and a second one */
    for (int z = 0; z < 2; z++) {
        gc_zero(x_b, N);
        scan_mul_b(N, x, x_b, 1.0);
        struct gc_call_1 c = {scan_mul, N, x};
        gc_fd_grad(gc_eval_1, &c, x, N, fd);
        gc_compare(z ? "scan_mul: one zero factor" : "scan_mul: two zero factors", x_b, fd, N);
        x[6] = 0.25;
    }
}

/* At a tie of fmin the running value keeps the adjoint (the first
 * argument, as the sequential loop keeps it when x[i] < m is false): m is
 * x[0] from the first iteration on, and x[1] == x[0] ties with it. */
static void check_tie(void) {
    double x[3] = {0.5, 0.5, 2.0}, x_b[3] = {0, 0, 0};
    scan_min_b(3, x, x_b, 1.0);
    /* m = x0 throughout: sum(y) + m = x0 * (x0 + x1 + x2) + x0 */
    double want[3] = {2 * x[0] + x[1] + x[2] + 1.0, x[0], x[0]};
    gc_compare_tol("scan_min: a tie keeps the running value", x_b, want, 3, 1e-12);
}

int main(void) {
    const int sizes[] = {1, 2, 5, 33};
    gc_check_kernels(kernels, (int)(sizeof kernels / sizeof kernels[0]), sizes, 4, 2);
    check_zeros();
    check_tie();
    /* above the runtime's threshold for a parallel scan */
    for (int q = 0; q < (int)(sizeof kernels / sizeof kernels[0]); q++) {
        if (kernels[q].f == scan_mul)
            gc_check_direction(&kernels[q], 20000, -1e-4, 1e-4, 7);
        else
            gc_check_direction(&kernels[q], 20000, -1.0, 1.0, 7);
    }
    return gc_finish();
}
