/* Checks permuted_counts_b (int_arrays.c) against central finite
 * differences at several sizes. */
#include "gradcheck.h"

double permuted_counts(int n, const double *x);
double permuted_counts_b(int n, const double *x, double *x_b, double seed);

void picked(int n, const double *x, double *y);
void picked_b(int n, const double *x, double *x_b, double *y, double *y_b);

struct picked_ctx {
    int n;
    double *x, *y, *s;
};

static double eval_picked(void *p) {
    struct picked_ctx *c = p;
    picked(c->n, c->x, c->y);
    return gc_dot(c->s, c->y, c->n);
}

/* x_b against finite differences of s . y, and y_b consumed (zero). */
static void check_picked(int n) {
    char what[64];
    double *x = gc_alloc(n), *y = gc_alloc(n), *s = gc_alloc(n), *x_b = gc_alloc(n);
    double *y_b = gc_alloc(n), *fd = gc_alloc(n);
    gc_fill(x, n, -1.0, 1.0);
    gc_fill(s, n, -1.0, 1.0);
    struct picked_ctx c = {n, x, y, s};
    gc_fd_grad(eval_picked, &c, x, n, fd);
    gc_zero(x_b, n);
    memcpy(y_b, s, sizeof(double) * (size_t)n);
    picked_b(n, x, x_b, y, y_b);
    snprintf(what, sizeof what, "picked n=%d: x_b", n);
    gc_compare(what, x_b, fd, n);
    snprintf(what, sizeof what, "picked n=%d: y_b consumed", n);
    gc_check_zero(what, y_b, n);
    free(x), free(y), free(s), free(x_b), free(y_b), free(fd);
}

int main(void) {
    static const int sizes[] = {1, 2, 5, 8, 17};
    for (uint64_t seed = 1; seed <= 3; seed++)
        for (int k = 0; k < 5; k++) {
            char name[64];
            snprintf(name, sizeof name, "permuted_counts n=%d", sizes[k]);
            gc_check_gradient_1(name, permuted_counts, permuted_counts_b, sizes[k], -1.0, 1.0,
                                seed);
        }
    for (int k = 0; k < 5; k++)
        check_picked(sizes[k]);
    return gc_finish();
}
