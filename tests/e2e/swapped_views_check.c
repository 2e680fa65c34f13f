/* Checks the gradients of swapped_views.c (pointers swapped within one
 * array; a while loop with continue) against central finite differences
 * for 0 to 7 steps. */
#include "gradcheck.h"

double halves(int n, int T, const double *x);
double halves_b(int n, int T, const double *x, double *x_b, double seed);
double thirds(int n, int T, const double *x);
double thirds_b(int n, int T, const double *x, double *x_b, double seed);
double wcont(int n, int T, int skip, const double *x, double u[n], double w[n]);
double wcont_b(int n, int T, int skip, const double *x, double *x_b, double u[n], double w[n],
               double seed);

enum { N = 9 };

struct ctx {
    int which, T;
    double *x, *u, *w;
};

static double eval(void *p) {
    struct ctx *q = p;
    gc_fill(q->u, N, -3.0, 3.0);
    gc_fill(q->w, N, -3.0, 3.0);
    if (q->which == 0)
        return halves(N, q->T, q->x);
    if (q->which == 1)
        return thirds(N, q->T, q->x);
    return wcont(N, q->T, 3, q->x, q->u, q->w);
}

static double gradient(struct ctx *q, double *g) {
    gc_fill(q->u, N, -3.0, 3.0);
    gc_fill(q->w, N, -3.0, 3.0);
    if (q->which == 0)
        return halves_b(N, q->T, q->x, g, 1.0);
    if (q->which == 1)
        return thirds_b(N, q->T, q->x, g, 1.0);
    return wcont_b(N, q->T, 3, q->x, g, q->u, q->w, 1.0);
}

int main(void) {
    static const char *names[3] = {"halves", "thirds", "wcont"};
    gc_seed(61);
    for (int which = 0; which < 3; which++)
        for (int T = 0; T <= 7; T++) {
            struct ctx q = {which, T, gc_alloc(N), gc_alloc(N), gc_alloc(N)};
            double *g = gc_alloc(N), *fd = gc_alloc(N);
            char what[96];
            gc_fill(q.x, N, -1.0, 1.0);
            double f = eval(&q);
            gc_zero(g, N);
            double r = gradient(&q, g);
            snprintf(what, sizeof what, "%s_b value, T = %d", names[which], T);
            gc_check_value(what, r, f, GC_RTOL_EXACT);
            gc_fd_grad(eval, &q, q.x, N, fd);
            snprintf(what, sizeof what, "%s x_b vs finite differences, T = %d", names[which], T);
            gc_compare(what, g, fd, N);
            gc_check_nonzero(names[which], g, N);
            free(q.x), free(q.u), free(q.w), free(g), free(fd);
        }
    return gc_finish();
}
