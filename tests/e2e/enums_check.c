/* Checks enums.c (enum parameters, fields and locals) against central
 * finite differences. */
#include "gradcheck.h"

enum activation { ACT_TANH, ACT_LEAKY, ACT_SOFTPLUS };
typedef enum { LOSS_SQUARED = 1, LOSS_HUBER = 2 } loss_kind;
typedef struct {
    loss_kind loss;
    double delta;
    const char *name;
} settings;

double fit(int n, const double *x, const double *y, const double *w, enum activation act,
           const settings *s);
double fit_b(int n, const double *x, double *x_b, const double *y, const double *w, double *w_b,
             enum activation act, const settings *s, double seed);
double phases(int n, const double *x, loss_kind k);
double phases_b(int n, const double *x, double *x_b, loss_kind k, double seed);

enum { N = 60, NF = 3 };

struct ctx {
    double *x, *y, *w;
    enum activation act;
    settings s;
};

static double eval_fit(void *p) {
    struct ctx *c = p;
    return fit(N, c->x, c->y, c->w, c->act, &c->s);
}
static double eval_phases(void *p) {
    struct ctx *c = p;
    return phases(N, c->x, c->s.loss);
}

int main(void) {
    gc_seed(9);
    struct ctx c = {
        gc_alloc(N * NF), gc_alloc(N), gc_alloc(NF), ACT_TANH, {LOSS_SQUARED, 0.3, "fit"}};
    gc_fill(c.x, N * NF, -1.0, 1.0);
    gc_fill(c.y, N, -0.5, 0.5);
    c.w[0] = 0.7, c.w[1] = -0.4, c.w[2] = 0.9;
    double *gx = gc_alloc(N * NF), *fdx = gc_alloc(N * NF), gw[NF], fdw[NF];
    for (int a = 0; a < 3; a++)
        for (int l = 1; l <= 2; l++) {
            c.act = (enum activation)a;
            c.s.loss = (loss_kind)l;
            gc_zero(gx, N * NF);
            gc_zero(gw, NF);
            double r = fit_b(N, c.x, gx, c.y, c.w, gw, c.act, &c.s, 1.0);
            char what[80];
            snprintf(what, sizeof what, "fit_b (act %d, loss %d) return value", a, l);
            gc_check_value(what, r, eval_fit(&c), GC_RTOL_EXACT);
            gc_fd_grad(eval_fit, &c, c.x, N * NF, fdx);
            gc_fd_grad(eval_fit, &c, c.w, NF, fdw);
            snprintf(what, sizeof what, "fit (act %d, loss %d): x_b vs finite differences", a, l);
            gc_compare(what, gx, fdx, N * NF);
            snprintf(what, sizeof what, "fit (act %d, loss %d): w_b vs finite differences", a, l);
            gc_compare(what, gw, fdw, NF);
            gc_check_nonzero(what, gw, NF);
        }
    gc_zero(gx, N);
    double r = phases_b(N, c.x, gx, c.s.loss, 1.0);
    gc_check_value("phases_b return value", r, eval_phases(&c), GC_RTOL_EXACT);
    gc_fd_grad(eval_phases, &c, c.x, N, fdx);
    gc_compare("phases: x_b vs finite differences", gx, fdx, N);
    gc_check_nonzero("phases: x_b", gx, N);
    return gc_finish();
}
