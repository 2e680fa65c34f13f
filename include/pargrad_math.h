/* The pure helpers generated code calls on both backends: fmin and fmax
 * without a call, the argmin/argmax pair, digamma and trigamma. Included by
 * pargrad.h (C, OpenMP) and pargrad_cuda.h (CUDA: host and device). */
#ifndef PARGRAD_MATH_H
#define PARGRAD_MATH_H

#include <math.h>

#if defined(__CUDACC__)
#define PG_HD __host__ __device__
#else
#define PG_HD
#endif

/* fmin and fmax without a call: unless -ffinite-math-only is given, GCC
 * calls libm's for them, a call per update of a min histogram or step of a
 * min scan. These return what fmin and fmax return (a NaN argument is
 * ignored) and vectorise. */
PG_HD static inline double pg_fmin(double a, double b) {
    return a < b || b != b ? a : b;
}
PG_HD static inline double pg_fmax(double a, double b) {
    return a > b || b != b ? a : b;
}
PG_HD static inline float pg_fminf(float a, float b) {
    return a < b || b != b ? a : b;
}
PG_HD static inline float pg_fmaxf(float a, float b) {
    return a > b || b != b ? a : b;
}

/* Argmin/argmax for the min/max reduce rule: the value and the iteration that
 * produced it (-1: the reduce's initial value). Ties keep the lower index, so
 * results do not depend on the thread count. */
typedef struct {
    double val;
    long long idx;
} pg_argext;

/* Branch-free: which iteration wins is data (the nearest of k-means'
 * centres), and a branch on it mispredicts about once per search (bench
 * kmeans_5: the gradient's running argmin cost 1.6 times the primal's
 * running min). */
PG_HD static inline pg_argext pg_ext_take(pg_argext a, pg_argext b, int better, int tie) {
    /* (on a tie the values are equal: either is the value) */
    const long long take = better | (tie & (b.idx < a.idx));
    pg_argext r;
    r.val = better ? b.val : a.val;
    r.idx = a.idx ^ ((a.idx ^ b.idx) & -take);
    return r;
}
PG_HD static inline pg_argext pg_argmin_pick(pg_argext a, pg_argext b) {
    return pg_ext_take(a, b, b.val < a.val, b.val == a.val);
}
PG_HD static inline pg_argext pg_argmax_pick(pg_argext a, pg_argext b) {
    return pg_ext_take(a, b, b.val > a.val, b.val == a.val);
}

/* The derivative of lgamma: the digamma function, by the recurrence
 * psi(x) = psi(x + 1) - 1/x up to x >= 6 and the asymptotic series there. */
PG_HD static inline double pg_digamma(double x) {
    double acc = 0.0;
    if (x <= 0.0 && x == floor(x))
        return NAN;
    if (x < 0.0) /* reflection: psi(1 - x) - psi(x) = pi cot(pi x) */
        return pg_digamma(1.0 - x) - 3.14159265358979323846 / tan(3.14159265358979323846 * x);
    while (x < 6.0) {
        acc -= 1.0 / x;
        x += 1.0;
    }
    double f = 1.0 / (x * x);
    double series =
        f *
        (-1.0 / 12 +
         f * (1.0 / 120 +
              f * (-1.0 / 252 +
                   f * (1.0 / 240 + f * (-1.0 / 132 + f * (691.0 / 32760 + f * (-1.0 / 12)))))));
    return acc + log(x) - 0.5 / x + series;
}
PG_HD static inline float pg_digammaf(float x) {
    return (float)pg_digamma(x);
}

/* The derivative of digamma (for derivatives of derivatives of lgamma):
 * psi1(x) = psi1(x + 1) + 1/x^2 up to x >= 12, then the asymptotic series. */
PG_HD static inline double pg_trigamma(double x) {
    double acc = 0.0;
    if (x <= 0.0 && x == floor(x))
        return NAN;
    if (x < 0.0) { /* reflection: psi1(1 - x) + psi1(x) = pi^2 / sin^2(pi x) */
        double s = sin(3.14159265358979323846 * x);
        return -pg_trigamma(1.0 - x) + 9.86960440108935861883 / (s * s);
    }
    while (x < 12.0) {
        acc += 1.0 / (x * x);
        x += 1.0;
    }
    double f = 1.0 / (x * x);
    double series =
        1.0 / x + f / 2 + f / x * (1.0 / 6 + f * (-1.0 / 30 + f * (1.0 / 42 + f * (-1.0 / 30))));
    return acc + series;
}
PG_HD static inline float pg_trigammaf(float x) {
    return (float)pg_trigamma(x);
}

/* libm under names no variable shadows: where a function names a variable
 * cos (a parameter double cos, a flag int log), the derivatives it calls
 * cannot be spelled cos(...) there; generated code calls pg_libm_cos
 * instead (emit_expr.c call_name), in double and float. */
#define PG_LIBM1(fn)                                                                               \
    PG_HD static inline double pg_libm_##fn(double x) {                                            \
        return fn(x);                                                                              \
    }                                                                                              \
    PG_HD static inline float pg_libm_##fn##f(float x) {                                           \
        return fn##f(x);                                                                           \
    }
#define PG_LIBM2(fn)                                                                               \
    PG_HD static inline double pg_libm_##fn(double x, double y) {                                  \
        return fn(x, y);                                                                           \
    }                                                                                              \
    PG_HD static inline float pg_libm_##fn##f(float x, float y) {                                  \
        return fn##f(x, y);                                                                        \
    }
/* clang-format off */
PG_LIBM1(sin) PG_LIBM1(cos) PG_LIBM1(tan) PG_LIBM1(asin) PG_LIBM1(acos) PG_LIBM1(atan)
PG_LIBM2(atan2) PG_LIBM1(sinh) PG_LIBM1(cosh) PG_LIBM1(tanh) PG_LIBM1(asinh) PG_LIBM1(acosh)
PG_LIBM1(atanh) PG_LIBM1(exp) PG_LIBM1(exp2) PG_LIBM1(expm1) PG_LIBM1(log) PG_LIBM1(log2)
PG_LIBM1(log10) PG_LIBM1(log1p) PG_LIBM1(sqrt) PG_LIBM1(cbrt) PG_LIBM2(pow) PG_LIBM2(hypot)
PG_LIBM1(fabs) PG_LIBM1(erf) PG_LIBM1(erfc) PG_LIBM1(lgamma) PG_LIBM1(tgamma) PG_LIBM1(floor)
PG_LIBM1(ceil) PG_LIBM1(round) PG_LIBM1(trunc) PG_LIBM1(rint) PG_LIBM1(nearbyint) PG_LIBM1(logb)
PG_LIBM2(fmod) PG_LIBM2(remainder) PG_LIBM2(copysign) PG_LIBM2(fdim)
/* clang-format on */
#undef PG_LIBM1
#undef PG_LIBM2

#endif
