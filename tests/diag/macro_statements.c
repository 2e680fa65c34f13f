/* expect: 15:9: cannot see the operator of this expression: it is inside a macro holding statements */
/* An accumulation wrapped in do { } while (0), the usual form of a
 * statement macro: its operator cannot be read (it once said
 * "unsupported assignment operator ''"). The hint's static inline
 * function, acc(&s, sin(x[i])) with *s += v, is accepted. */
#include <math.h>
#define ACC(s, v)                                                                                  \
    do {                                                                                           \
        (s) += (v);                                                                                \
    } while (0)

double macro_statements(int n, const double *x) {
    double s = 0.0;
    for (int i = 0; i < n; i++)
        ACC(s, sin(x[i]));
    return s;
}

#pragma pargrad reverse(macro_statements) wrt(x)
