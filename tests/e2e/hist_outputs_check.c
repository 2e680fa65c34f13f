/* Checks hist_outputs.c: after each gradient h holds the histogram's final
 * bins (as the primal leaves them), and x_b and h_b (the adjoint of the
 * bins from before) agree with central finite differences of
 * J(x, h0) = sum_b seed[b] * h_final[b]; at a size past the runtime's
 * threshold for threads, along a random direction. */
#include "gradcheck.h"

typedef void (*hist_fn)(int n, int nb, const double *x, double *h);
typedef void (*hist_grad)(int n, int nb, const double *x, double *x_b, double *h, double *h_b);

#define HIST_KERNEL(f)                                                                             \
    void f(int n, int nb, const double *x, double *h);                                             \
    void f##_b(int n, int nb, const double *x, double *x_b, double *h, double *h_b);
HIST_KERNEL(cell_min)
HIST_KERNEL(cell_max)
HIST_KERNEL(cell_product)
HIST_KERNEL(cell_smax)
HIST_KERNEL(cell_smax_general)
HIST_KERNEL(cell_product_sum)
HIST_KERNEL(cell_min_window)
HIST_KERNEL(cell_max_stored)

static const struct {
    const char *name;
    hist_fn f;
    hist_grad f_b;
    double h_lo, h_hi; /* the bins' values from before */
} kernels[] = {
    {"cell_min", cell_min, cell_min_b, 0.2, 2.0},
    {"cell_max", cell_max, cell_max_b, -1.5, 0.3},
    {"cell_product", cell_product, cell_product_b, 0.5, 1.5},
    {"cell_smax", cell_smax, cell_smax_b, -1.0, 1.0},
    {"cell_smax_general", cell_smax_general, cell_smax_general_b, -1.0, 1.0},
    {"cell_product_sum", cell_product_sum, cell_product_sum_b, 0.5, 1.5},
    {"cell_min_window", cell_min_window, cell_min_window_b, -0.5, 2.0},
    {"cell_max_stored", cell_max_stored, cell_max_stored_b, -0.5, 0.5},
};

enum { NB = 5 };

struct objective {
    hist_fn f;
    int n;
    const double *x, *h0, *seed;
    double *work;
};

/* J with the perturbed component: x[0..n) then h0[0..NB) */
static double objective(void *p) {
    struct objective *o = p;
    memcpy(o->work, o->h0, sizeof(double) * NB);
    o->f(o->n, NB, o->x, o->work);
    double j = 0.0;
    for (int b = 0; b < NB; b++)
        j += o->seed[b] * o->work[b];
    return j;
}

static void check_kernel(int q, int n, uint64_t seed) {
    char what[160];
    int m = n + NB; /* the inputs x and h0, one vector for the differences */
    double *in = gc_alloc(m), *fd = gc_alloc(m), *g = gc_alloc(m), *s = gc_alloc(NB);
    double *want = gc_alloc(NB), *h = gc_alloc(NB), *work = gc_alloc(NB);
    gc_seed(seed);
    gc_fill(in, n, -1.0, 1.0);
    gc_fill(in + n, NB, kernels[q].h_lo, kernels[q].h_hi);
    gc_fill(s, NB, 0.5, 1.5);
    memcpy(want, in + n, sizeof want[0] * NB);
    kernels[q].f(n, NB, in, want);
    memcpy(h, in + n, sizeof h[0] * NB);
    memcpy(g + n, s, sizeof s[0] * NB); /* h_b: the seed in, the adjoint of h0 out */
    kernels[q].f_b(n, NB, in, g, h, g + n);
    snprintf(what, sizeof what, "%s n=%d: h after the gradient vs the primal's", kernels[q].name,
             n);
    gc_compare_tol(what, h, want, NB, GC_RTOL_EXACT);
    struct objective o = {kernels[q].f, n, in, in + n, s, work};
    if (n <= 64) {
        gc_fd_grad(objective, &o, in, m, fd);
        snprintf(what, sizeof what, "%s n=%d: x_b, h_b vs finite differences", kernels[q].name, n);
        gc_compare(what, g, fd, m);
    } else {
        snprintf(what, sizeof what, "%s n=%d: (x_b, h_b) . v vs finite difference along v",
                 kernels[q].name, n);
        gc_check_along(what, objective, &o, in, m, g);
    }
    free(in), free(fd), free(g), free(s), free(want), free(h), free(work);
}

int main(void) {
    const int sizes[] = {1, 2, 7, 40, 20000};
    for (size_t q = 0; q < sizeof kernels / sizeof kernels[0]; q++)
        for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
            for (uint64_t seed = 1; seed <= 2; seed++)
                check_kernel((int)q, sizes[i], seed);
    return gc_finish();
}
