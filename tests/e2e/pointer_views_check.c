/* Checks the gradients of pointer_views.c against central finite
 * differences, for several shapes. */
#include "gradcheck.h"

double layer_loss(int n, int m, const double *W, const double *b, const double *x, double *y);
double layer_loss_b(int n, int m, const double *W, double *W_b, const double *b, double *b_b,
                    const double *x, double *x_b, double *y, double seed);
double row_products(int n, int m, const double *A);
double row_products_b(int n, int m, const double *A, double *A_b, double seed);
double walk(int n, const double *x, const double *c);
double walk_b(int n, const double *x, double *x_b, const double *c, double *c_b, double seed);

void scale_walk(int n, const double *x, double *y);
void scale_walk_b(int n, const double *x, double *x_b, double *y, double *y_b);

struct ctx {
    int n, m;
    double *W, *b, *x, *y, *c;
};

static double eval_layer(void *p) {
    struct ctx *c = p;
    return layer_loss(c->n, c->m, c->W, c->b, c->x, c->y);
}

static double eval_rows(void *p) {
    struct ctx *c = p;
    return row_products(c->n, c->m, c->W);
}

static double eval_walk(void *p) {
    struct ctx *c = p;
    return walk(c->n, c->x, c->c);
}

/* The weighted sum of scale_walk's output, c->c the weights, c->b the
 * input y (copied: the function overwrites it). */
static double eval_scale(void *p) {
    struct ctx *c = p;
    memcpy(c->y, c->b, sizeof(double) * (size_t)c->n);
    scale_walk(c->n, c->x, c->y);
    double s = 0.0;
    for (int i = 0; i < c->n; i++)
        s += c->c[i] * c->y[i];
    return s;
}

/* g (the gradient) against finite differences of eval in v (len entries). */
static void check(const char *what, int n, int m, double (*eval)(void *), struct ctx *c, double *v,
                  const double *g, int len) {
    char name[96];
    double *fd = gc_alloc(len);
    gc_fd_grad(eval, c, v, len, fd);
    snprintf(name, sizeof name, "%s n=%d m=%d", what, n, m);
    gc_compare(name, g, fd, len);
    free(fd);
}

static void check_shape(int n, int m) {
    struct ctx c = {n,           m,          gc_alloc(n * m), gc_alloc(n), gc_alloc(m > n ? m : n),
                    gc_alloc(n), gc_alloc(n)};
    double *W_b = gc_alloc(n * m), *b_b = gc_alloc(n), *x_b = gc_alloc(m > n ? m : n),
           *c_b = gc_alloc(n);
    gc_fill(c.W, n * m, -1.0, 1.0);
    gc_fill(c.b, n, -0.5, 0.5);
    gc_fill(c.x, m > n ? m : n, -1.0, 1.0);
    gc_fill(c.c, n, -1.0, 1.0);

    double f = layer_loss(n, m, c.W, c.b, c.x, c.y);
    double r = layer_loss_b(n, m, c.W, W_b, c.b, b_b, c.x, x_b, c.y, 1.0);
    gc_check_value("layer_loss_b return value", r, f, GC_RTOL_EXACT);
    check("layer_loss W_b", n, m, eval_layer, &c, c.W, W_b, n * m);
    check("layer_loss b_b", n, m, eval_layer, &c, c.b, b_b, n);
    check("layer_loss x_b", n, m, eval_layer, &c, c.x, x_b, m);

    gc_zero(W_b, n * m);
    f = row_products(n, m, c.W);
    r = row_products_b(n, m, c.W, W_b, 1.0);
    gc_check_value("row_products_b return value", r, f, GC_RTOL_EXACT);
    check("row_products A_b", n, m, eval_rows, &c, c.W, W_b, n * m);

    gc_zero(x_b, m > n ? m : n);
    f = walk(n, c.x, c.c);
    r = walk_b(n, c.x, x_b, c.c, c_b, 1.0);
    gc_check_value("walk_b return value", r, f, GC_RTOL_EXACT);
    check("walk x_b", n, m, eval_walk, &c, c.x, x_b, n);
    check("walk c_b", n, m, eval_walk, &c, c.c, c_b, n);
    gc_check_nonzero("walk c_b", c_b, n);

    gc_zero(x_b, m > n ? m : n);
    memcpy(c.y, c.b, sizeof(double) * (size_t)n);
    memcpy(b_b, c.c, sizeof(double) * (size_t)n); /* y_b: the weights in, y's gradient out */
    scale_walk_b(n, c.x, x_b, c.y, b_b);
    check("scale_walk x_b", n, m, eval_scale, &c, c.x, x_b, n);
    check("scale_walk y_b", n, m, eval_scale, &c, c.b, b_b, n);
    gc_check_nonzero("scale_walk y_b", b_b, n);

    free(c.W), free(c.b), free(c.x), free(c.y), free(c.c);
    free(W_b), free(b_b), free(x_b), free(c_b);
}

int main(void) {
    static const int shapes[][2] = {{1, 1}, {2, 3}, {5, 4}, {7, 9}, {16, 3}};
    gc_seed(61);
    for (int k = 0; k < 5; k++)
        check_shape(shapes[k][0], shapes[k][1]);
    return gc_finish();
}
