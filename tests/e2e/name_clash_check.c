/* Checks name_clash_b (parameters named like generated names): x_adj and
 * s_b_b against central finite differences. */
#include "gradcheck.h"

enum { N = 9 };

double name_clash(int n, const double *x, const double *x_b, double s_b);
double name_clash_b(int n, const double *x, double *x_adj, const double *x_b, double s_b,
                    double *s_b_b, double name_clash_b_seed);

struct ctx {
    double *x, *w, *s;
};

static double eval(void *p) {
    struct ctx *c = p;
    return name_clash(N, c->x, c->w, c->s[0]);
}

int main(void) {
    gc_seed(9);
    double *x = gc_alloc(N), *w = gc_alloc(N), *s = gc_alloc(1);
    double *x_adj = gc_alloc(N), *s_adj = gc_alloc(1), *fd = gc_alloc(N);
    gc_fill(x, N, -1.0, 1.0);
    gc_fill(w, N, -1.0, 1.0);
    s[0] = 0.7;
    struct ctx c = {x, w, s};
    double want = eval(&c);
    double got = name_clash_b(N, x, x_adj, w, s[0], s_adj, 1.0);
    gc_check_value("name_clash: return value", got, want, GC_RTOL_EXACT);
    gc_fd_grad(eval, &c, x, N, fd);
    gc_compare("x_adj vs finite differences", x_adj, fd, N);
    gc_fd_grad(eval, &c, s, 1, fd);
    gc_compare("s_b_b vs finite differences", s_adj, fd, 1);
    free(x), free(w), free(s), free(x_adj), free(s_adj), free(fd);
    return gc_finish();
}
