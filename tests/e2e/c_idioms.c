/* Small habits of C numerical code: array initialisers (weights, a zeroed
 * histogram, a 2x2 matrix with a computed entry), chained assignments
 * (a = b = 0.0, y[i] = z[i] = e), as written in the original codes. */
#include <math.h>

double smooth_energy(int n, const double *x) {
    double w[3] = {0.25, 0.5, 0.25};
    double bins[4] = {0};
    double m[2][2] = {{1.0, x[0]}, {0.0, 2.0}};
    double lo, hi, s;
    int i;
    lo = hi = s = 0.0;
    for (i = 1; i < n - 1; i++) {
        double h[3] = {x[i - 1], x[i], x[i + 1]};
        double v = w[0] * h[0] + w[1] * h[1] + w[2] * h[2];
        s += v * v;
        bins[i % 4] += h[1] * h[1];
        if (v < lo)
            lo = v;
        if (v > hi)
            hi = v;
    }
    return s + bins[0] + bins[1] * m[0][1] + m[1][1] * bins[3] + 0.1 * (hi - lo);
}

void twin_outputs(int n, const double *x, double *y, double *z) {
    int i;
    for (i = 0; i < n; i++)
        y[i] = z[i] = tanh(x[i]) * x[i];
}

/* Pointer idioms of stream code: *p++ = e and s += *r++, and a for
 * header with commas, two counters meeting in the middle. */
double streams(int n, const double *x) {
    double buf[64], out[64];
    double *p = out;
    const double *q = x;
    int i, j, m = n < 64 ? n : 64;
    double s = 0.0;
    for (i = 0; i < m; i++)
        buf[i] = sin(x[i]);
    for (i = 0; i < m; i++) {
        *p++ = -(*q) * (*q) + buf[i];
        q++;
    }
    const double *r = out;
    for (i = 0; i < m; i++)
        s += *r++ * x[i];
    for (i = 0, j = m - 1; i < j; i++, j--)
        s += out[i] * out[j];
    return s;
}

#pragma pargrad reverse(smooth_energy) wrt(x)
#pragma pargrad reverse(streams) wrt(x)
#pragma pargrad reverse(twin_outputs) wrt(x) out(y, z)
