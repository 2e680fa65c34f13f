/* Checks the weights' adjoints of weight_partials.c against finite
 * differences: sizes one thread runs alone, and enough samples that the
 * threads' partial sums run (the t3 runs, PARGRAD_MIN_PARALLEL=1 in
 * t3_small). */
#include "gradcheck.h"

typedef struct {
    int k, d;
    const double *w;
    const double *bias;
} Linear;

double vla_loss(int n, int k, int d, const double *x, const double W[k][d]);
double vla_loss_b(int n, int k, int d, const double *x, const double W[k][d], double W_b[k][d],
                  double vla_loss_b_seed);
double rows_loss(int n, int d, const double *x, const double (*V)[8]);
double rows_loss_b(int n, int d, const double *x, const double (*V)[8], double (*V_b)[8],
                   double rows_loss_b_seed);
void linear_tanh(int n, const Linear *L, const double *x, double *y);
void linear_tanh_b(int n, const Linear *L, Linear *L_b, const double *x, double *y, double *y_b);

struct run {
    int n, k, d;
    double *x, *w, *bias, *y, *seed;
};

static double eval_vla(void *p) {
    struct run *r = p;
    return vla_loss(r->n, r->k, r->d, r->x, (const double(*)[r->d])r->w);
}

static double eval_rows(void *p) {
    struct run *r = p;
    return rows_loss(r->n, r->k, r->x, (const double(*)[8])r->w);
}

/* y . seed, the function whose gradient linear_tanh_b gives for y_b = seed */
static double eval_linear(void *p) {
    struct run *r = p;
    Linear L = {r->k, r->d, r->w, r->bias};
    linear_tanh(r->n, &L, r->x, r->y);
    return gc_dot(r->y, r->seed, r->n);
}

static void check(int n, int k, int d) {
    char what[128];
    int nw = k * (d > 8 ? d : 8);
    struct run r = {
        n,           k,           d,          gc_alloc(n * (d > 8 ? d : 8)), gc_alloc(nw),
        gc_alloc(k), gc_alloc(n), gc_alloc(n)};
    double *w_b = gc_alloc(nw), *bias_b = gc_alloc(k), *fd = gc_alloc(nw), *y_b = gc_alloc(n);
    gc_fill(r.x, n * (d > 8 ? d : 8), -1.0, 1.0);
    gc_fill(r.w, nw, -0.5, 0.5);
    gc_fill(r.bias, k, -0.3, 0.3);
    gc_fill(r.seed, n, -1.0, 1.0);

    gc_zero(w_b, nw);
    double v = vla_loss_b(n, k, d, r.x, (const double(*)[d])r.w, (double(*)[d])w_b, 1.0);
    snprintf(what, sizeof what, "vla_loss n=%d %dx%d", n, k, d);
    gc_check_value(what, v, eval_vla(&r), GC_RTOL_EXACT);
    gc_fd_grad(eval_vla, &r, r.w, k * d, fd);
    gc_compare(what, w_b, fd, k * d);
    gc_check_nonzero(what, w_b, k * d);

    gc_zero(w_b, nw);
    v = rows_loss_b(n, k, r.x, (const double(*)[8])r.w, (double(*)[8])w_b, 1.0);
    snprintf(what, sizeof what, "rows_loss n=%d %dx8", n, k);
    gc_check_value(what, v, eval_rows(&r), GC_RTOL_EXACT);
    gc_fd_grad(eval_rows, &r, r.w, k * 8, fd);
    gc_compare(what, w_b, fd, k * 8);
    gc_check_nonzero(what, w_b, k * 8);

    gc_zero(w_b, nw), gc_zero(bias_b, k);
    memcpy(y_b, r.seed, sizeof(double) * (size_t)n);
    Linear L = {k, d, r.w, r.bias}, L_b = {k, d, w_b, bias_b};
    linear_tanh_b(n, &L, &L_b, r.x, r.y, y_b);
    snprintf(what, sizeof what, "linear_tanh n=%d %dx%d: w", n, k, d);
    gc_fd_grad(eval_linear, &r, r.w, k * d, fd);
    gc_compare(what, w_b, fd, k * d);
    gc_check_nonzero(what, w_b, k * d);
    snprintf(what, sizeof what, "linear_tanh n=%d %dx%d: bias", n, k, d);
    gc_fd_grad(eval_linear, &r, r.bias, k, fd);
    gc_compare(what, bias_b, fd, k);
    gc_check_zero("linear_tanh: y_b consumed", y_b, n);
    free(r.x), free(r.w), free(r.bias), free(r.y), free(r.seed), free(w_b), free(bias_b), free(fd);
    free(y_b);
}

int main(void) {
    gc_seed(72);
    check(1, 1, 1);
    check(7, 3, 5);
    check(400, 4, 6);
    return gc_finish();
}
