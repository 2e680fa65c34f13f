/* Checks relax_b (kept_calls.c): the gradient against central finite
 * differences, and that it prints exactly the lines the primal prints
 * (stdout captured in a temporary file around each call). */
#include "gradcheck.h"

#include <unistd.h>

double relax(int n, int steps, const double *x, double *u);
double relax_b(int n, int steps, const double *x, double *x_b, double *u, double *u_b, double seed);

enum { N = 9, STEPS = 3 };

/* Lines written to stdout by the call, and by the call only. */
static int captured_lines;
static FILE *capture_start(int *saved) {
    fflush(stdout);
    FILE *tmp = tmpfile();
    gc_require(tmp != NULL, "tmpfile");
    *saved = dup(1);
    dup2(fileno(tmp), 1);
    return tmp;
}
static void capture_end(FILE *tmp, int saved) {
    fflush(stdout);
    dup2(saved, 1);
    close(saved);
    rewind(tmp);
    captured_lines = 0;
    for (int c; (c = fgetc(tmp)) != EOF;)
        captured_lines += c == '\n';
    fclose(tmp);
}

struct ctx {
    double *x, *u0, *u;
    int wrt_u;
};

static double eval(void *p) {
    struct ctx *c = p;
    memcpy(c->u, c->u0, sizeof(double) * N);
    int saved;
    FILE *tmp = capture_start(&saved);
    double e = relax(N, STEPS, c->x, c->u);
    capture_end(tmp, saved);
    return e;
}

int main(void) {
    double *x = gc_alloc(N), *u0 = gc_alloc(N), *u = gc_alloc(N), *x_b = gc_alloc(N);
    double *u_b = gc_alloc(N), *fd = gc_alloc(N), *uref = gc_alloc(N);
    gc_seed(7);
    gc_fill(x, N, -1.0, 1.0);
    gc_fill(u0, N, -1.0, 1.0);
    int saved;
    memcpy(uref, u0, sizeof(double) * N);
    FILE *tmp = capture_start(&saved);
    double want = relax(N, STEPS, x, uref);
    capture_end(tmp, saved);
    int primal_lines = captured_lines;
    memcpy(u, u0, sizeof(double) * N);
    tmp = capture_start(&saved);
    double got = relax_b(N, STEPS, x, x_b, u, u_b, 1.0);
    capture_end(tmp, saved);
    gc_check_value("relax: return value", got, want, GC_RTOL_EXACT);
    gc_compare_tol("relax: u after the gradient vs primal", u, uref, N, 1e-13);
    gc_check_value("relax: lines printed by the gradient vs the primal", captured_lines,
                   primal_lines, 0.0);
    gc_check_value("relax: lines printed by the primal", primal_lines, 2 * STEPS + 1, 0.0);
    struct ctx c = {x, u0, gc_alloc(N), 0};
    gc_fd_grad(eval, &c, x, N, fd);
    gc_compare("relax: x_b vs finite differences", x_b, fd, N);
    /* u_b holds d e / d u0 (u is read and overwritten: in wrt and out) */
    gc_fd_grad(eval, &c, u0, N, fd);
    gc_compare("relax: u_b vs finite differences", u_b, fd, N);
    /* n < 2: the message on stderr, no gradient */
    gc_zero(x_b, N);
    gc_check_value("relax n=1: return value", relax_b(1, STEPS, x, x_b, u, u_b, 1.0), 0.0, 0.0);
    gc_check_zero("relax n=1: x_b", x_b, N);
    free(x), free(u0), free(u), free(x_b), free(u_b), free(fd), free(uref), free(c.u);
    return gc_finish();
}
