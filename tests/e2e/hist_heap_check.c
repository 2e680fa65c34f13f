/* Checks hist_heap.c: the gradient wrt the entries x and the bins' values
 * from before against central finite differences of s . h (per component
 * at small sizes, along a random direction at large ones), the bins the
 * gradient writes against the primal's, and the seeds replaced by the
 * adjoint of the bins from before. The large sizes take, at 3 threads,
 * the heap copies (250000 entries into 70000 bins) and atomics (100000
 * into 70000: more copies than updates). */
#include "gradcheck.h"

typedef void (*hist_f)(int n, int nb, const double *x, const int *key, double *h);
typedef void (*hist_b)(int n, int nb, const double *x, double *x_b, const int *key, double *h,
                       double *h_b);
#define KERNEL(f)                                                                                  \
    void f(int n, int nb, const double *x, const int *key, double *h);                             \
    void f##_b(int n, int nb, const double *x, double *x_b, const int *key, double *h, double *h_b);
KERNEL(heap_add)
KERNEL(heap_mul)
KERNEL(heap_max)
KERNEL(heap_rows)

static const struct {
    const char *name;
    hist_f f;
    hist_b f_b;
    double lo, hi; /* the entries' range */
} kernels[] = {
    {"heap_add", heap_add, heap_add_b, -1.0, 1.0},
    {"heap_mul", heap_mul, heap_mul_b, 0.95, 1.05},
    {"heap_max", heap_max, heap_max_b, -1.0, 1.0},
    {"heap_rows", heap_rows, heap_rows_b, -1.0, 1.0},
};

/* x then the bins from before, one vector for the finite differences */
struct ctx {
    int q, n, nb;
    const int *key;
    double *xh, *h, *s;
};

static double eval(void *p) {
    struct ctx *c = p;
    memcpy(c->h, c->xh + c->n, sizeof(double) * (size_t)c->nb);
    kernels[c->q].f(c->n, c->nb, c->xh, c->key, c->h);
    return gc_dot(c->s, c->h, c->nb);
}

static void check(int q, int n, int nb, int along) {
    int m = n + nb;
    double *xh = gc_alloc(m), *h = gc_alloc(nb), *s = gc_alloc(nb), *g = gc_alloc(m);
    double *fd = gc_alloc(m), *hg = gc_alloc(nb);
    int *key = malloc(sizeof(int) * (size_t)(n > 0 ? n : 1));
    gc_fill(xh, n, kernels[q].lo, kernels[q].hi);
    if (q == 1) /* zeros among the factors */
        for (int i = 0; i < n; i += 97)
            xh[i] = 0.0;
    gc_fill(xh + n, nb, 0.5, 1.5);
    gc_fill(s, nb, -1.0, 1.0);
    for (int i = 0; i < n; i++)
        key[i] = (int)(gc_next() % (uint64_t)nb);
    struct ctx c = {q, n, nb, key, xh, h, s};
    gc_zero(g, n);
    memcpy(hg, xh + n, sizeof(double) * (size_t)nb);
    memcpy(g + n, s, sizeof(double) * (size_t)nb); /* h_b: the seed, then h0's adjoint */
    kernels[q].f_b(n, nb, xh, g, key, hg, g + n);
    char what[128];
    if (along) {
        snprintf(what, sizeof what, "%s n=%d nb=%d: gradient along a direction", kernels[q].name, n,
                 nb);
        gc_check_along(what, eval, &c, xh, m, g);
    } else {
        gc_fd_grad(eval, &c, xh, m, fd);
        snprintf(what, sizeof what, "%s n=%d nb=%d: x_b, h_b", kernels[q].name, n, nb);
        gc_compare(what, g, fd, m);
    }
    eval(&c);
    snprintf(what, sizeof what, "%s n=%d nb=%d: bins from the gradient", kernels[q].name, n, nb);
    gc_compare_tol(what, hg, h, nb, 1e-12);
    free(xh), free(h), free(s), free(g), free(fd), free(hg), free(key);
}

int main(void) {
    gc_seed(23);
    for (int q = 0; q < 4; q++) {
        static const int sizes[][2] = {{1, 4}, {2, 4}, {7, 8}, {40, 12}};
        for (int k = 0; k < 4; k++)
            check(q, sizes[k][0], sizes[k][1], 0);
        int nb = q == 1 ? 40000 : 70000;
        check(q, 250000, nb, 1);
        check(q, 100000, nb, 1);
    }
    return gc_finish();
}
