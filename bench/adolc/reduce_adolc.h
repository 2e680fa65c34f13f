/* ADOL-C peer of the reduce_* micro benchmarks: the including file defines
 * PGB_NAME (the primal's name) and PGB_ADOLC_BODY(s, x), the primal loop's
 * update of s by x (as in bench/micro/PGB_NAME.c), and PGB_ADOLC_INIT (s's
 * initial value), then includes this header, which defines
 *   double PGB_NAME##_adolc_b(long n, const double *x, double *x_b, double seed)
 * with the generated gradient's signature: tapes the reduction afresh (see
 * adolc_peer.h), x_b += seed * d s / d x, returns s. Serial. */
#include "adolc_peer.h"

#include <cmath>

#define PGB_ACAT_(a, b) a##b
#define PGB_ACAT(a, b) PGB_ACAT_(a, b)

extern "C" double PGB_ACAT(PGB_NAME, _adolc_b)(long n, const double *x, double *x_b, double seed) {
    const int m = (int)n;                /* ADOL-C counts independents in int */
    pgb_adolc_trace_on(5.0 * (double)n); /* 3-4 n measured */
    double f;
    {
        adouble *ax = new adouble[m];
        for (int i = 0; i < m; i++)
            ax[i] <<= x[i];
        adouble s = PGB_ADOLC_INIT;
        for (int i = 0; i < m; i++)
            PGB_ADOLC_BODY(s, ax[i]);
        s >>= f;
        delete[] ax;
    }
    pgb_adolc_trace_off();
    double *g = new double[m];
    pgb_adolc_gradient(m, x, seed, g);
    for (int i = 0; i < m; i++)
        x_b[i] += g[i];
    delete[] g;
    return f;
}
