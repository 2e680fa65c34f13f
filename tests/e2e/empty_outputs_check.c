/* Checks empty_outputs.c's gradients against central finite differences of
 * s . y at small sizes, the seeds consumed, and at n = 0 calls with NULL
 * arrays (nothing may be touched) and with arrays whose seeds must stay. */
#include "gradcheck.h"

void stencil_step(long n, const double *x, double *y);
void stencil_step_b(long n, const double *x, double *x_b, double *y, double *y_b);
void first_scaled(int n, const double *x, double *y);
void first_scaled_b(int n, const double *x, double *x_b, double *y, double *y_b);

struct ctx {
    int which, n;
    double *x, *s, *y;
};

static void gradient(const struct ctx *c, const double *x, double *x_b, double *y, double *y_b) {
    if (c->which == 0)
        stencil_step_b(c->n, x, x_b, y, y_b);
    else
        first_scaled_b(c->n, x, x_b, y, y_b);
}

static double eval(void *p) {
    struct ctx *c = p;
    if (c->which == 0)
        stencil_step(c->n, c->x, c->y);
    else
        first_scaled(c->n, c->x, c->y);
    return gc_dot(c->s, c->y, c->n);
}

static const char *const names[2] = {"stencil_step", "first_scaled"};

static void check(int which, int n) {
    double *x = gc_alloc(n), *s = gc_alloc(n), *y = gc_alloc(n), *x_b = gc_alloc(n);
    double *y_b = gc_alloc(n), *fd = gc_alloc(n);
    gc_fill(x, n, -1.0, 1.0);
    gc_fill(s, n, -1.0, 1.0);
    struct ctx c = {which, n, x, s, y};
    gc_fd_grad(eval, &c, x, n, fd);
    gc_zero(x_b, n);
    memcpy(y_b, s, sizeof(double) * (size_t)n);
    gradient(&c, x, x_b, y, y_b);
    char what[96];
    snprintf(what, sizeof what, "%s n=%d: x_b", names[which], n);
    gc_compare(what, x_b, fd, n);
    snprintf(what, sizeof what, "%s n=%d: y_b consumed", names[which], n);
    gc_check_zero(what, y_b, n);
    free(x), free(s), free(y), free(x_b), free(y_b), free(fd);
}

int main(void) {
    gc_seed(7);
    for (int which = 0; which < 2; which++) {
        static const int sizes[] = {1, 2, 3, 7, 40};
        for (int k = 0; k < 5; k++)
            check(which, sizes[k]);
        /* n = 0: nothing to read or write */
        struct ctx c = {which, 0, NULL, NULL, NULL};
        gradient(&c, NULL, NULL, NULL, NULL);
        double one[1] = {0.5}, one_b[1] = {0.25}, seed[1] = {3.0}, out[1] = {-1.0};
        gradient(&c, one, one_b, out, seed);
        char what[96];
        snprintf(what, sizeof what, "%s n=0: nothing touched", names[which]);
        double got[4] = {one[0], one_b[0], out[0], seed[0]}, want[4] = {0.5, 0.25, -1.0, 3.0};
        gc_compare_tol(what, got, want, 4, GC_RTOL_EXACT);
    }
    return gc_finish();
}
