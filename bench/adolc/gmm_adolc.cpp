/* ADOL-C peer of the GMM benchmarks (bench/apps/gmm.c): the same objective
 * written with adouble, taped afresh at every call (logsumexp's maximum
 * makes the control flow depend on the data) and differentiated by one
 * reverse sweep; see adolc_peer.h. Exports the generated gradient's
 * signature as gmm_objective_adolc_b (the driver's -DPGB_PEER_ADOLC):
 * alphas_b, means_b, icf_b incremented with seed * the gradient; returns the
 * objective. Serial. */
#include "adolc_peer.h"

#include <cmath>

#define PI 3.14159265358979323846

static adouble arr_max(int n, const adouble *x) {
    adouble m = x[0];
    for (int i = 1; i < n; i++)
        if (x[i] > m)
            m = x[i];
    return m;
}

static adouble logsumexp(int n, const adouble *x) {
    adouble mx = arr_max(n, x);
    adouble semx = 0.0;
    for (int i = 0; i < n; i++)
        semx += exp(x[i] - mx);
    return log(semx) + mx;
}

static adouble sqnorm(int n, const adouble *x) {
    adouble s = 0.0;
    for (int i = 0; i < n; i++)
        s += x[i] * x[i];
    return s;
}

static double log_gamma_distrib(double a, int p) {
    double out = 0.25 * p * (p - 1) * std::log(PI);
    for (int j = 1; j <= p; j++)
        out += std::lgamma(a + 0.5 * (1 - j));
    return out;
}

static void Qtimesx(int d, const adouble *Qdiag, const adouble *ltri, const adouble *x,
                    adouble *out) {
    for (int i = 0; i < d; i++)
        out[i] = Qdiag[i] * x[i];
    int idx = 0;
    for (int i = 0; i < d; i++)
        for (int j = i + 1; j < d; j++) {
            out[j] += ltri[idx] * x[i];
            idx++;
        }
}

/* the objective of gmm.c on active alphas, means, icf */
static adouble gmm_objective_ad(int d, int k, int n, const adouble *alphas, const adouble *means,
                                const adouble *icf, const double *x, double wishart_gamma,
                                int wishart_m) {
    const int icf_sz = d * (d + 1) / 2;
    const double CONSTANT = -n * d * 0.5 * std::log(2 * PI);

    adouble *Qdiags = new adouble[d * k];
    adouble *sum_qs = new adouble[k];
    for (int ik = 0; ik < k; ik++) {
        sum_qs[ik] = 0.0;
        for (int id = 0; id < d; id++) {
            sum_qs[ik] += icf[ik * icf_sz + id];
            Qdiags[ik * d + id] = exp(icf[ik * icf_sz + id]);
        }
    }

    adouble slse = 0.0;
    adouble *xcentered = new adouble[d], *Qxcentered = new adouble[d], *main_term = new adouble[k];
    for (int ix = 0; ix < n; ix++) {
        for (int ik = 0; ik < k; ik++) {
            for (int id = 0; id < d; id++)
                xcentered[id] = x[ix * d + id] - means[ik * d + id];
            Qtimesx(d, &Qdiags[ik * d], &icf[ik * icf_sz + d], xcentered, Qxcentered);
            main_term[ik] = alphas[ik] + sum_qs[ik] - 0.5 * sqnorm(d, Qxcentered);
        }
        slse += logsumexp(k, main_term);
    }
    delete[] main_term;
    delete[] Qxcentered;
    delete[] xcentered;

    adouble lse_alphas = logsumexp(k, alphas);
    adouble err = CONSTANT + slse - n * lse_alphas;

    int n_ = d + wishart_m + 1;
    double C =
        n_ * d * (std::log(wishart_gamma) - 0.5 * std::log(2)) - log_gamma_distrib(0.5 * n_, d);
    adouble prior = 0.0;
    for (int ik = 0; ik < k; ik++) {
        adouble frobenius = sqnorm(d, &Qdiags[ik * d]) + sqnorm(icf_sz - d, &icf[ik * icf_sz + d]);
        prior += 0.5 * wishart_gamma * wishart_gamma * frobenius - wishart_m * sum_qs[ik];
    }
    err += prior - k * C;

    delete[] sum_qs;
    delete[] Qdiags;
    return err;
}

extern "C" double gmm_objective_adolc_b(int d, int k, int n, const double *alphas, double *alphas_b,
                                        const double *means, double *means_b, const double *icf,
                                        double *icf_b, const double *x, double wishart_gamma,
                                        int wishart_m, double seed) {
    const int icf_sz = d * (d + 1) / 2;
    const int na = k, nm = k * d, ni = k * icf_sz, np = na + nm + ni;
    double *th = new double[np], *g = new double[np];
    for (int i = 0; i < na; i++)
        th[i] = alphas[i];
    for (int i = 0; i < nm; i++)
        th[na + i] = means[i];
    for (int i = 0; i < ni; i++)
        th[na + nm + i] = icf[i];

    /* per point and component: d subtractions, d(d+1)/2 products and sums,
     * d squares and sums, exp/log: about d^2 + 6 d + 8 operations */
    pgb_adolc_trace_on((double)n * k * ((double)d * d + 6.0 * d + 8.0) + 10.0 * np);
    double f;
    {
        adouble *ath = new adouble[np];
        for (int i = 0; i < np; i++)
            ath[i] <<= th[i];
        adouble err =
            gmm_objective_ad(d, k, n, ath, ath + na, ath + na + nm, x, wishart_gamma, wishart_m);
        err >>= f;
        delete[] ath;
    }
    pgb_adolc_trace_off();
    pgb_adolc_gradient(np, th, seed, g);

    for (int i = 0; i < na; i++)
        alphas_b[i] += g[i];
    for (int i = 0; i < nm; i++)
        means_b[i] += g[na + i];
    for (int i = 0; i < ni; i++)
        icf_b[i] += g[na + nm + i];
    delete[] g;
    delete[] th;
    return f;
}
