/* Checks hist_bins_wrt.c: h_b (the adjoint of the bins from before, the
 * seed on entry) against central finite differences of
 * J(h0) = sum_b seed[b] * h_final[b], the values data; bins whose value
 * from before stays (no sample below it) keep their seed, the others get
 * 0 (min, max) or the product of their values (*). Also h after the
 * gradient: the primal's final bins. */
#include "gradcheck.h"

typedef void (*hist_fn)(int n, int nb, const int *cell, const double *data, double *h);
typedef void (*hist_grad)(int n, int nb, const int *cell, const double *data, double *h,
                          double *h_b);

#define HIST_KERNEL(f)                                                                             \
    void f(int n, int nb, const int *cell, const double *data, double *h);                         \
    void f##_b(int n, int nb, const int *cell, const double *data, double *h, double *h_b);
HIST_KERNEL(envelope_min)
HIST_KERNEL(envelope_max_rows)
HIST_KERNEL(cell_gain)
HIST_KERNEL(envelope_max_ptr)
HIST_KERNEL(cell_gain_ptr)

static const struct {
    const char *name;
    hist_fn f;
    hist_grad f_b;
    int row;           /* bins a sample reaches */
    double d_lo, d_hi; /* the data */
} kernels[] = {
    {"envelope_min", envelope_min, envelope_min_b, 1, -1.0, 1.0},
    {"envelope_max_rows", envelope_max_rows, envelope_max_rows_b, 3, -1.0, 1.0},
    {"cell_gain", cell_gain, cell_gain_b, 1, 0.5, 1.5},
    {"envelope_max_ptr", envelope_max_ptr, envelope_max_ptr_b, 1, -1.0, 1.0},
    {"cell_gain_ptr", cell_gain_ptr, cell_gain_ptr_b, 1, 0.5, 1.5},
};

struct objective {
    hist_fn f;
    int n, nb;
    const int *cell;
    const double *data, *h0, *seed;
    double *work;
};

/* J at the bins from before h0 (the finite differences perturb them) */
static double objective(void *p) {
    struct objective *o = p;
    memcpy(o->work, o->h0, sizeof(double) * (size_t)o->nb);
    o->f(o->n, o->nb, o->cell, o->data, o->work);
    double j = 0.0;
    for (int b = 0; b < o->nb; b++)
        j += o->seed[b] * o->work[b];
    return j;
}

static void check_kernel(int q, int n, int cells, uint64_t seed) {
    char what[160];
    int row = kernels[q].row, nb = cells * row;
    double *data = gc_alloc(n * row), *h0 = gc_alloc(nb), *s = gc_alloc(nb);
    double *want = gc_alloc(nb), *h = gc_alloc(nb), *h_b = gc_alloc(nb), *fd = gc_alloc(nb);
    double *work = gc_alloc(nb);
    int *cell = malloc(sizeof(int) * (size_t)(n > 0 ? n : 1));
    gc_seed(seed);
    gc_fill(data, n * row, kernels[q].d_lo, kernels[q].d_hi);
    gc_fill(h0, nb, -0.5, 0.5);
    if (kernels[q].d_lo > 0)
        gc_fill(h0, nb, 0.5, 2.0);
    gc_fill(s, nb, 0.5, 1.5);
    for (int i = 0; i < n; i++)
        cell[i] = (int)(gc_uniform(0.0, (double)cells - 1e-9));
    memcpy(want, h0, sizeof(double) * (size_t)nb);
    kernels[q].f(n, nb, cell, data, want);
    memcpy(h, h0, sizeof(double) * (size_t)nb);
    memcpy(h_b, s, sizeof(double) * (size_t)nb);
    kernels[q].f_b(n, nb, cell, data, h, h_b);
    snprintf(what, sizeof what, "%s n=%d cells=%d: h after the gradient vs the primal's",
             kernels[q].name, n, cells);
    gc_compare_tol(what, h, want, nb, GC_RTOL_EXACT);
    struct objective o = {kernels[q].f, n, nb, cell, data, h0, s, work};
    gc_fd_grad(objective, &o, h0, nb, fd);
    snprintf(what, sizeof what, "%s n=%d cells=%d: h_b vs finite differences", kernels[q].name, n,
             cells);
    gc_compare(what, h_b, fd, nb);
    free(data), free(h0), free(s), free(want), free(h), free(h_b), free(fd), free(work);
    free(cell);
}

int main(void) {
    const int sizes[][2] = {{0, 3}, {1, 1}, {2, 4}, {9, 5}, {40, 7}, {3000, 11}, {20000, 40}};
    for (size_t q = 0; q < sizeof kernels / sizeof kernels[0]; q++)
        for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
            for (uint64_t seed = 1; seed <= 2; seed++)
                check_kernel((int)q, sizes[i][0], sizes[i][1], seed);
    return gc_finish();
}
