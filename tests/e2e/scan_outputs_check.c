/* Checks the gradients of scan_outputs.c (scans whose prefixes the return
 * sweep reads back from the array the loop stores them in, and the cases
 * next to them where it may not) against central finite differences at
 * small sizes (one element included), and at a size where the scans run
 * in parallel blocks, the gradient's dot product with a random direction
 * against the finite difference along it. */
#include "gradcheck.h"

GC_KERNEL(prod_inclusive)
GC_KERNEL(min_inclusive)
GC_KERNEL(max_from_top)
GC_KERNEL(affine_offset)
GC_KERNEL(prod_exclusive)
GC_KERNEL(prod_overwritten)
GC_KERNEL(prod_updated_again)
GC_KERNEL(min_conditional)
GC_KERNEL(prod_in_steps)
GC_KERNEL(prod_columns)

static const struct gc_kernel kernels[] = {
    {"prod_inclusive", prod_inclusive, prod_inclusive_b},
    {"min_inclusive", min_inclusive, min_inclusive_b},
    {"max_from_top", max_from_top, max_from_top_b},
    {"affine_offset", affine_offset, affine_offset_b},
    {"prod_exclusive", prod_exclusive, prod_exclusive_b},
    {"prod_overwritten", prod_overwritten, prod_overwritten_b},
    {"prod_updated_again", prod_updated_again, prod_updated_again_b},
    {"min_conditional", min_conditional, min_conditional_b},
    {"prod_in_steps", prod_in_steps, prod_in_steps_b},
    {"prod_columns", prod_columns, prod_columns_b},
};

void prod_columns_out(int n, const double *x, double *y);
void prod_columns_out_b(int n, const double *x, double *x_b, double *y, double *y_b);

/* prod_columns_out: f(x) = w . y(x) for random weights w, the seed y_b */
struct weighted {
    int n;
    const double *x, *w;
    double *y;
};

static double weighted_outputs(void *ctx) {
    struct weighted *c = ctx;
    prod_columns_out(c->n, c->x, c->y);
    double f = 0.0;
    for (int i = 0; i < c->n / 4 * 4; i++)
        f += c->w[i] * c->y[i];
    return f;
}

static void check_columns_out(int n, uint64_t seed) {
    double *x = gc_alloc(n), *x_b = gc_alloc(n), *y = gc_alloc(n), *y_b = gc_alloc(n),
           *w = gc_alloc(n), *fd = gc_alloc(n);
    gc_seed(seed);
    gc_fill(x, n, n > 64 ? -1e-3 : -1.0, n > 64 ? 1e-3 : 1.0);
    gc_fill(w, n, -1.0, 1.0);
    memcpy(y_b, w, sizeof(double) * (size_t)n);
    gc_zero(x_b, n);
    prod_columns_out_b(n, x, x_b, y, y_b);
    struct weighted c = {n, x, w, gc_alloc(n)};
    char what[96];
    snprintf(what, sizeof what, "prod_columns_out n=%d", n);
    if (n > 64) {
        gc_check_along(what, weighted_outputs, &c, x, n, x_b);
    } else {
        gc_fd_grad(weighted_outputs, &c, x, n, fd);
        gc_compare(what, x_b, fd, n);
    }
    int zeroed = 1;
    for (int i = 0; i < n / 4 * 4; i++)
        zeroed &= y_b[i] == 0.0;
    gc_check_value("prod_columns_out: the seed consumed", zeroed, 1.0, 0.0);
}

int main(void) {
    const int sizes[] = {1, 2, 3, 5, 33};
    const int nk = (int)(sizeof kernels / sizeof kernels[0]);
    gc_check_kernels(kernels, nk, sizes, 5, 3);
    /* above the runtime's threshold for a parallel scan; the products'
     * factors near 1 keep them finite */
    for (int q = 0; q < nk; q++) {
        int products = kernels[q].name[0] == 'p';
        gc_check_direction(&kernels[q], 20001, products ? -1e-3 : -1.0, products ? 1e-3 : 1.0, 7);
    }
    const int out_sizes[] = {1, 4, 7, 36, 20004};
    for (int i = 0; i < 5; i++)
        check_columns_out(out_sizes[i], 5 + (uint64_t)i);
    return gc_finish();
}
