/* Fits a logistic regression by gradient descent with the gradient pargrad
 * wrote (logistic_loss_b), after checking it against finite differences. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

double logistic_loss(int n, int d, const double *X, const double *y, const double *w,
                     double lambda);
double logistic_loss_b(int n, int d, const double *X, const double *y, const double *w, double *w_b,
                       double lambda, double seed);

int main(void) {
    const int n = 20000, d = 8;
    const double lambda = 1e-3;
    double *X = malloc(sizeof(double) * n * d), *y = malloc(sizeof(double) * n);
    double w[8] = {0}, g[8], truth[8] = {1.5, -2.0, 0.5, 0.0, 1.0, -0.5, 2.0, -1.0};
    unsigned s = 12345;
    for (int i = 0; i < n; i++) {
        double z = 0.0;
        for (int j = 0; j < d; j++) {
            s = s * 1103515245u + 12345u;
            X[i * d + j] = (s >> 8) / 8388608.0 - 1.0;
            z += X[i * d + j] * truth[j];
        }
        s = s * 1103515245u + 12345u;
        y[i] = (s >> 8) / 16777216.0 < 1.0 / (1.0 + exp(-z)) ? 1.0 : 0.0;
    }
    for (int j = 0; j < d; j++)
        w[j] = 0.1 * (j + 1);
    /* the gradient against central differences */
    for (int j = 0; j < d; j++)
        g[j] = 0.0;
    logistic_loss_b(n, d, X, y, w, g, lambda, 1.0);
    int bad = 0;
    for (int j = 0; j < d; j++) {
        double h = 1e-6, wj = w[j];
        w[j] = wj + h;
        double fp = logistic_loss(n, d, X, y, w, lambda);
        w[j] = wj - h;
        double fm = logistic_loss(n, d, X, y, w, lambda);
        w[j] = wj;
        double fd = (fp - fm) / (2 * h);
        if (!(fabs(fd - g[j]) <= 1e-6 * (1.0 + fabs(fd)))) {
            printf("MISMATCH d/dw[%d]: %.10g, finite differences %.10g\n", j, g[j], fd);
            bad++;
        }
    }
    double first = logistic_loss(n, d, X, y, w, lambda), f = first;
    for (int it = 0; it < 200; it++) {
        for (int j = 0; j < d; j++)
            g[j] = 0.0;
        f = logistic_loss_b(n, d, X, y, w, g, lambda, 1.0);
        for (int j = 0; j < d; j++)
            w[j] -= 1.0 * g[j];
    }
    printf("loss %.6f -> %.6f; w =", first, f);
    for (int j = 0; j < d; j++)
        printf(" %.2f", w[j]);
    printf("\n");
    free(X), free(y);
    if (!(f < 0.8 * first))
        bad++;
    printf("%s\n", bad ? "FAILED" : "gradient ok, loss decreased");
    return bad != 0;
}
