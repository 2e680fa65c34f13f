/* Checks interior_b (generated from out_partial.c); see out_partial.c. */
#include "gradcheck.h"

void interior(int n, const double *x, double *y);
void interior_b(int n, const double *x, double *x_b, double *y, double *y_b);

enum { N = 40 };

struct ctx {
    double *x, *s, *y;
};

static double eval(void *p) {
    struct ctx *c = p;
    interior(N, c->x, c->y);
    return gc_dot(c->s, c->y, N);
}

int main(void) {
    gc_seed(33);
    double *x = gc_alloc(N), *s = gc_alloc(N), *y = gc_alloc(N), *yref = gc_alloc(N);
    double *tmp = gc_alloc(N), *x_b = gc_alloc(N), *y_b = gc_alloc(N), *fd = gc_alloc(N);
    gc_fill(x, N, -1.0, 1.0);
    gc_fill(s, N, -1.0, 1.0);
    gc_fill(y, N, -2.0, 2.0);
    memcpy(yref, y, sizeof(double) * N);
    interior(N, x, yref);

    gc_zero(x_b, N);
    memcpy(y_b, s, sizeof(double) * N);
    interior_b(N, x, x_b, y, y_b);
    gc_compare_tol("y after interior_b vs primal", y, yref, N, 1e-13);
    /* The seeds of the elements the function writes (and of those below
     * them) are consumed. y_b[N-1] lies beyond every element interior()
     * touches: pargrad cannot know y has it, and must not write there. */
    gc_check_zero("y_b after interior_b (consumed, elements 0..N-2)", y_b, N - 1);
    gc_check_value("y_b[N-1], beyond what interior() touches, untouched", y_b[N - 1], s[N - 1], 0);
    struct ctx c = {x, s, tmp};
    gc_fd_grad(eval, &c, x, N, fd);
    gc_compare("x_b vs finite differences of s.y", x_b, fd, N);
    gc_check_nonzero("x_b", x_b, N);

    free(x), free(s), free(y), free(yref), free(tmp), free(x_b), free(y_b), free(fd);
    return gc_finish();
}
