/* pargrad_gen 75 */
#include <math.h>
#include <stdlib.h>

void f(int n, int m, const double *x, const double *w, double p, double *y) {
    double la1[3] = {(-0.30), (sqrt(0.5 + (-1.26) * (-1.26)) / (1.0 + (((m < 3) ? x[0] : (w[n - 1]))) * (((m < 3) ? x[0] : (w[n - 1]))))), 0.42};
    double v2 = pow(1.5 + cos((w[n - 1])), 1.5);
    double s3 = 1.0e3;
    #pragma pargrad reduce(min : s3)
    for (int i4 = 0; i4 <= n - 1; i4++) {
        double v5 = w[i4];
        double v6 = ((sqrt(1.0 + (w[n - 1]) * (w[n - 1])) * p) + la1[2]);
        if (x[i4] < s3) s3 = x[i4];
    }
    #pragma pargrad map
    for (int i7 = 0; i7 < n; i7 += 1) {
        y[i7] = sqrtf(1.0f + (float)(expf(tanhf((float)pow(1.5 + cos(0.03), 1.5))) * expf(tanhf((float)pow(1.5 + cos(0.03), 1.5)))));
    }
}

#pragma pargrad reverse(f) wrt(x, w, p) out(y)
