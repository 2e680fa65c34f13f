/* Checks the gradients of missing_data.c against central finite
 * differences, with a quarter of the labels NaN (masked_mse), a fifth of
 * the weights and an input infinite (clipped_sum: the gradient's
 * component there is 0, as the finite differences' are), and the values
 * the gradients return. */
#include "gradcheck.h"

double masked_mse(int n, const double *w, const double *x, const double *y);
double masked_mse_b(int n, const double *w, double *w_b, const double *x, double *x_b,
                    const double *y, double seed);
double clipped_sum(int n, const double *w, const double *x, const double *y);
double clipped_sum_b(int n, const double *w, double *w_b, const double *x, double *x_b,
                     const double *y, double seed);

struct ctx {
    int which, n;
    double *w, *x, *y;
};

static double eval(void *p) {
    struct ctx *c = p;
    return c->which ? clipped_sum(c->n, c->w, c->x, c->y) : masked_mse(c->n, c->w, c->x, c->y);
}

static void check(int which, int n) {
    char what[80];
    double w[2] = {0.8, -0.6}, w_b[2] = {0.0, 0.0}, fdw[2];
    double *x = gc_alloc(n), *y = gc_alloc(n), *x_b = gc_alloc(n), *fdx = gc_alloc(n);
    gc_fill(x, n, -1.0, 1.0);
    gc_fill(y, n, -1.0, 1.0);
    for (int i = 0; i < n; i++) {
        if (!which && i % 4 == 1)
            y[i] = NAN;
        if (which && i % 5 == 2)
            y[i] = i % 2 ? INFINITY : -INFINITY;
    }
    if (which && n > 3)
        x[3] = INFINITY; /* (no finite difference through it: its component is 0) */
    struct ctx c = {which, n, w, x, y};
    double f = eval(&c);
    double r =
        which ? clipped_sum_b(n, w, w_b, x, x_b, y, 1.0) : masked_mse_b(n, w, w_b, x, x_b, y, 1.0);
    snprintf(what, sizeof what, "%s n=%d: value", which ? "clipped_sum" : "masked_mse", n);
    gc_require(!isnan(f), "the primal's value is a number");
    gc_check_value(what, r, f, GC_RTOL_EXACT);
    gc_fd_grad(eval, &c, w, 2, fdw);
    snprintf(what, sizeof what, "%s n=%d: w_b", which ? "clipped_sum" : "masked_mse", n);
    gc_compare(what, w_b, fdw, 2);
    for (int i = 0; i < n; i++)
        fdx[i] = isfinite(x[i]) ? gc_fd_one(eval, &c, x, i) : 0.0;
    snprintf(what, sizeof what, "%s n=%d: x_b", which ? "clipped_sum" : "masked_mse", n);
    gc_compare(what, x_b, fdx, n);
    free(x), free(y), free(x_b), free(fdx);
}

int main(void) {
    const int sizes[] = {1, 4, 9, 40, 10000};
    gc_seed(5);
    for (int which = 0; which < 2; which++)
        for (int k = 0; k < 5; k++)
            check(which, sizes[k]);
    return gc_finish();
}
