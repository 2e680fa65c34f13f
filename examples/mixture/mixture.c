/* A Gaussian mixture with diagonal covariances, GMM-style: the negative
 * log-likelihood of n points x (rows of d) under k components with
 * log-weights alpha (normalised by their log-sum-exp), means mu (k rows of
 * d) and log standard deviations logsig (k rows of d). The points are
 * independent: a reduce over them; each point's log-sum-exp over the
 * components takes their maximum first, as numerical code does. */
#include <math.h>

static double log_density(int d, const double *x, const double *mu, const double *logsig) {
    double s = 0.0;
    for (int j = 0; j < d; j++) {
        double r = (x[j] - mu[j]) * exp(-logsig[j]);
        s += -logsig[j] - 0.5 * r * r;
    }
    return s - 0.5 * d * log(2.0 * M_PI);
}

double mixture_nll(int n, int k, int d, const double *x, const double *alpha, const double *mu,
                   const double *logsig) {
    double amax = alpha[0];
    for (int c = 1; c < k; c++)
        amax = fmax(amax, alpha[c]);
    double asum = 0.0;
    for (int c = 0; c < k; c++)
        asum += exp(alpha[c] - amax);
    const double lse_alpha = amax + log(asum);

    double nll = 0.0;
#pragma pargrad reduce(+ : nll)
    for (int i = 0; i < n; i++) {
        const double *xi = &x[i * d];
        double m = -INFINITY;
        for (int c = 0; c < k; c++)
            m = fmax(m, alpha[c] + log_density(d, xi, &mu[c * d], &logsig[c * d]));
        double s = 0.0;
        for (int c = 0; c < k; c++)
            s += exp(alpha[c] + log_density(d, xi, &mu[c * d], &logsig[c * d]) - m);
        nll -= m + log(s) - lse_alpha;
    }
    return nll;
}

#pragma pargrad reverse(mixture_nll) wrt(alpha, mu, logsig)
