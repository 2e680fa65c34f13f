/* Checks the gradients of parity_buffers.c (time levels chosen by the
 * step's parity) against central finite differences for 0 to 6 steps, and
 * the values they return against the primal's. */
#include "gradcheck.h"

double parity_heat(int n, int T, const double *x, const double *kappa);
double parity_heat_b(int n, int T, const double *x, double *x_b, const double *kappa,
                     double *kappa_b, double seed);
double parity_rows(int n, int m, int T, const double *x);
double parity_rows_b(int n, int m, int T, const double *x, double *x_b, double seed);
double parity_moved(int n, int T, const double *x);
double parity_moved_b(int n, int T, const double *x, double *x_b, double seed);

enum { N = 8, M = 3 };

struct ctx {
    int which, T;
    double *in; /* x, then kappa (parity_heat) */
};

static double eval(void *p) {
    struct ctx *q = p;
    if (q->which == 0)
        return parity_heat(N, q->T, q->in, q->in + N);
    if (q->which == 1)
        return parity_rows(N, M, q->T, q->in);
    return parity_moved(N, q->T, q->in);
}

static double gradient(struct ctx *q, double *g) {
    if (q->which == 0)
        return parity_heat_b(N, q->T, q->in, g, q->in + N, g + N, 1.0);
    if (q->which == 1)
        return parity_rows_b(N, M, q->T, q->in, g, 1.0);
    return parity_moved_b(N, q->T, q->in, g, 1.0);
}

int main(void) {
    static const char *names[3] = {"parity_heat", "parity_rows", "parity_moved"};
    static const int inputs[3] = {2 * N, N * M, N};
    gc_seed(83);
    for (int which = 0; which < 3; which++)
        for (int T = 0; T <= 6; T++) {
            int m = inputs[which];
            struct ctx q = {which, T, gc_alloc(m)};
            double *g = gc_alloc(m), *fd = gc_alloc(m);
            char what[96];
            gc_fill(q.in, m, -1.0, 1.0);
            if (which == 0)
                gc_fill(q.in + N, N, 0.05, 0.2); /* kappa: a stable step */
            double f = eval(&q);
            gc_zero(g, m);
            double r = gradient(&q, g);
            snprintf(what, sizeof what, "%s_b value, T = %d", names[which], T);
            gc_check_value(what, r, f, GC_RTOL_EXACT);
            gc_fd_grad(eval, &q, q.in, m, fd);
            snprintf(what, sizeof what, "%s gradient vs finite differences, T = %d", names[which],
                     T);
            gc_compare(what, g, fd, m);
            free(q.in), free(g), free(fd);
        }
    return gc_finish();
}
