/* ADBench's Gaussian mixture model objective (the negative log-likelihood
 * part plus a Wishart prior on the precision matrices), written as one
 * writes it for one's own OpenMP code: small static helpers, the per-point
 * temporaries as VLAs inside the parallel loop (private to each thread),
 * the per-component precomputations in malloc'ed arrays.
 *
 * Layout as in ADBench's C++ reference (gmm.h): alphas[k], means[k][d],
 * icf[k][d + d(d-1)/2] holding per component the d log-diagonal entries of
 * Q followed by its strictly lower triangle, column by column; x[n][d].
 * bench/apps/gmm.c is this file (a link): the GMM application benchmark. */
#include <math.h>
#include <stdlib.h>

#define PI 3.14159265358979323846

static double arr_max(int n, const double *x) {
    double m = x[0];
    for (int i = 1; i < n; i++)
        if (x[i] > m)
            m = x[i];
    return m;
}

static double logsumexp(int n, const double *x) {
    double mx = arr_max(n, x);
    double semx = 0.0;
    for (int i = 0; i < n; i++)
        semx += exp(x[i] - mx);
    return log(semx) + mx;
}

static double sqnorm(int n, const double *x) {
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += x[i] * x[i];
    return s;
}

/* log of the multivariate gamma function Gamma_p(a) */
static double log_gamma_distrib(double a, int p) {
    double out = 0.25 * p * (p - 1) * log(PI);
    for (int j = 1; j <= p; j++)
        out += lgamma(a + 0.5 * (1 - j));
    return out;
}

/* out = Q x, Q lower triangular with diagonal Qdiag and strictly lower part
 * ltri stored column by column */
static void Qtimesx(int d, const double *Qdiag, const double *ltri, const double *x, double *out) {
    for (int i = 0; i < d; i++)
        out[i] = Qdiag[i] * x[i];
    int idx = 0;
    for (int i = 0; i < d; i++)
        for (int j = i + 1; j < d; j++) {
            out[j] += ltri[idx] * x[i];
            idx++;
        }
}

double gmm_objective(int d, int k, int n, const double *alphas, const double *means,
                     const double *icf, const double *x, double wishart_gamma, int wishart_m) {
    const int icf_sz = d * (d + 1) / 2;
    const double CONSTANT = -n * d * 0.5 * log(2 * PI);

    double *Qdiags = malloc(sizeof(double) * d * k);
    double *sum_qs = malloc(sizeof(double) * k);
    for (int ik = 0; ik < k; ik++) {
        sum_qs[ik] = 0.0;
        for (int id = 0; id < d; id++) {
            sum_qs[ik] += icf[ik * icf_sz + id];
            Qdiags[ik * d + id] = exp(icf[ik * icf_sz + id]);
        }
    }

    double slse = 0.0;
#pragma pargrad reduce(+ : slse)
#pragma omp parallel for reduction(+ : slse)
    for (int ix = 0; ix < n; ix++) {
        double xcentered[d], Qxcentered[d], main_term[k];
        for (int ik = 0; ik < k; ik++) {
            for (int id = 0; id < d; id++)
                xcentered[id] = x[ix * d + id] - means[ik * d + id];
            Qtimesx(d, &Qdiags[ik * d], &icf[ik * icf_sz + d], xcentered, Qxcentered);
            main_term[ik] = alphas[ik] + sum_qs[ik] - 0.5 * sqnorm(d, Qxcentered);
        }
        slse += logsumexp(k, main_term);
    }

    double lse_alphas = logsumexp(k, alphas);
    double err = CONSTANT + slse - n * lse_alphas;

    /* log Wishart prior */
    int n_ = d + wishart_m + 1;
    double C = n_ * d * (log(wishart_gamma) - 0.5 * log(2)) - log_gamma_distrib(0.5 * n_, d);
    double prior = 0.0;
    for (int ik = 0; ik < k; ik++) {
        double frobenius = sqnorm(d, &Qdiags[ik * d]) + sqnorm(icf_sz - d, &icf[ik * icf_sz + d]);
        prior += 0.5 * wishart_gamma * wishart_gamma * frobenius - wishart_m * sum_qs[ik];
    }
    err += prior - k * C;

    free(Qdiags);
    free(sum_qs);
    return err;
}

#pragma pargrad reverse(gmm_objective) wrt(alphas, means, icf) out(return )
