/* Checks hist_row_keys.c: the gradients wrt the entries and the bins from
 * before against central finite differences of s . h, the bins the
 * gradient leaves against the primal's, and keys out of range (past the
 * last row, negative) stopping the gradient with the first bad bin in the
 * message, in children forked before this process starts OpenMP threads.
 * A row of width 0 touches no bin: bad keys then pass, as in the primal. */
#define _POSIX_C_SOURCE 200809L /* fork, pipe */
#include "gradcheck.h"

#include "gc_child.h"

#define ROW 4

void rows_min(long n, long nh, const int *key, const double *x, double *h);
void rows_min_b(long n, long nh, const int *key, const double *x, double *x_b, double *h,
                double *h_b);
void rows_add_down(long n, long nh, const int *key, const double *x, double *h);
void rows_add_down_b(long n, long nh, const int *key, const double *x, double *x_b, double *h,
                     double *h_b);
void rows_add_inline(long n, long nh, const int *key, const double *x, double *h);
void rows_add_inline_b(long n, long nh, const int *key, const double *x, double *x_b, double *h,
                       double *h_b);
void rows_max_w(long n, int w, long nh, const int *key, const double *x, double *h);
void rows_max_w_b(long n, int w, long nh, const int *key, const double *x, double *x_b, double *h,
                  double *h_b);

/* kernel q at row width w: the gradient, or (b == 0) the primal */
static void run(int q, int b, long n, int w, long nh, const int *key, const double *x, double *x_b,
                double *h, double *h_b) {
    if (q == 0)
        b ? rows_min_b(n, nh, key, x, x_b, h, h_b) : rows_min(n, nh, key, x, h);
    else if (q == 1)
        b ? rows_add_down_b(n, nh, key, x, x_b, h, h_b) : rows_add_down(n, nh, key, x, h);
    else if (q == 2)
        b ? rows_max_w_b(n, w, nh, key, x, x_b, h, h_b) : rows_max_w(n, w, nh, key, x, h);
    else
        b ? rows_add_inline_b(n, nh, key, x, x_b, h, h_b) : rows_add_inline(n, nh, key, x, h);
}

static const char *const names[] = {"rows_min", "rows_add_down", "rows_max_w", "rows_add_inline"};

struct ctx {
    int q, w;
    long n, nh;
    const int *key;
    double *xh, *h, *s;
};

static double eval(void *p) {
    struct ctx *c = p;
    memcpy(c->h, c->xh + c->n * c->w, sizeof(double) * (size_t)c->nh);
    run(c->q, 0, c->n, c->w, c->nh, c->key, c->xh, NULL, c->h, NULL);
    return gc_dot(c->s, c->h, (int)c->nh);
}

static void check(int q, long n, int w, long rows) {
    long nh = rows * w, nx = n * w;
    int m = (int)(nx + nh);
    double *xh = gc_alloc(m), *h = gc_alloc((int)nh), *s = gc_alloc((int)nh), *g = gc_alloc(m);
    double *fd = gc_alloc(m), *hg = gc_alloc((int)nh);
    int *key = malloc(sizeof(int) * (size_t)(n > 0 ? n : 1));
    gc_fill(xh, (int)nx, -1.0, 1.0);
    gc_fill(xh + nx, (int)nh, -0.5, 1.5);
    gc_fill(s, (int)nh, -1.0, 1.0);
    for (long i = 0; i < n; i++)
        key[i] = (int)(gc_next() % (uint64_t)rows);
    struct ctx c = {q, w, n, nh, key, xh, h, s};
    gc_zero(g, (int)nx);
    memcpy(hg, xh + nx, sizeof(double) * (size_t)nh);
    memcpy(g + nx, s, sizeof(double) * (size_t)nh); /* h_b: the seed, then h0's adjoint */
    run(q, 1, n, w, nh, key, xh, g, hg, g + nx);
    gc_fd_grad(eval, &c, xh, m, fd);
    char what[128];
    snprintf(what, sizeof what, "%s n=%ld w=%d rows=%ld: x_b, h_b", names[q], n, w, rows);
    gc_compare(what, g, fd, m);
    eval(&c);
    snprintf(what, sizeof what, "%s n=%ld w=%d rows=%ld: bins from the gradient", names[q], n, w,
             rows);
    gc_compare_tol(what, hg, h, (int)nh, 1e-12);
    free(xh), free(h), free(s), free(g), free(fd), free(hg), free(key);
}

struct bad_key {
    int q, w, bad;
};

static void with_bad_key(void *ctx) {
    struct bad_key *k = ctx;
    double x[3 * ROW] = {0}, x_b[3 * ROW] = {0}, h[3 * ROW] = {0}, h_b[3 * ROW] = {0};
    int key[3] = {0, k->bad, 1};
    run(k->q, 1, 3, k->w, 3L * k->w, key, x, x_b, h, h_b);
}

/* The gradient of kernel q on 3 rows of width w with key `bad` second:
 * aborts saying `said` (NULL: runs through). */
static void check_bad_key(int q, int w, int bad, const char *said) {
    char msg[512];
    int status = gc_in_child(with_bad_key, &(struct bad_key){q, w, bad}, msg, sizeof msg);
    int ok = said ? gc_aborted(status) && strstr(msg, said) && strstr(msg, "histogram 'h'")
                  : WIFEXITED(status) && WEXITSTATUS(status) == 0;
    char what[128];
    snprintf(what, sizeof what, "%s w=%d: key %d of 3 rows", names[q], w, bad);
    printf("%-40s %s: %s", what, ok ? "ok" : "FAILED", msg[0] ? msg : "(no message)\n");
    gc_count(ok);
}

int main(void) {
    /* first: before OpenMP starts threads here */
    check_bad_key(0, ROW, 3, "bin 12 is outside [0, 12)");
    check_bad_key(0, ROW, -1, "bin -4 is outside [0, 12)");
    check_bad_key(1, ROW, 3, "bin 15 is outside [0, 12)");
    check_bad_key(1, ROW, -1, "bin -1 is outside [0, 12)");
    check_bad_key(2, 3, 5, "bin 15 is outside [0, 9)");
    check_bad_key(2, 0, 5, NULL);
    check_bad_key(3, ROW, 3, "bin 12 is outside [0, 12)");
    check_bad_key(3, ROW, -2, "bin -8 is outside [0, 12)");
    gc_seed(41);
    for (int q = 0; q < 4; q++) {
        static const long sizes[][2] = {{0, 2}, {1, 1}, {2, 3}, {9, 3}, {40, 5}};
        for (int k = 0; k < 5; k++)
            check(q, sizes[k][0], q == 2 ? 3 : ROW, sizes[k][1]);
    }
    check(2, 5, 0, 3);
    check(2, 7, 1, 4);
    return gc_finish();
}
