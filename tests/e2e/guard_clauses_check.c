/* Checks steps_b and squares_b (guard_clauses.c): y is updated in place, so
 * each evaluation starts from the same y0; x_b is checked against central
 * finite differences of dot(w, y(x)) for a random seed w in y_b, and for
 * n = 1 (the guard returns) the gradient leaves y and x_b alone. */
#include "gradcheck.h"

void steps(int n, const double *x, double *y);
void steps_b(int n, const double *x, double *x_b, double *y, double *y_b);
void squares(int n, const double *x, double *y);
void squares_b(int n, const double *x, double *x_b, double *y, double *y_b);

typedef void (*primal_fn)(int, const double *, double *);
typedef void (*gradient_fn)(int, const double *, double *, double *, double *);

enum { N = 13 };

struct ctx {
    primal_fn f;
    int n;
    double *x, *w, *y0, *y;
};

static double eval(void *p) {
    struct ctx *c = p;
    memcpy(c->y, c->y0, sizeof(double) * (size_t)c->n);
    c->f(c->n, c->x, c->y);
    return gc_dot(c->w, c->y, c->n);
}

static void check(const char *name, primal_fn f, gradient_fn f_b, int n, uint64_t seed) {
    char what[160];
    gc_seed(seed);
    double *x = gc_alloc(N), *w = gc_alloc(N), *y0 = gc_alloc(N), *y = gc_alloc(N);
    double *yref = gc_alloc(N), *x_b = gc_alloc(N), *y_b = gc_alloc(N), *fd = gc_alloc(N);
    gc_fill(x, n, -1.5, 1.5);
    gc_fill(w, n, -1.0, 1.0);
    gc_fill(y0, n, -1.0, 1.0);
    memcpy(yref, y0, sizeof(double) * N);
    f(n, x, yref);
    memcpy(y, y0, sizeof(double) * N);
    memcpy(y_b, w, sizeof(double) * N);
    f_b(n, x, x_b, y, y_b);
    snprintf(what, sizeof what, "%s n=%d: y after the gradient vs primal", name, n);
    gc_compare_tol(what, y, yref, n, 1e-13);
    struct ctx c = {f, n, x, w, y0, gc_alloc(N)};
    gc_fd_grad(eval, &c, x, n, fd);
    snprintf(what, sizeof what, "%s n=%d: x_b vs finite differences", name, n);
    gc_compare(what, x_b, fd, n);
    free(x), free(w), free(y0), free(y), free(yref), free(x_b), free(y_b), free(fd), free(c.y);
}

int main(void) {
    for (uint64_t seed = 1; seed <= 3; seed++) {
        check("steps", steps, steps_b, N, seed);
        check("steps", steps, steps_b, 1, seed);
        check("squares", squares, squares_b, N, seed);
        check("squares", squares, squares_b, 1, seed);
    }
    return gc_finish();
}
