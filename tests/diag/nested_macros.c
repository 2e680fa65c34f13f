/* expect: 18:9: cannot see the operator of this expression: it is inside a macro using another macro */
/* A statement macro whose body uses another macro: the operators of SQ's
 * body inside ACC's cannot be paired with tokens (statement macros alone
 * are read: e2e statement_macros). The hint's static inline function,
 * acc(&s, v) with *s += v * v - 2.0 * v, is accepted. */
#include <math.h>
#define SQ(a) ((a) * (a))
#define ACC(s, v)                                                                                  \
    do {                                                                                           \
        (s) += SQ(v) - 2.0 * (v);                                                                  \
    } while (0)

double nested_macros(int n, const double *x) {
    double s = 0.0;
    for (int i = 0; i < n; i++)
        /* (the comment keeps the line of the expectation) */
        /* */
        ACC(s, sin(x[i]));
    return s;
}

#pragma pargrad reverse(nested_macros) wrt(x)
