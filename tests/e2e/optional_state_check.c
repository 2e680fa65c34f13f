/* Checks the gradients of optional_state.c against central finite
 * differences, each function called with its optional array given and
 * left NULL (its adjoint NULL too): x packs the arrays given. */
#include "gradcheck.h"

double entry_opt(int n, int steps, double *u, double *v);
double entry_opt_b(int n, int steps, double *u, double *u_b, double *v, double *v_b, double seed);
double strip_opt(int n, int steps, double *u, double *v);
double strip_opt_b(int n, int steps, double *u, double *u_b, double *v, double *v_b, double seed);
void hist_opt(int n, const double *x, const int *bin, int nb, double h[nb], double h2[nb]);
void hist_opt_b(int n, const double *x, double *x_b, const int *bin, int nb, double h[nb],
                double h_b[nb], double h2[nb], double h2_b[nb]);
double seq_opt(int n, const double *x, double *y);
double seq_opt_b(int n, const double *x, double *x_b, double *y, double seed);
double wgrad_opt(int n, const double *x, const double *w, int nb, const int *bin);
double wgrad_opt_b(int n, const double *x, double *x_b, const double *w, double *w_b, int nb,
                   const int *bin, double seed);

double scan_out(int n, const double *x, double *c);
double scan_out_b(int n, const double *x, double *x_b, double *c, double seed);
void scatter_opt(int n, const double *x, double *y, double *z);
void scatter_opt_b(int n, const double *x, double *x_b, double *y, double *y_b, double *z,
                   double *z_b);
double affine_opt(int n, const double *a, double *yv);
double affine_opt_b(int n, const double *a, double *a_b, double *yv, double seed);
double inplace_opt(int n, double *x, double *v);
double inplace_opt_b(int n, double *x, double *x_b, double *v, double *v_b, double seed);

enum { STEPS = 5, NB = 4 };

typedef double (*state_fn)(int n, int steps, double *u, double *v);
typedef double (*state_fn_b)(int n, int steps, double *u, double *u_b, double *v, double *v_b,
                             double seed);

/* u and v (given or not) from x, updated on copies */
static double state_call(state_fn f, state_fn_b f_b, int n, const double *x, double *x_b,
                         double seed, int given) {
    given = given && n >= 2;
    int m = given ? n / 2 : n;
    double *u = gc_alloc(m), *v = gc_alloc(m);
    memcpy(u, x, sizeof(double) * (size_t)m);
    if (given)
        memcpy(v, x + m, sizeof(double) * (size_t)m);
    double r = x_b ? f_b(m, STEPS, u, x_b, given ? v : NULL, given ? x_b + m : NULL, seed)
                   : f(m, STEPS, u, given ? v : NULL);
    free(u), free(v);
    return r + (given ? gc_odd_tail(n, x, x_b, seed) : 0.0);
}

static double entry_call(int n, const double *x, double *x_b, double seed, int given) {
    return state_call(entry_opt, entry_opt_b, n, x, x_b, seed, given);
}
static double strip_call(int n, const double *x, double *x_b, double seed, int given) {
    return state_call(strip_opt, strip_opt_b, n, x, x_b, seed, given);
}
GC_OPTIONAL_KERNELS(entry_opt, entry_call)
GC_OPTIONAL_KERNELS(strip_opt, strip_call)

static void bins_of(int n, int *bin) {
    for (int i = 0; i < n; i++)
        bin[i] = (i * 3 + 1) % NB;
}

/* hist_opt: sum_k c_k h_k (+ d_k h2_k where h2 is given); the seeds c
 * and d, zeroed by the gradient */
static double bin_weight(int k, int which) {
    return which ? 0.4 - 0.2 * k : 1.0 + 0.3 * k;
}
static double hist_call(int n, const double *x, double *x_b, double seed, int given) {
    int *bin = malloc(sizeof(int) * (size_t)n);
    double h[NB] = {0}, h2[NB] = {0}, h_b[NB], h2_b[NB], h2_b_given[NB];
    bins_of(n, bin);
    for (int k = 0; k < NB; k++)
        h_b[k] = seed * bin_weight(k, 0), h2_b[k] = h2_b_given[k] = seed * bin_weight(k, 1);
    if (x_b)
        hist_opt_b(n, x, x_b, bin, NB, h, h_b, given ? h2 : NULL, given ? h2_b : NULL);
    else
        hist_opt(n, x, bin, NB, h, given ? h2 : NULL);
    double r = 0.0;
    for (int k = 0; k < NB; k++)
        r += bin_weight(k, 0) * h[k] + (given ? bin_weight(k, 1) * h2[k] : 0.0);
    if (x_b) {
        gc_check_zero("hist_opt_b: h_b consumed", h_b, NB);
        if (given)
            gc_check_zero("hist_opt_b: h2_b consumed", h2_b, NB);
        for (int k = 0; !given && k < NB; k++)
            gc_require(h2_b[k] == h2_b_given[k] && h2[k] == 0.0,
                       "hist_opt_b: h2 left out, its arrays untouched");
    }
    free(bin);
    return r;
}

/* seq_opt: y (3 elements) given or not; its values as the primal's */
static double seq_call(int n, const double *x, double *x_b, double seed, int given) {
    double y[3] = {0}, y_want[3] = {0};
    double r = x_b ? seq_opt_b(n, x, x_b, given ? y : NULL, seed) : seq_opt(n, x, given ? y : NULL);
    if (x_b && given) {
        seq_opt(n, x, y_want);
        gc_compare_tol("seq_opt_b: y as the primal writes it", y, y_want, 3, 1e-15);
    }
    return r;
}

/* wgrad_opt: x and w (given or not) from x */
static double wgrad_call(int n, const double *x, double *x_b, double seed, int given) {
    given = given && n >= 2;
    int m = given ? n / 2 : n;
    int *bin = malloc(sizeof(int) * (size_t)m);
    bins_of(m, bin);
    const double *w = given ? x + m : NULL;
    double r = x_b ? wgrad_opt_b(m, x, x_b, w, given ? x_b + m : NULL, NB, bin, seed)
                   : wgrad_opt(m, x, w, NB, bin);
    free(bin);
    return r + (given ? gc_odd_tail(n, x, x_b, seed) : 0.0);
}

/* scan_out and affine_opt: their optional prefixes as the primal's */
static double prefix_call(int n, const double *x, double *x_b, double seed, int given) {
    double *c = gc_alloc(n), *want = gc_alloc(n), *y = gc_alloc(n), *y_want = gc_alloc(n);
    double r, a[64];
    for (int i = 0; i < n && i < 64; i++)
        a[i] = 0.5 + 0.3 * x[i];
    int na = n < 64 ? n : 64; /* (the affine scan over the first 64 only) */
    if (x_b) {
        r = scan_out_b(n, x, x_b, given ? c : NULL, seed);
        double a_b[64] = {0};
        r += affine_opt_b(na, a, a_b, given ? y : NULL, seed);
        for (int i = 0; i < na; i++)
            x_b[i] += 0.3 * a_b[i];
        if (given) {
            scan_out(n, x, want);
            affine_opt(na, a, y_want);
            gc_compare_tol("scan_out_b: c as the primal writes it", c, want, n, 1e-13);
            gc_compare_tol("affine_opt_b: yv as the primal writes it", y, y_want, na, 1e-13);
        }
    } else {
        r = scan_out(n, x, given ? c : NULL) + affine_opt(na, a, given ? y : NULL);
    }
    free(c), free(want), free(y), free(y_want);
    return r;
}

/* scatter_opt: its outputs y and z, z given or not */
static double scatter_call(int n, const double *x, double *x_b, double seed, int given) {
    return gc_two_outputs_call("scatter_opt_b", scatter_opt, scatter_opt_b, n, x, x_b, seed, given);
}

/* inplace_opt: x and v (given or not) from x, on copies */
static double inplace_call(int n, const double *x, double *x_b, double seed, int given) {
    given = given && n >= 2;
    int m = given ? n / 2 : n;
    double *u = gc_alloc(m), *v = gc_alloc(m);
    for (int i = 0; i < m; i++) /* (kept small: three sweeps of a recurrence) */
        u[i] = 0.2 * x[i];
    if (given)
        for (int i = 0; i < m; i++)
            v[i] = 0.2 * x[m + i];
    double *u_b = gc_alloc(m), *v_b = gc_alloc(m);
    gc_zero(u_b, m), gc_zero(v_b, m);
    double r = x_b ? inplace_opt_b(m, u, u_b, given ? v : NULL, given ? v_b : NULL, seed)
                   : inplace_opt(m, u, given ? v : NULL);
    for (int i = 0; x_b && i < m; i++) {
        x_b[i] += 0.2 * u_b[i];
        if (given)
            x_b[m + i] += 0.2 * v_b[i];
    }
    free(u), free(v), free(u_b), free(v_b);
    return r + (given ? gc_odd_tail(n, x, x_b, seed) : 0.0);
}

GC_OPTIONAL_KERNELS(prefix, prefix_call)
GC_OPTIONAL_KERNELS(scatter, scatter_call)
GC_OPTIONAL_KERNELS(inplace, inplace_call)
GC_OPTIONAL_KERNELS(hist, hist_call)
GC_OPTIONAL_KERNELS(seq, seq_call)
GC_OPTIONAL_KERNELS(wgrad, wgrad_call)

static const struct gc_kernel kernels[] = {
    {"entry_opt (v given)", entry_opt_given, entry_opt_given_b},
    {"entry_opt (v NULL)", entry_opt_null, entry_opt_null_b},
    {"strip_opt (v given)", strip_opt_given, strip_opt_given_b},
    {"strip_opt (v NULL)", strip_opt_null, strip_opt_null_b},
    {"hist_opt (h2 given)", hist_given, hist_given_b},
    {"hist_opt (h2 NULL)", hist_null, hist_null_b},
    {"seq_opt (y given)", seq_given, seq_given_b},
    {"seq_opt (y NULL)", seq_null, seq_null_b},
    {"wgrad_opt (w given)", wgrad_given, wgrad_given_b},
    {"wgrad_opt (w NULL)", wgrad_null, wgrad_null_b},
    {"scan_out, affine_opt (prefixes given)", prefix_given, prefix_given_b},
    {"scan_out, affine_opt (prefixes NULL)", prefix_null, prefix_null_b},
    {"scatter_opt (z given)", scatter_given, scatter_given_b},
    {"scatter_opt (z NULL)", scatter_null, scatter_null_b},
    {"inplace_opt (v given)", inplace_given, inplace_given_b},
    {"inplace_opt (v NULL)", inplace_null, inplace_null_b},
};

int main(void) {
    return gc_main_kernels(kernels, (int)(sizeof kernels / sizeof kernels[0]), 20000);
}
