/* Checks const_params.c (parameters passed by address to helpers inside
 * parallel loops) against central finite differences. */
#include "gradcheck.h"

double batch_loss(int n, const double *x, double scale, double shift);
double batch_loss_b(int n, const double *x, double *x_b, double scale, double *scale_b,
                    double shift, double *shift_b, double seed);
void layer(int n, const double *x, double *y, double scale, double curve);
void layer_b(int n, const double *x, double *x_b, double *y, double *y_b, double scale,
             double *scale_b, double curve, double *curve_b);
double weighted(int n, const double *x, double a);
double weighted_b(int n, const double *x, double *x_b, double a, double *a_b, double seed);

enum { N = 300 };

struct ctx {
    double *x, p[2], *y, *seed;
};

static double eval_loss(void *q) {
    struct ctx *c = q;
    return batch_loss(N, c->x, c->p[0], c->p[1]);
}
static double eval_layer(void *q) { /* <seed, y> */
    struct ctx *c = q;
    layer(N, c->x, c->y, c->p[0], c->p[1]);
    return gc_dot(c->seed, c->y, N);
}
static double eval_weighted(void *q) {
    struct ctx *c = q;
    return weighted(N, c->x, c->p[0]);
}

static void compare_params(const char *what, const double *got, gc_func f, struct ctx *c, int np) {
    double fd[2];
    for (int k = 0; k < np; k++)
        fd[k] = gc_fd_one(f, c, c->p, k);
    gc_compare(what, got, fd, np);
}

int main(void) {
    gc_seed(5);
    struct ctx c = {gc_alloc(N), {0.8, 0.3}, gc_alloc(N), gc_alloc(N)};
    gc_fill(c.x, N, -1.5, 1.5);
    gc_fill(c.seed, N, -1.0, 1.0);
    double *g = gc_alloc(N), *fd = gc_alloc(N), pb[2] = {0, 0};

    gc_zero(g, N);
    double r = batch_loss_b(N, c.x, g, c.p[0], &pb[0], c.p[1], &pb[1], 1.0);
    gc_check_value("batch_loss_b return value", r, eval_loss(&c), GC_RTOL_EXACT);
    gc_fd_grad(eval_loss, &c, c.x, N, fd);
    gc_compare("batch_loss: x_b vs finite differences", g, fd, N);
    compare_params("batch_loss: scale_b, shift_b vs finite differences", pb, eval_loss, &c, 2);

    c.p[1] = 0.1;
    double *y = gc_alloc(N), *yb = gc_alloc(N);
    memcpy(yb, c.seed, sizeof(double) * N);
    gc_zero(g, N);
    pb[0] = pb[1] = 0;
    layer_b(N, c.x, g, y, yb, c.p[0], &pb[0], c.p[1], &pb[1]);
    layer(N, c.x, c.y, c.p[0], c.p[1]);
    gc_compare_tol("layer_b: y", y, c.y, N, GC_RTOL_EXACT);
    gc_fd_grad(eval_layer, &c, c.x, N, fd);
    gc_compare("layer: x_b vs finite differences", g, fd, N);
    compare_params("layer: scale_b, curve_b vs finite differences", pb, eval_layer, &c, 2);

    gc_zero(g, N);
    pb[0] = 0;
    r = weighted_b(N, c.x, g, c.p[0], &pb[0], 1.0);
    gc_check_value("weighted_b return value", r, eval_weighted(&c), GC_RTOL_EXACT);
    gc_fd_grad(eval_weighted, &c, c.x, N, fd);
    gc_compare("weighted: x_b vs finite differences", g, fd, N);
    compare_params("weighted: a_b vs finite differences", pb, eval_weighted, &c, 1);
    gc_check_nonzero("weighted: x_b", g, N);
    return gc_finish();
}
