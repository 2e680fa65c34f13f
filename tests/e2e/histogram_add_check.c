/* Checks the gradients of the + histograms in histogram_add.c against
 * central finite differences (one element, bins that receive nothing, many
 * values per bin) and, at a size where many threads hit the same bins,
 * along a random direction. */
#define _POSIX_C_SOURCE 200809L /* fork, pipe */
#include "gradcheck.h"

#include "gc_child.h"

double hist_keys(int n, const double *x, const int *key);
double hist_keys_b(int n, const double *x, double *x_b, const int *key, double seed);

static void keys_with_9(void *ctx) {
    (void)ctx;
    double x[4] = {1, 2, 3, 4}, x_b[4] = {0};
    int key[4] = {0, 4, 9, 1};
    hist_keys_b(4, x, x_b, key, 1.0);
}

/* A key out of range stops the gradient with a message (abort), in a child
 * process forked before this one starts OpenMP threads. */
static void check_key_out_of_range(void) {
    char msg[512];
    int aborted = gc_aborted(gc_in_child(keys_with_9, NULL, msg, sizeof msg));
    int said = strstr(msg, "bin 9 is outside [0, 5)") && strstr(msg, "histogram 'h'");
    printf("%-40s %s: %s", "hist_keys: key 9 of 5 bins", aborted && said ? "ok" : "FAILED",
           msg[0] ? msg : "(no message)\n");
    gc_count(aborted && said);
}

GC_KERNEL(hist_weighted)
GC_KERNEL(hist_sparse)
GC_KERNEL(hist_steps)
GC_KERNEL(hist_read_before)

static const struct gc_kernel kernels[] = {
    {"hist_weighted", hist_weighted, hist_weighted_b},
    {"hist_sparse", hist_sparse, hist_sparse_b},
    {"hist_steps", hist_steps, hist_steps_b},
    {"hist_read_before", hist_read_before, hist_read_before_b},
};

typedef void (*hist_out_f)(int n, int nb, const double *x, double *h);
typedef void (*hist_out_fb)(int n, int nb, const double *x, double *x_b, double *h, double *h_b);
void hist_out(int n, int nb, const double *x, double *h);
void hist_out_b(int n, int nb, const double *x, double *x_b, double *h, double *h_b);
void hist_then_square(int n, int nb, const double *x, double *h);
void hist_then_square_b(int n, int nb, const double *x, double *x_b, double *h, double *h_b);

/* hist_out: the gradient leaves the primal output in h (deposited once),
 * consumes the seed h_b, and x_b is d(w . h)/dx. */
static void check_hist_out(const char *name, hist_out_f f, hist_out_fb f_b) {
    enum { N = 9, NB = 4 };
    double x[N], x_b[N] = {0}, h0[NB] = {1, 2, 3, 4}, h[NB], hg[NB], w[NB] = {0.5, -1, 2, 0.25};
    double hb[NB], fd[N];
    gc_seed(9);
    gc_fill(x, N, -1.0, 1.0);
    memcpy(h, h0, sizeof h);
    f(N, NB, x, h);
    memcpy(hg, h0, sizeof hg);
    memcpy(hb, w, sizeof hb);
    f_b(N, NB, x, x_b, hg, hb);
    char what[96];
    snprintf(what, sizeof what, "%s: h from the gradient vs the primal", name);
    gc_compare_tol(what, hg, h, NB, 1e-12);
    snprintf(what, sizeof what, "%s: h_b consumed", name);
    gc_check_zero(what, hb, NB);
    for (int i = 0; i < N; i++) {
        double xp[N], hp[NB], hm[NB], step = 1e-6;
        memcpy(xp, x, sizeof xp);
        memcpy(hp, h0, sizeof hp);
        memcpy(hm, h0, sizeof hm);
        xp[i] += step;
        f(N, NB, xp, hp);
        xp[i] -= 2 * step;
        f(N, NB, xp, hm);
        fd[i] = (gc_dot(w, hp, NB) - gc_dot(w, hm, NB)) / (2 * step);
    }
    snprintf(what, sizeof what, "%s: x_b vs finite differences", name);
    gc_compare(what, x_b, fd, N);
}

void hist_only(int n, int nb, const int *key, const double *x, double *h);
void hist_only_b(int n, int nb, const int *key, const double *x, double *x_b, double *h,
                 double *h_b);

/* hist_only: h as the primal leaves it, x_b[i] += 2 x[i] h_b[key[i]], h_b
 * consumed; few bins (per-thread copies) and many (atomics) */
static void check_hist_only(int n, int nb) {
    double *x = gc_alloc(n), *x_b = gc_alloc(n), *want = gc_alloc(n), *h = gc_alloc(nb),
           *hg = gc_alloc(nb), *hb = gc_alloc(nb), *w = gc_alloc(nb);
    int *key = malloc(sizeof(int) * (size_t)n);
    gc_seed(13);
    gc_fill(x, n, -1.0, 1.0);
    gc_fill(w, nb, -1.0, 1.0);
    for (int i = 0; i < n; i++)
        key[i] = (int)(gc_next() % (uint64_t)nb);
    for (int b = 0; b < nb; b++)
        h[b] = hg[b] = 0.5 * b;
    memcpy(hb, w, sizeof(double) * (size_t)nb);
    for (int i = 0; i < n; i++) {
        x_b[i] = 1.0;
        want[i] = 1.0 + 2.0 * x[i] * w[key[i]];
    }
    hist_only(n, nb, key, x, h);
    hist_only_b(n, nb, key, x, x_b, hg, hb);
    char what[96];
    snprintf(what, sizeof what, "hist_only n=%d nb=%d: h from the gradient vs the primal", n, nb);
    gc_compare_tol(what, hg, h, nb, 1e-12);
    snprintf(what, sizeof what, "hist_only n=%d nb=%d: h_b consumed", n, nb);
    gc_check_zero(what, hb, nb);
    snprintf(what, sizeof what, "hist_only n=%d nb=%d: x_b", n, nb);
    gc_compare_tol(what, x_b, want, n, 1e-12);
    free(x), free(x_b), free(want), free(h), free(hg), free(hb), free(w), free(key);
}

int main(void) {
    check_key_out_of_range(); /* first: before OpenMP starts threads here */
    const int sizes[] = {1, 2, 7, 40};
    int nk = (int)(sizeof kernels / sizeof kernels[0]);
    gc_check_kernels(kernels, nk, sizes, 4, 2);
    check_hist_out("hist_out", hist_out, hist_out_b);
    check_hist_out("hist_then_square", hist_then_square, hist_then_square_b);
    check_hist_only(7, 3);
    check_hist_only(20000, 7);
    check_hist_only(20000, 15000);
    for (int q = 0; q < nk; q++)
        gc_check_direction(&kernels[q], 20000, -1.0, 1.0, 5);
    return gc_finish();
}
