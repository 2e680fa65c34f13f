/* Checks vla_outputs.c: after each gradient h holds the primal's final
 * bins, h_b (the seed) is zero, and x_b agrees with central finite
 * differences of J(x) = sum_b seed[b] * h_final[b] (along a random
 * direction at the largest size, past the runtime's thresholds). */
#include "gradcheck.h"

enum { NB = 5, W = 4 };

void rows_add(int n, int nb, const double x[n][4], double h[nb][4]);
void rows_add_b(int n, int nb, const double x[n][4], double x_b[n][4], double h[nb][4],
                double h_b[nb][4]);
#define FLAT_KERNEL(f)                                                                             \
    void f(int n, int nb, const double *x, double h[nb * 4]);                                      \
    void f##_b(int n, int nb, const double *x, double *x_b, double h[nb * 4], double h_b[nb * 4]);
FLAT_KERNEL(rows_flat)
FLAT_KERNEL(rows_min_if)
FLAT_KERNEL(cells_max_if)
FLAT_KERNEL(rows_two)
FLAT_KERNEL(cells_partial)
void cells_max_2d(int n, int nb, const double x[n][4], double h[nb][4]);
void cells_max_2d_b(int n, int nb, const double x[n][4], double x_b[n][4], double h[nb][4],
                    double h_b[nb][4]);

typedef void (*fn)(int n, int nb, const double *x, double *h);
typedef void (*grad)(int n, int nb, const double *x, double *x_b, double *h, double *h_b);

static void rows_add_f(int n, int nb, const double *x, double *h) {
    rows_add(n, nb, (const double(*)[4])x, (double(*)[4])h);
}

static void rows_add_g(int n, int nb, const double *x, double *x_b, double *h, double *h_b) {
    rows_add_b(n, nb, (const double(*)[4])x, (double(*)[4])x_b, (double(*)[4])h, (double(*)[4])h_b);
}

static void cells_max_2d_f(int n, int nb, const double *x, double *h) {
    cells_max_2d(n, nb, (const double(*)[4])x, (double(*)[4])h);
}

static void cells_max_2d_g(int n, int nb, const double *x, double *x_b, double *h, double *h_b) {
    cells_max_2d_b(n, nb, (const double(*)[4])x, (double(*)[4])x_b, (double(*)[4])h,
                   (double(*)[4])h_b);
}

static const struct {
    const char *name;
    fn f;
    grad f_b;
    double h_lo, h_hi; /* the bins' values from before */
} kernels[] = {
    {"rows_add", rows_add_f, rows_add_g, -1.0, 1.0},
    {"rows_flat", rows_flat, rows_flat_b, -1.0, 1.0},
    {"rows_min_if", rows_min_if, rows_min_if_b, -0.5, 2.0},
    {"cells_max_if", cells_max_if, cells_max_if_b, -1.0, 0.3},
    {"rows_two", rows_two, rows_two_b, -0.2, 0.2},
    {"cells_partial", cells_partial, cells_partial_b, -1.0, 1.0},
    {"cells_max_2d", cells_max_2d_f, cells_max_2d_g, -0.5, 0.5},
};

struct objective {
    fn f;
    int n;
    const double *x, *h0, *seed;
    double *work;
};

static double objective(void *p) {
    struct objective *o = p;
    memcpy(o->work, o->h0, sizeof(double) * NB * W);
    o->f(o->n, NB, o->x, o->work);
    double j = 0.0;
    for (int b = 0; b < NB * W; b++)
        j += o->seed[b] * o->work[b];
    return j;
}

static void check_kernel(int q, int n, uint64_t seed) {
    char what[160];
    int m = n * W, nh = NB * W;
    double *x = gc_alloc(m), *fd = gc_alloc(m), *x_b = gc_alloc(m), *s = gc_alloc(nh);
    double *h0 = gc_alloc(nh), *want = gc_alloc(nh), *h = gc_alloc(nh), *h_b = gc_alloc(nh);
    double *work = gc_alloc(nh), *zeros = gc_alloc(nh);
    gc_seed(seed);
    gc_fill(x, m, -1.0, 1.0);
    gc_fill(h0, nh, kernels[q].h_lo, kernels[q].h_hi);
    gc_fill(s, nh, 0.5, 1.5);
    memcpy(want, h0, sizeof want[0] * nh);
    kernels[q].f(n, NB, x, want);
    memcpy(h, h0, sizeof h[0] * nh);
    memcpy(h_b, s, sizeof s[0] * nh);
    memset(x_b, 0, sizeof x_b[0] * m);
    memset(zeros, 0, sizeof zeros[0] * nh);
    kernels[q].f_b(n, NB, x, x_b, h, h_b);
    snprintf(what, sizeof what, "%s n=%d: h after the gradient vs the primal's", kernels[q].name,
             n);
    gc_compare_tol(what, h, want, nh, GC_RTOL_EXACT);
    snprintf(what, sizeof what, "%s n=%d: the seed h_b consumed", kernels[q].name, n);
    gc_compare_tol(what, h_b, zeros, nh, GC_RTOL_EXACT);
    struct objective o = {kernels[q].f, n, x, h0, s, work};
    if (n <= 40) {
        gc_fd_grad(objective, &o, x, m, fd);
        snprintf(what, sizeof what, "%s n=%d: x_b vs finite differences", kernels[q].name, n);
        gc_compare(what, x_b, fd, m);
    } else {
        snprintf(what, sizeof what, "%s n=%d: x_b . v vs finite difference along v",
                 kernels[q].name, n);
        gc_check_along(what, objective, &o, x, m, x_b);
    }
    free(x), free(fd), free(x_b), free(s), free(h0), free(want), free(h), free(h_b);
    free(work), free(zeros);
}

int main(void) {
    const int sizes[] = {1, 2, 7, 40, 20000};
    for (size_t q = 0; q < sizeof kernels / sizeof kernels[0]; q++)
        for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
            for (uint64_t seed = 1; seed <= 2; seed++)
                check_kernel((int)q, sizes[i], seed);
    return gc_finish();
}
