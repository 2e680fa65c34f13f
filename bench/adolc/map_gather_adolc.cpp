/* ADOL-C peer of map_gather (bench/micro/map_gather.c: y[i] = x[idx[i]]^2):
 * tapes the map afresh at every call (see adolc_peer.h; the gather's
 * indices are data), then vec_jac() gives y_b^T dy/dx. The generated
 * gradient's signature as map_gather_adolc_b: y written, x_b += y_b^T
 * dy/dx, y_b consumed (zeroed). Serial. */
#include "adolc_peer.h"

extern "C" void map_gather_adolc_b(long n, const double *x, double *x_b, const int *idx, double *y,
                                   double *y_b) {
    const int m = (int)n;                /* ADOL-C counts variables in int */
    pgb_adolc_trace_on(5.0 * (double)n); /* 4 n measured */
    {
        adouble *ax = new adouble[m];
        for (int i = 0; i < m; i++)
            ax[i] <<= x[i];
        for (int i = 0; i < m; i++) {
            adouble v = ax[idx[i]] * ax[idx[i]];
            v >>= y[i];
        }
        delete[] ax;
    }
    pgb_adolc_trace_off();
    double *z = new double[m];
    pgb_adolc_vec_jac(m, m, x, y_b, z);
    for (int i = 0; i < m; i++) {
        x_b[i] += z[i];
        y_b[i] = 0.0;
    }
    delete[] z;
}
