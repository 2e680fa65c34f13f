/* Checks the gradients of c89_alloc.c against central finite
 * differences at 1 to 40 elements, and along a random direction at 20000
 * (past the threshold for threads); c89_rows' through a random seed of
 * its output y, and the y it leaves. */
#include "gradcheck.h"

GC_KERNEL(c89_alloc)

void c89_rows(int n, const double *x, double *y);
void c89_rows_b(int n, const double *x, double *x_b, double *y, double *y_b);

struct ctx {
    int n;
    double *x, *w, *y;
};

static double eval(void *p) {
    struct ctx *c = p;
    c89_rows(c->n, c->x, c->y);
    return gc_dot(c->w, c->y, c->n);
}

static void check_rows(int n) {
    char what[80];
    double *x = gc_alloc(n), *w = gc_alloc(n), *y = gc_alloc(n), *yref = gc_alloc(n);
    double *y_b = gc_alloc(n), *x_b = gc_alloc(n), *fd = gc_alloc(n);
    gc_fill(x, n, -1.0, 1.0);
    gc_fill(w, n, -1.0, 1.0);
    memcpy(y_b, w, sizeof(double) * (size_t)n);
    c89_rows(n, x, yref);
    c89_rows_b(n, x, x_b, y, y_b);
    snprintf(what, sizeof what, "c89_rows n=%d: y", n);
    gc_compare_tol(what, y, yref, n, GC_RTOL_EXACT);
    struct ctx c = {n, x, w, gc_alloc(n)};
    gc_fd_grad(eval, &c, x, n, fd);
    snprintf(what, sizeof what, "c89_rows n=%d: x_b", n);
    gc_compare(what, x_b, fd, n);
    free(x), free(w), free(y), free(yref), free(y_b), free(x_b), free(fd), free(c.y);
}

int main(void) {
    static const struct gc_kernel k[] = {{"c89_alloc", c89_alloc, c89_alloc_b}};
    const int sizes[] = {1, 2, 7, 40};
    for (int i = 0; i < 4; i++)
        check_rows(sizes[i]);
    return gc_main_kernels(k, 1, 20000);
}
