/* Checks inplace_sums.c: each gradient against central finite differences
 * of s . outputs (+ the return value) over every active input (arrays
 * updated in place included: their values before the call), the outputs
 * the gradient writes against the primal's (a sum added twice, or a
 * restored array not recomputed, shows there), and the seeds of outputs
 * not in wrt zeroed. Sizes 1..12 per component; along a direction rowprod
 * at n = 48 (threads for its 48 rows in the t3_small run), the others at
 * 20000. */
#include "gradcheck.h"

void rowprod(int n, const double *A, const double *B, double *C);
void rowprod_b(int n, const double *A, double *A_b, const double *B, double *B_b, double *C,
               double *C_b);
void increments(int n, int T, const double *x, double *u, double *v);
void increments_b(int n, int T, const double *x, double *x_b, double *u, double *u_b, double *v);
double used_sum(int n, const double *x, double *y);
double used_sum_b(int n, const double *x, double *x_b, double *y, double seed);
void scaled(int n, const double *x, double *y);
void scaled_b(int n, const double *x, double *x_b, double *y, double *y_b);
void rerun_order(int n, const double *x, double *w, double *z);
void rerun_order_b(int n, const double *x, double *x_b, double *w, double *w_b, double *z,
                   double *z_b);
double two_hists(int n, const double *x, double *v, double *u);
double two_hists_b(int n, const double *x, double *x_b, double *v, double *v_b, double *u,
                   double *u_b, double seed);

enum { NK = 6 };
static const char *const names[NK] = {"rowprod", "increments",  "used_sum",
                                      "scaled",  "rerun_order", "two_hists"};

/* p: the active inputs, one vector (np of them); o: the outputs (no of
 * them), written by the call from o0 (their values before it) */
struct ctx {
    int k, n, np, no;
    double *p, *o, *o0, *s, *seedv;
};

static int sizes_of(int k, int n, int *np, int *no) {
    switch (k) {
    case 0:
        *np = 2 * n * n, *no = n * n;
        break; /* A, B | C */
    case 1:
        *np = 2 * n, *no = 2 * n;
        break; /* x, u | u, v */
    case 2:
        *np = n, *no = n;
        break; /* x | y (and the return value) */
    case 3:
        *np = 2 * n, *no = n;
        break; /* x, y | y */
    default:
        *np = 2 * n, *no = 2 * n;
        break; /* x, z | w, z; two_hists: x, u | v, u (and the return value) */
    }
    return 0;
}

static double primal(struct ctx *c) {
    int n = c->n;
    double *p = c->p, *o = c->o;
    memcpy(o, c->o0, sizeof(double) * (size_t)c->no);
    switch (c->k) {
    case 0:
        rowprod(n, p, p + n * n, o);
        return 0.0;
    case 1:
        memcpy(o, p + n, sizeof(double) * (size_t)n);
        increments(n, 3, p, o, o + n);
        return 0.0;
    case 2:
        return used_sum(n, p, o);
    case 3:
        memcpy(o, p + n, sizeof(double) * (size_t)n);
        scaled(n, p, o);
        return 0.0;
    case 4:
        memcpy(o + n, p + n, sizeof(double) * (size_t)n);
        rerun_order(n, p, o, o + n);
        return 0.0;
    default:
        memcpy(o + n, p + n, sizeof(double) * (size_t)n);
        return two_hists(n, p, o, o + n);
    }
}

static double eval(void *q) {
    struct ctx *c = q;
    double r = primal(c);
    return gc_dot(c->s, c->o, c->no) + 0.7 * r;
}

/* the gradient: g (np) from the seeds s; go the outputs it writes; sb the
 * seeds of outputs after it */
static double gradient(struct ctx *c, double *g, double *go, double *sb) {
    int n = c->n;
    double *p = c->p;
    memcpy(go, c->o0, sizeof(double) * (size_t)c->no);
    memcpy(sb, c->s, sizeof(double) * (size_t)c->no);
    gc_zero(g, c->np);
    switch (c->k) {
    case 0:
        rowprod_b(n, p, g, p + n * n, g + n * n, go, sb);
        return 0.0;
    case 1:
        memcpy(go, p + n, sizeof(double) * (size_t)n);
        memcpy(g + n, sb, sizeof(double) * (size_t)n); /* u_b: the seed in, u's adjoint out */
        increments_b(n, 3, p, g, go, g + n, go + n);
        return 0.0;
    case 2:
        return used_sum_b(n, p, g, go, 0.7);
    case 3:
        memcpy(go, p + n, sizeof(double) * (size_t)n);
        memcpy(g + n, sb, sizeof(double) * (size_t)n);
        scaled_b(n, p, g, go, g + n);
        return 0.0;
    case 4:
        memcpy(go + n, p + n, sizeof(double) * (size_t)n);
        memcpy(g + n, sb + n, sizeof(double) * (size_t)n);
        rerun_order_b(n, p, g, go, sb, go + n, g + n);
        return 0.0;
    default:
        memcpy(go + n, p + n, sizeof(double) * (size_t)n);
        memcpy(g + n, sb + n, sizeof(double) * (size_t)n);
        return two_hists_b(n, p, g, go, sb, go + n, g + n, 0.7);
    }
}

static void check(int k, int n, int along) {
    struct ctx c = {.k = k, .n = n};
    sizes_of(k, n, &c.np, &c.no);
    c.p = gc_alloc(c.np), c.o = gc_alloc(c.no), c.o0 = gc_alloc(c.no), c.s = gc_alloc(c.no);
    double *g = gc_alloc(c.np), *fd = gc_alloc(c.np), *go = gc_alloc(c.no), *sb = gc_alloc(c.no);
    gc_fill(c.p, c.np, -1.0, 1.0);
    gc_fill(c.o0, c.no, -1.0, 1.0);
    gc_fill(c.s, c.no, -1.0, 1.0);
    if (k == 1) /* v is not an output: no seed */
        gc_zero(c.s + n, n);
    if (k == 2) /* out: the return value alone */
        gc_zero(c.s, n);
    char what[128];
    double r = gradient(&c, g, go, sb);
    if (along) {
        snprintf(what, sizeof what, "%s n=%d: gradient along a direction", names[k], n);
        gc_check_along(what, eval, &c, c.p, c.np, g);
    } else {
        gc_fd_grad(eval, &c, c.p, c.np, fd);
        snprintf(what, sizeof what, "%s n=%d: gradient", names[k], n);
        gc_compare(what, g, fd, c.np);
    }
    double want_r = primal(&c);
    snprintf(what, sizeof what, "%s n=%d: outputs from the gradient", names[k], n);
    gc_compare_tol(what, go, c.o, c.no, 1e-12);
    if (k == 2 || k == 5) {
        snprintf(what, sizeof what, "%s n=%d: return value", names[k], n);
        gc_check_value(what, r, want_r, 1e-12);
    }
    /* seeds consumed: C, w, v (outputs not in wrt) */
    if (k == 0 || k == 4 || k == 5) {
        snprintf(what, sizeof what, "%s n=%d: seeds consumed", names[k], n);
        gc_check_zero(what, sb, k == 0 ? c.no : n);
    }
    free(c.p), free(c.o), free(c.o0), free(c.s), free(g), free(fd), free(go), free(sb);
}

int main(void) {
    gc_seed(31);
    static const int sizes[] = {1, 2, 3, 5, 12};
    for (int k = 0; k < NK; k++)
        for (int i = 0; i < 5; i++)
            check(k, sizes[i], 0);
    check(0, 48, 1);
    for (int k = 1; k < NK; k++)
        check(k, 20000, 1);
    return gc_finish();
}
