/* Logistic regression: the mean negative log-likelihood of labels y in
 * {0, 1} given features X (n rows of d) and weights w, plus an L2 penalty.
 * The rows are independent: a reduce over them. */
#include <math.h>

double logistic_loss(int n, int d, const double *X, const double *y, const double *w,
                     double lambda) {
    double nll = 0.0;
#pragma pargrad reduce(+ : nll)
    for (int i = 0; i < n; i++) {
        double z = 0.0;
        for (int j = 0; j < d; j++)
            z += X[i * d + j] * w[j];
        /* log(1 + exp(z)) - y z, without overflow for large z */
        nll += (z > 0.0 ? z + log1p(exp(-z)) : log1p(exp(z))) - y[i] * z;
    }
    double reg = 0.0;
#pragma pargrad reduce(+ : reg)
    for (int j = 0; j < d; j++)
        reg += w[j] * w[j];
    return nll / n + 0.5 * lambda * reg;
}

#pragma pargrad reverse(logistic_loss) wrt(w)
