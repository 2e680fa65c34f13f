/* Checks scan_weights.c's gradients against finite differences. */
#include "gradcheck.h"

double drawdown_loss(int na, int nt, const double *w, const double *price);
double drawdown_loss_b(int na, int nt, const double *w, double *w_b, const double *price,
                       double drawdown_loss_b_seed);
double cumulative_softplus(int nt, int d, const double *w, const double *x, double level);
double cumulative_softplus_b(int nt, int d, const double *w, double *w_b, const double *x,
                             double level, double cumulative_softplus_b_seed);

enum { NA = 5, NT = 301, D = 7 };

struct portfolio {
    double *w, *price;
};

static double eval_drawdown(void *q) {
    struct portfolio *p = q;
    return drawdown_loss(NA, NT, p->w, p->price);
}

static double eval_softplus(void *q) {
    struct portfolio *p = q;
    return cumulative_softplus(NT, D, p->w, p->price, 0.8);
}

int main(void) {
    gc_seed(91);
    /* prices as random walks, so the peak moves and the drawdowns vary */
    struct portfolio p = {gc_alloc(NA), gc_alloc(NA * NT)};
    gc_fill(p.w, NA, 0.1, 0.5);
    for (int k = 0; k < NA; k++) {
        double level = 10.0;
        for (int t = 0; t < NT; t++) {
            level += gc_uniform(-0.5, 0.55);
            p.price[k * NT + t] = level;
        }
    }
    double w_b[NA] = {0}, fd[NA];
    double v = drawdown_loss_b(NA, NT, p.w, w_b, p.price, 1.0);
    gc_check_value("drawdown_loss", v, eval_drawdown(&p), GC_RTOL_EXACT);
    gc_fd_grad(eval_drawdown, &p, p.w, NA, fd);
    gc_compare("drawdown_loss: d / d w", w_b, fd, NA);
    gc_check_nonzero("drawdown_loss", w_b, NA);

    struct portfolio q = {gc_alloc(D), gc_alloc(NT * D)};
    gc_fill(q.w, D, -0.3, 0.3);
    gc_fill(q.price, NT * D, -0.2, 0.25);
    double u_b[D] = {0}, fdu[D];
    v = cumulative_softplus_b(NT, D, q.w, u_b, q.price, 0.8, 1.0);
    gc_check_value("cumulative_softplus", v, eval_softplus(&q), GC_RTOL_EXACT);
    gc_fd_grad(eval_softplus, &q, q.w, D, fdu);
    gc_compare("cumulative_softplus: d / d w", u_b, fdu, D);
    gc_check_nonzero("cumulative_softplus", u_b, D);
    return gc_finish();
}
