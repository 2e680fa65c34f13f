/* Rodinia's SRAD v2 (speckle-reducing anisotropic diffusion), the OpenMP
 * version's iteration loop as the suite writes it, in double: the
 * neighbours through the index arrays iN, iS, jW, jE (clamped at the
 * borders), the diffusion coefficient c and the derivatives dN..dE in
 * scratch arrays the caller passes, `double *c` without a length.
 * c's adjoint is pargrad's own: its length comes from the accesses it can
 * bound (c[k], k < rows * cols), and the forward sweep checks the others
 * (c[iS[i] * cols + j], c[i * cols + jE[j]]) against it (pg_bin_check: a
 * message and a stop, not a write outside the adjoint). It was rejected:
 * "'c' carries derivatives, but pargrad cannot tell its size". */
#include <math.h>
#include <stdlib.h>

void srad(int rows, int cols, int r1, int r2, int c1, int c2, int niter, double lambda, double *J,
          double *c, double *dN, double *dS, double *dW, double *dE, int *iN, int *iS, int *jW,
          int *jE) {
    int size_R, iter, i, j, k;
    double Jc, G2, L, num, den, qsqr, D, cN, cS, cW, cE;
    double tmp, sum, sum2, meanROI, varROI, q0sqr;

    size_R = (r2 - r1 + 1) * (c2 - c1 + 1);

    for (iter = 0; iter < niter; iter++) {
        sum = 0;
        sum2 = 0;
#pragma pargrad reduce(+ : sum, sum2)
        for (i = r1; i <= r2; i++) {
            for (j = c1; j <= c2; j++) {
                tmp = J[i * cols + j];
                sum += tmp;
                sum2 += tmp * tmp;
            }
        }
        meanROI = sum / size_R;
        varROI = (sum2 / size_R) - meanROI * meanROI;
        q0sqr = varROI / (meanROI * meanROI);

#pragma omp parallel for shared(J, dN, dS, dW, dE, c, rows, cols, iN, iS, jW,                      \
                                jE) private(i, j, k, Jc, G2, L, num, den, qsqr)
#pragma pargrad map
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {

                k = i * cols + j;
                Jc = J[k];

                // directional derivates
                dN[k] = J[iN[i] * cols + j] - Jc;
                dS[k] = J[iS[i] * cols + j] - Jc;
                dW[k] = J[i * cols + jW[j]] - Jc;
                dE[k] = J[i * cols + jE[j]] - Jc;

                G2 = (dN[k] * dN[k] + dS[k] * dS[k] + dW[k] * dW[k] + dE[k] * dE[k]) / (Jc * Jc);

                L = (dN[k] + dS[k] + dW[k] + dE[k]) / Jc;

                num = (0.5 * G2) - ((1.0 / 16.0) * (L * L));
                den = 1 + (.25 * L);
                qsqr = num / (den * den);

                // diffusion coefficent (equ 33)
                den = (qsqr - q0sqr) / (q0sqr * (1 + q0sqr));
                c[k] = 1.0 / (1.0 + den);

                // saturate diffusion coefficent
                if (c[k] < 0) {
                    c[k] = 0;
                } else if (c[k] > 1) {
                    c[k] = 1;
                }
            }
        }
#pragma omp parallel for shared(J, c, rows, cols, lambda) private(i, j, k, D, cS, cN, cW, cE)
#pragma pargrad map
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {

                // current index
                k = i * cols + j;

                // diffusion coefficent
                cN = c[k];
                cS = c[iS[i] * cols + j];
                cW = c[k];
                cE = c[i * cols + jE[j]];

                // divergence (equ 58)
                D = cN * dN[k] + cS * dS[k] + cW * dW[k] + cE * dE[k];

                // image update (equ 61)
                J[k] = J[k] + 0.25 * lambda * D;
            }
        }
    }
}
#pragma pargrad reverse(srad) wrt(J, lambda) out(J)
