/* The gradient of a Gaussian mixture's negative log-likelihood (pargrad's
 * mixture_nll_b) against central finite differences, for every parameter,
 * on points drawn from two clusters. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

double mixture_nll(int n, int k, int d, const double *x, const double *alpha, const double *mu,
                   const double *logsig);
double mixture_nll_b(int n, int k, int d, const double *x, const double *alpha, double *alpha_b,
                     const double *mu, double *mu_b, const double *logsig, double *logsig_b,
                     double seed);

int main(void) {
    const int n = 5000, k = 3, d = 4;
    const int np = k + 2 * k * d;
    double *x = malloc(sizeof(double) * n * d);
    double *theta = malloc(sizeof(double) * np), *grad = calloc(np, sizeof(double));
    unsigned s = 2024;
    for (int i = 0; i < n * d; i++) {
        s = s * 1103515245u + 12345u;
        x[i] = ((s >> 8) / 16777216.0 - 0.5) + ((i / d) % 2 ? 2.0 : -1.0);
    }
    for (int p = 0; p < np; p++)
        theta[p] = 0.3 * sin(1.7 * p + 0.2);
    double *alpha = theta, *mu = theta + k, *logsig = theta + k + k * d;
    double f = mixture_nll_b(n, k, d, x, alpha, grad, mu, grad + k, logsig, grad + k + k * d, 1.0);
    int bad = fabs(f - mixture_nll(n, k, d, x, alpha, mu, logsig)) > 1e-9 * fabs(f);
    for (int p = 0; p < np; p++) {
        double h = 1e-4, t = theta[p]; /* the sum is large: a smaller step only adds rounding */
        theta[p] = t + h;
        double fp = mixture_nll(n, k, d, x, alpha, mu, logsig);
        theta[p] = t - h;
        double fm = mixture_nll(n, k, d, x, alpha, mu, logsig);
        theta[p] = t;
        double fd = (fp - fm) / (2 * h);
        if (!(fabs(fd - grad[p]) <= 1e-5 * (1.0 + fabs(fd)))) {
            printf("MISMATCH d/dtheta[%d]: %.10g, finite differences %.10g\n", p, grad[p], fd);
            bad++;
        }
    }
    printf("nll %.6f, %d parameters: %s\n", f, np, bad ? "FAILED" : "gradient ok");
    free(x), free(theta), free(grad);
    return bad != 0;
}
