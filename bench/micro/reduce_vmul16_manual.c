/* Hand-written gradient of reduce_vmul16, two passes as reduce_mul's, each
 * column on its own: pass 1 multiplies each column's non-zero elements and
 * counts its zeros (per thread, then the threads' parts); pass 2 increments
 * x_b: without zeros d acc[j] / d x = acc[j] / x; with one zero only that
 * element gets the product of the column's others; with two or more the
 * column's gradient is zero. Both passes run over whole rows, vectorised
 * over the 16 columns. */
#include <omp.h>
#include <stdlib.h>

enum { W = 16 };

double reduce_vmul16_manual_b(long n, const double *x, double *x_b, double seed) {
    long rows = n / W;
    int nt = omp_get_max_threads();
    double(*pp)[W] = malloc(sizeof(double) * W * (size_t)nt);
    long(*zz)[W] = malloc(sizeof(long) * W * (size_t)nt);
    double c[W], d[W], r = 0.0;
#pragma omp parallel
    {
        int t = omp_get_thread_num(), m = omp_get_num_threads();
        double p[W];
        long z[W];
        for (int j = 0; j < W; j++) {
            p[j] = 1.0;
            z[j] = 0;
        }
#pragma omp for schedule(static) nowait
        for (long i = 0; i < rows; i++)
#pragma omp simd
            for (int j = 0; j < W; j++) {
                double v = x[i * W + j];
                z[j] += v == 0.0;
                p[j] *= v == 0.0 ? 1.0 : v;
            }
        for (int j = 0; j < W; j++) {
            pp[t][j] = p[j];
            zz[t][j] = z[j];
        }
#pragma omp barrier
#pragma omp single
        for (int j = 0; j < W; j++) {
            double pj = 1.0, wj = seed * (1.0 + j / 16.0);
            long zj = 0;
            for (int u = 0; u < m; u++) {
                pj *= pp[u][j];
                zj += zz[u][j];
            }
            c[j] = zj == 0 ? wj * pj : 0.0; /* to every element: c / x */
            d[j] = zj == 1 ? wj * pj : 0.0; /* to the zero */
            r += zj == 0 ? (1.0 + j / 16.0) * pj : 0.0;
        }
#pragma omp for schedule(static)
        for (long i = 0; i < rows; i++)
#pragma omp simd
            for (int j = 0; j < W; j++) {
                double v = x[i * W + j];
                x_b[i * W + j] += v != 0.0 ? c[j] / v : d[j];
            }
    }
    free(pp);
    free(zz);
    return r;
}
