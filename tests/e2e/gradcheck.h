/* Helpers shared by the e2e gradient checks (tests/e2e/NAME_check.c).
 *
 * A driver fills inputs with gc_fill(), calls the primal and the generated
 * gradient, and compares with gc_compare() against central finite differences
 * from gc_fd_grad(). Every compared component counts as one check; mismatches
 * are printed with their index, the analytic value and the reference.
 * gc_finish() prints "N passed, N failed" and returns the exit status (non-zero
 * on any failure). Everything here is static so that each driver is a single
 * translation unit with its own counters. */
#ifndef GRADCHECK_H
#define GRADCHECK_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Default tolerance for analytic vs finite differences:
 * |g - fd| <= GC_RTOL_FD * max(1, |fd|). */
#define GC_RTOL_FD 1e-5
/* Tolerance for values that should agree up to rounding (primal values
 * recomputed in another order by a parallel gradient, 2x accumulation). */
#define GC_RTOL_EXACT 1e-11
/* Mismatches printed per gc_compare() call (all are counted). */
#define GC_MAX_PRINT 20

struct gc_state {
    long passed;
    long failed;
    uint64_t rng;
    FILE *dump; /* GC_DUMP=FILE: every analytic value compared, for comparing two builds */
    int dump_checked;
};

static inline struct gc_state *gc_state(void) {
    static struct gc_state s = {0, 0, 0x9e3779b97f4a7c15ull, NULL, 0};
    return &s;
}

/* With GC_DUMP=FILE, the values a check compares go to FILE, one per
 * line (but the scalars gc_judge_value judges; of a dot product, the
 * gradient's components): tests/cuda/run_gpu.sh and check_e2e.sh compare
 * those of the CUDA gradient with the OpenMP gradient's (compare_dumps.c;
 * a check named with "(float)" at single precision). */
static inline void gc_dump(const char *what, int i, double got) {
    struct gc_state *s = gc_state();
    if (!s->dump_checked) {
        s->dump_checked = 1;
        const char *path = getenv("GC_DUMP");
        s->dump = path && *path ? fopen(path, "w") : NULL;
        /* (fully buffered: millions of lines; gc_child.h flushes it
         * around its forks) */
    }
    if (s->dump)
        fprintf(s->dump, "%s[%d] %.17g\n", what, i, got);
}

/* ---- deterministic random numbers (xorshift64*) ---- */

static inline void gc_seed(uint64_t seed) {
    /* splitmix64 step so that small seeds give well-mixed states */
    uint64_t z = seed + 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    z ^= z >> 31;
    gc_state()->rng = z ? z : 1;
}

static inline uint64_t gc_next(void) {
    uint64_t x = gc_state()->rng;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    gc_state()->rng = x;
    return x * 0x2545f4914f6cdd1dull;
}

/* Uniform in [lo, hi). */
static inline double gc_uniform(double lo, double hi) {
    double u = (double)(gc_next() >> 11) * (1.0 / 9007199254740992.0);
    return lo + (hi - lo) * u;
}

static inline void gc_fill(double *a, int n, double lo, double hi) {
    for (int i = 0; i < n; i++)
        a[i] = gc_uniform(lo, hi);
}

static inline void gc_zero(double *a, int n) {
    for (int i = 0; i < n; i++)
        a[i] = 0.0;
}

static inline double *gc_alloc(int n) {
    double *p = calloc(n > 0 ? (size_t)n : 1, sizeof *p);
    if (!p) {
        fprintf(stderr, "gradcheck: out of memory\n");
        exit(2);
    }
    return p;
}

static inline double gc_dot(const double *a, const double *b, int n) {
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += a[i] * b[i];
    return s;
}

/* ---- central finite differences ----
 * f(ctx) evaluates a scalar function that reads x (through ctx). Each x[i] is
 * perturbed in place by h = 1e-6 * max(1, |x[i]|) in both directions and
 * restored bit-for-bit afterwards. The divisor is the step actually taken
 * ((x+h) - (x-h) in floating point). */
typedef double (*gc_func)(void *ctx);

static inline double gc_fd_step(double x) {
    return 1e-6 * fmax(1.0, fabs(x));
}

static inline double gc_fd_one(gc_func f, void *ctx, double *x, int i) {
    double x0 = x[i];
    double h = gc_fd_step(x0);
    volatile double xp = x0 + h;
    volatile double xm = x0 - h;
    x[i] = xp;
    double fp = f(ctx);
    x[i] = xm;
    double fm = f(ctx);
    x[i] = x0;
    return (fp - fm) / (xp - xm);
}

static inline void gc_fd_grad(gc_func f, void *ctx, double *x, int n, double *fd) {
    for (int i = 0; i < n; i++)
        fd[i] = gc_fd_one(f, ctx, x, i);
}

/* The derivative of f along a random direction v, by a central difference
 * (x moved in place and put back), compared with g . v: for inputs too
 * many to difference one by one. */
static inline void gc_check_along(const char *what, gc_func f, void *ctx, double *x, int n,
                                  const double *g);

/* ---- comparisons ---- */

static inline int gc_close(double got, double want, double rtol) {
    double tol = rtol * fmax(1.0, fabs(want));
    /* written so that NaN in either value fails */
    return fabs(got - want) <= tol;
}

static inline void gc_count(int ok) {
    if (ok)
        gc_state()->passed++;
    else
        gc_state()->failed++;
}

/* Compares got[0..n) with ref[0..n): |got - ref| <= rtol * max(1, |ref|).
 * Returns the number of mismatches. */
static inline int gc_compare_tol(const char *what, const double *got, const double *ref, int n,
                                 double rtol) {
    int bad = 0;
    double worst = 0.0;
    for (int i = 0; i < n; i++) {
        gc_dump(what, i, got[i]);
        int ok = gc_close(got[i], ref[i], rtol);
        double ratio = fabs(got[i] - ref[i]) / (rtol * fmax(1.0, fabs(ref[i])));
        if (!(ratio <= worst))
            worst = ratio;
        gc_count(ok);
        if (!ok) {
            if (bad < GC_MAX_PRINT)
                printf("MISMATCH %s[%d]: analytic %.12g, reference %.12g (diff %.3g, tol %.3g)\n",
                       what, i, got[i], ref[i], fabs(got[i] - ref[i]),
                       rtol * fmax(1.0, fabs(ref[i])));
            bad++;
        }
    }
    if (bad > GC_MAX_PRINT)
        printf("MISMATCH %s: %d more not shown\n", what, bad - GC_MAX_PRINT);
    printf("%-40s %4d components, %d mismatches (worst diff/tol %.2g)\n", what, n, bad, worst);
    return bad;
}

/* Analytic gradient vs finite differences, default tolerance. */
static inline int gc_compare(const char *what, const double *g, const double *fd, int n) {
    return gc_compare_tol(what, g, fd, n, GC_RTOL_FD);
}

/* got == scale * ref up to rounding: accumulation (scale 2 after a second call
 * without zeroing) and seed scaling. */
static inline int gc_compare_scaled(const char *what, const double *got, const double *ref,
                                    double scale, int n) {
    double *s = gc_alloc(n);
    for (int i = 0; i < n; i++)
        s[i] = scale * ref[i];
    int bad = gc_compare_tol(what, got, s, n, GC_RTOL_EXACT);
    free(s);
    return bad;
}

/* One scalar, not dumped: a value that is not itself a gradient's and
 * that two builds may round apart by more than the gradients (a long
 * reduction's result, a dot product that cancels). */
static inline int gc_judge_value(const char *what, double got, double want, double rtol) {
    int ok = gc_close(got, want, rtol);
    gc_count(ok);
    printf("%-40s %s: got %.15g, want %.15g\n", what, ok ? "ok" : "MISMATCH", got, want);
    return !ok;
}

/* One scalar. */
static inline int gc_check_value(const char *what, double got, double want, double rtol) {
    gc_dump(what, 0, got);
    return gc_judge_value(what, got, want, rtol);
}

/* g . v against the derivative along v: the dump holds g itself, the
 * gradient, whose components the dump's reader compares with another
 * build's, where g . v may cancel to a value rounded apart. */
static inline int gc_check_dot(const char *what, const double *g, const double *v, int n,
                               double want, double rtol) {
    for (int i = 0; i < n; i++)
        gc_dump(what, i, g[i]);
    return gc_judge_value(what, gc_dot(g, v, n), want, rtol);
}

/* Every component is exactly 0 (consumed seeds). */
static inline int gc_check_zero(const char *what, const double *a, int n) {
    int bad = 0;
    for (int i = 0; i < n; i++) {
        int ok = a[i] == 0.0;
        gc_count(ok);
        if (!ok) {
            if (bad < GC_MAX_PRINT)
                printf("MISMATCH %s[%d]: %.12g, expected exactly 0\n", what, i, a[i]);
            bad++;
        }
    }
    printf("%-40s %4d components, %d nonzero\n", what, n, bad);
    return bad;
}

/* A gradient that is zero everywhere (or NaN) is a failure even if the
 * finite differences happened to be tiny: counts as one check. */
static inline int gc_check_nonzero(const char *what, const double *g, int n) {
    double mx = 0.0;
    int nan = 0;
    for (int i = 0; i < n; i++) {
        if (g[i] != g[i])
            nan = 1;
        else if (fabs(g[i]) > mx)
            mx = fabs(g[i]);
    }
    int ok = !nan && mx > 1e-12;
    gc_count(ok);
    if (!ok)
        printf("MISMATCH %s: gradient is %s\n", what, nan ? "NaN" : "zero everywhere");
    else
        printf("%-40s nonzero (max |g| %.3g)\n", what, mx);
    return !ok;
}

/* Fails the run (counted as a failure) when a test's own setup is invalid,
 * e.g. random data with a near tie at a non-smooth point. */
static inline void gc_require(int cond, const char *what) {
    if (!cond) {
        gc_state()->failed++;
        printf("SETUP FAILED: %s\n", what);
    }
}

/* The common case: f(n, x) -> double, its gradient f_b(n, x, x_b, seed).
 * Checks the returned primal, x_b against finite differences at random x in
 * [lo, hi), that x_b is not all zero, and that a second call increments. */
typedef double (*gc_primal_1)(int n, const double *x);
typedef double (*gc_gradient_1)(int n, const double *x, double *x_b, double seed);

struct gc_call_1 {
    gc_primal_1 f;
    int n;
    double *x;
};

static inline double gc_eval_1(void *p) {
    struct gc_call_1 *c = p;
    return c->f(c->n, c->x);
}

static inline void gc_check_gradient_1(const char *name, gc_primal_1 f, gc_gradient_1 f_b, int n,
                                       double lo, double hi, uint64_t seed) {
    char what[160];
    double *x = gc_alloc(n), *x_b = gc_alloc(n), *fd = gc_alloc(n), *g = gc_alloc(n);
    gc_seed(seed);
    gc_fill(x, n, lo, hi);
    gc_zero(x_b, n);
    double want = f(n, x);
    double got = f_b(n, x, x_b, 1.0);
    snprintf(what, sizeof what, "%s: return value", name);
    gc_check_value(what, got, want, GC_RTOL_EXACT);
    struct gc_call_1 c = {f, n, x};
    gc_fd_grad(gc_eval_1, &c, x, n, fd);
    snprintf(what, sizeof what, "%s: x_b vs finite differences", name);
    gc_compare(what, x_b, fd, n);
    gc_check_nonzero(what, x_b, n);
    memcpy(g, x_b, sizeof(double) * (size_t)n);
    f_b(n, x, x_b, 1.0);
    snprintf(what, sizeof what, "%s: x_b after a second call (2x)", name);
    gc_compare_scaled(what, x_b, g, 2.0, n);
    free(x), free(x_b), free(fd), free(g);
}

/* Declares a kernel double f(int n, const double *x) and its gradient. */
#define GC_KERNEL(f)                                                                               \
    double f(int n, const double *x);                                                              \
    double f##_b(int n, const double *x, double *x_b, double seed);

/* Where x packs two arrays of n / 2, an odd n's last component enters as
 * 0.5 x^2 (every component should matter to the checks); its adjoint is
 * added into x_b where x_b is not NULL */
static inline double gc_odd_tail(int n, const double *x, double *x_b, double seed) {
    if (n % 2 && x_b)
        x_b[n - 1] += seed * x[n - 1];
    return n % 2 ? 0.5 * x[n - 1] * x[n - 1] : 0.0;
}

/* Kernels NAME_given and NAME_null, and their gradients, from one
 * call(n, x, x_b, seed, given) of a function with an optional array: with
 * the array (packed into x) and with NULL for it and for its adjoint;
 * x_b NULL for the primal. */
#define GC_OPTIONAL_KERNELS(name, call)                                                            \
    static double name##_given(int n, const double *x) {                                           \
        return call(n, x, NULL, 0.0, 1);                                                           \
    }                                                                                              \
    static double name##_given_b(int n, const double *x, double *x_b, double seed) {               \
        return call(n, x, x_b, seed, 1);                                                           \
    }                                                                                              \
    static double name##_null(int n, const double *x) {                                            \
        return call(n, x, NULL, 0.0, 0);                                                           \
    }                                                                                              \
    static double name##_null_b(int n, const double *x, double *x_b, double seed) {                \
        return call(n, x, x_b, seed, 0);                                                           \
    }

/* A function void f(n, x, y, z) with two outputs, z optional, as a kernel:
 * L = sum_i c_i y_i + d_i z_i (z's terms where it is given) with seeds c
 * and d; the gradient must consume both seeds, and leave z_b as it was
 * where z is NULL (the caller then passes NULL for z_b). */
typedef void (*gc_two_out)(int n, const double *x, double *y, double *z);
typedef void (*gc_two_out_b)(int n, const double *x, double *x_b, double *y, double *y_b, double *z,
                             double *z_b);

static inline double gc_out_weight(int i, int which) {
    return which ? 0.3 - 0.07 * i : 0.5 + 0.1 * i;
}

static inline double gc_two_outputs_call(const char *name, gc_two_out f, gc_two_out_b f_b, int n,
                                         const double *x, double *x_b, double seed, int given) {
    double *y = gc_alloc(n), *z = gc_alloc(n), *y_b = gc_alloc(n), *z_b = gc_alloc(n);
    double *z_b_given = gc_alloc(n);
    char what[160];
    for (int i = 0; i < n; i++)
        y_b[i] = seed * gc_out_weight(i, 0), z_b[i] = z_b_given[i] = seed * gc_out_weight(i, 1);
    if (x_b)
        f_b(n, x, x_b, y, y_b, given ? z : NULL, given ? z_b : NULL);
    else
        f(n, x, y, given ? z : NULL);
    double r = 0.0;
    for (int i = 0; i < n; i++)
        r += gc_out_weight(i, 0) * y[i] + (given ? gc_out_weight(i, 1) * z[i] : 0.0);
    if (x_b) {
        snprintf(what, sizeof what, "%s: the first output's seeds consumed", name);
        gc_check_zero(what, y_b, n);
        snprintf(what, sizeof what, "%s: the optional output's seeds consumed", name);
        if (given)
            gc_check_zero(what, z_b, n);
        snprintf(what, sizeof what, "%s: the optional output left out, its seeds untouched", name);
        for (int i = 0; !given && i < n; i++)
            gc_require(z_b[i] == z_b_given[i], what);
    }
    free(y), free(z), free(y_b), free(z_b), free(z_b_given);
    return r;
}

/* Several kernels f(n, x), each at every size and seeds 1..nseeds. */
struct gc_kernel {
    const char *name;
    gc_primal_1 f;
    gc_gradient_1 f_b;
};

static inline void gc_check_kernels(const struct gc_kernel *k, int nk, const int *sizes, int nsizes,
                                    uint64_t nseeds) {
    for (int q = 0; q < nk; q++)
        for (uint64_t seed = 1; seed <= nseeds; seed++)
            for (int i = 0; i < nsizes; i++) {
                char name[96];
                snprintf(name, sizeof name, "%s n=%d", k[q].name, sizes[i]);
                gc_check_gradient_1(name, k[q].f, k[q].f_b, sizes[i], -1.0, 1.0, seed);
            }
}

/* At sizes where finite differences per component cost too much: the
 * gradient's dot product with a random direction v against the central
 * difference of f along v. */
static inline void gc_check_direction(const struct gc_kernel *k, int n, double lo, double hi,
                                      uint64_t seed) {
    char what[160];
    double *x = gc_alloc(n), *x_b = gc_alloc(n), *v = gc_alloc(n), *xp = gc_alloc(n);
    gc_seed(seed);
    gc_fill(x, n, lo, hi);
    gc_fill(v, n, -1.0, 1.0);
    gc_zero(x_b, n);
    double f = k->f(n, x), r = k->f_b(n, x, x_b, 1.0);
    snprintf(what, sizeof what, "%s n=%d: return value", k->name, n);
    gc_judge_value(what, r, f, 1e-9); /* (a long reduction's: not dumped) */
    double h = 1e-6;
    for (int i = 0; i < n; i++)
        xp[i] = x[i] + h * v[i];
    double fp = k->f(n, xp);
    for (int i = 0; i < n; i++)
        xp[i] = x[i] - h * v[i];
    double fm = k->f(n, xp);
    snprintf(what, sizeof what, "%s n=%d: x_b . v vs finite difference along v", k->name, n);
    gc_check_dot(what, x_b, v, n, (fp - fm) / (2 * h), 1e-5);
    free(x), free(x_b), free(v), free(xp);
}

static inline int gc_finish(void);

/* A check's whole main for kernels f(n, x): each at sizes 1, 2, 7 and 40
 * with two seeds, then along a random direction at size n (past the
 * runtime's threshold for threads, 8192 elements); the exit status. */
static inline int gc_main_kernels(const struct gc_kernel *k, int nk, int n) {
    const int sizes[] = {1, 2, 7, 40};
    gc_check_kernels(k, nk, sizes, 4, 2);
    for (int q = 0; q < nk; q++)
        gc_check_direction(&k[q], n, -1.0, 1.0, 5);
    return gc_finish();
}

static inline void gc_check_along(const char *what, gc_func f, void *ctx, double *x, int n,
                                  const double *g) {
    double *v = gc_alloc(n), *x0 = gc_alloc(n);
    gc_fill(v, n, -1.0, 1.0);
    memcpy(x0, x, sizeof x[0] * (size_t)n);
    double step = 1e-6, j[2];
    for (int side = 0; side < 2; side++) {
        for (int k = 0; k < n; k++)
            x[k] = x0[k] + (side ? -step : step) * v[k];
        j[side] = f(ctx);
    }
    memcpy(x, x0, sizeof x[0] * (size_t)n);
    gc_check_dot(what, g, v, n, (j[0] - j[1]) / (2 * step), 1e-5);
    free(v), free(x0);
}

/* g against f's finite differences: per component, or along a random
 * direction (`along`, for many inputs); `label` names the case */
static inline void gc_check_gradient(const char *label, int along, gc_func f, void *ctx, double *x,
                                     int n, const double *g) {
    char what[160];
    snprintf(what, sizeof what, "%s: gradient%s", label, along ? " along a direction" : "");
    if (along) {
        gc_check_along(what, f, ctx, x, n, g);
        return;
    }
    double *fd = gc_alloc(n);
    gc_fd_grad(f, ctx, x, n, fd);
    gc_compare(what, g, fd, n);
    free(fd);
}

static inline int gc_finish(void) {
    struct gc_state *s = gc_state();
    printf("%ld passed, %ld failed\n", s->passed, s->failed);
    fflush(stdout);
    return s->failed ? 1 : 0;
}

#endif
