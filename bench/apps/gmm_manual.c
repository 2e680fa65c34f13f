/* Hand-written gradient of the ADBench GMM objective (gmm.c), as one derives
 * it by hand: per point x_i and component k, with xc = x_i - mu_k,
 * v = Q_k xc, main_k = alpha_k + sum_q_k - |v|^2 / 2 and the posterior
 * w_ik = exp(main_k - lse_i):
 *   alpha_b_k  += w_ik                      (- n softmax(alpha)_k, once)
 *   sum_q_b_k  += w_ik                      (each log-diagonal entry, once)
 *   Qdiag_b_kj += -w_ik v_j xc_j            (icf_b_kj += Qdiag_kj Qdiag_b_kj, once)
 *   L_b_k[j,c] += -w_ik v_j xc_c            (j > c)
 *   mu_b_k     += w_ik Q_k^T v
 * plus the Wishart prior's terms, g^2 Qdiag_kj^2 - m on the log-diagonal and
 * g^2 L on the lower triangle. The main term's xc and v of every component
 * stay in a per-thread scratch (K d values each, in L1) between the forward
 * pass over the components and the adjoint pass. Parallel over points, each
 * thread adds into accumulators of its own (alpha, mu, Qdiag and L adjoints,
 * padded to cache lines); they are combined once, in parallel over the
 * components, with the per-component terms. No atomics. */
#include <math.h>
#include <omp.h>
#include <stdlib.h>

#define PI 3.14159265358979323846

static double log_gamma_distrib(double a, int p) {
    double out = 0.25 * p * (p - 1) * log(PI);
    for (int j = 1; j <= p; j++)
        out += lgamma(a + 0.5 * (1 - j));
    return out;
}

double gmm_objective_manual_b(int d, int k, int n, const double *alphas, double *alphas_b,
                              const double *means, double *means_b, const double *icf,
                              double *icf_b, const double *x, double wishart_gamma, int wishart_m,
                              double seed) {
    const int icf_sz = d * (d + 1) / 2;
    const double CONSTANT = -n * d * 0.5 * log(2 * PI);
    /* per-thread accumulator block: [alpha k | mu k*d | icf-shaped k*icf_sz] */
    const long np = (long)k + (long)k * d + (long)k * icf_sz;
    const long stride = (np + 7) / 8 * 8;
    const int nth = omp_get_max_threads();

    double *Qdiags = malloc(sizeof(double) * d * k);
    double *sum_qs = malloc(sizeof(double) * k);
    double *acc = aligned_alloc(64, sizeof(double) * (size_t)stride * (size_t)nth);
    for (int ik = 0; ik < k; ik++) {
        sum_qs[ik] = 0.0;
        for (int id = 0; id < d; id++) {
            sum_qs[ik] += icf[ik * icf_sz + id];
            Qdiags[ik * d + id] = exp(icf[ik * icf_sz + id]);
        }
    }

    double slse = 0.0;
    int used = 1;
#pragma omp parallel reduction(+ : slse)
    {
        const int tid = omp_get_thread_num();
#pragma omp single
        used = omp_get_num_threads();
        double *my = acc + (long)tid * stride;
        double *a_b = my, *m_b = my + k, *q_b = my + k + (long)k * d;
        for (long p = 0; p < np; p++)
            my[p] = 0.0;
        double xc[k * d], v[k * d], e[k];

#pragma omp for schedule(static)
        for (int ix = 0; ix < n; ix++) {
            const double *xi = x + (long)ix * d;
            /* forward: main terms, keeping xc and v = Q xc */
            double mx = -INFINITY;
            for (int ik = 0; ik < k; ik++) {
                const double *mu = means + (long)ik * d, *qd = Qdiags + (long)ik * d;
                const double *L = icf + (long)ik * icf_sz + d;
                double *xck = xc + ik * d, *vk = v + ik * d;
                for (int j = 0; j < d; j++) {
                    xck[j] = xi[j] - mu[j];
                    vk[j] = qd[j] * xck[j];
                }
                int idx = 0;
                for (int c = 0; c < d; c++)
                    for (int j = c + 1; j < d; j++)
                        vk[j] += L[idx++] * xck[c];
                double sq = 0.0;
                for (int j = 0; j < d; j++)
                    sq += vk[j] * vk[j];
                e[ik] = alphas[ik] + sum_qs[ik] - 0.5 * sq;
                if (e[ik] > mx)
                    mx = e[ik];
            }
            double se = 0.0;
            for (int ik = 0; ik < k; ik++) {
                e[ik] = exp(e[ik] - mx);
                se += e[ik];
            }
            slse += log(se) + mx;

            /* adjoint: w_ik = seed * posterior */
            const double inv = seed / se;
            for (int ik = 0; ik < k; ik++) {
                const double w = e[ik] * inv;
                const double *qd = Qdiags + (long)ik * d;
                const double *L = icf + (long)ik * icf_sz + d;
                const double *xck = xc + ik * d, *vk = v + ik * d;
                double *mb = m_b + (long)ik * d, *qb = q_b + (long)ik * icf_sz;
                double *Lb = qb + d;
                a_b[ik] += w;
                int idx = 0;
                for (int c = 0; c < d; c++) {
                    /* dv_j = -w v_j; xc_b_c = Qdiag_c dv_c + sum_{j>c} L[j,c] dv_j */
                    const double dvc = -w * vk[c], xcc = xck[c];
                    double xb = qd[c] * dvc;
                    qb[c] += dvc * xcc;
                    for (int j = c + 1; j < d; j++, idx++) {
                        const double dvj = -w * vk[j];
                        xb += L[idx] * dvj;
                        Lb[idx] += dvj * xcc;
                    }
                    mb[c] -= xb;
                }
            }
        }

        /* combine the threads' accumulators, with the per-component terms */
        const double g2 = wishart_gamma * wishart_gamma;
        const double lse_a_b = -n * seed;
#pragma omp for schedule(static)
        for (int ik = 0; ik < k; ik++) {
            double amax = alphas[0], asum = 0.0;
            for (int q = 1; q < k; q++)
                if (alphas[q] > amax)
                    amax = alphas[q];
            for (int q = 0; q < k; q++)
                asum += exp(alphas[q] - amax);
            double wa = 0.0;
            for (int t = 0; t < used; t++)
                wa += acc[(long)t * stride + ik];
            alphas_b[ik] += wa + lse_a_b * exp(alphas[ik] - amax) / asum;
            for (int j = 0; j < d; j++) {
                const long p = (long)k + (long)ik * d + j;
                double s = 0.0;
                for (int t = 0; t < used; t++)
                    s += acc[(long)t * stride + p];
                means_b[(long)ik * d + j] += s;
            }
            const double *qd = Qdiags + (long)ik * d;
            for (int j = 0; j < icf_sz; j++) {
                const long p = (long)k + (long)k * d + (long)ik * icf_sz + j;
                double s = 0.0;
                for (int t = 0; t < used; t++)
                    s += acc[(long)t * stride + p];
                const double c = icf[(long)ik * icf_sz + j];
                if (j < d) /* log-diagonal: sum_q, Qdiag = exp(icf), prior */
                    icf_b[(long)ik * icf_sz + j] +=
                        wa + qd[j] * s + seed * (g2 * qd[j] * qd[j] - wishart_m);
                else
                    icf_b[(long)ik * icf_sz + j] += s + seed * g2 * c;
            }
        }
    }

    /* the primal value, as gmm_objective computes it */
    double amax = alphas[0], asum = 0.0;
    for (int q = 1; q < k; q++)
        if (alphas[q] > amax)
            amax = alphas[q];
    for (int q = 0; q < k; q++)
        asum += exp(alphas[q] - amax);
    double err = CONSTANT + slse - n * (log(asum) + amax);
    int n_ = d + wishart_m + 1;
    double C = n_ * d * (log(wishart_gamma) - 0.5 * log(2)) - log_gamma_distrib(0.5 * n_, d);
    double prior = 0.0;
    for (int ik = 0; ik < k; ik++) {
        double fro = 0.0;
        for (int j = 0; j < d; j++)
            fro += Qdiags[ik * d + j] * Qdiags[ik * d + j];
        double fl = 0.0;
        for (int j = d; j < icf_sz; j++)
            fl += icf[ik * icf_sz + j] * icf[ik * icf_sz + j];
        prior += 0.5 * wishart_gamma * wishart_gamma * (fro + fl) - wishart_m * sum_qs[ik];
    }
    err += prior - k * C;

    free(acc);
    free(Qdiags);
    free(sum_qs);
    return err;
}
