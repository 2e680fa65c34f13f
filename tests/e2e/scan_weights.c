/* Scans fused with maps whose adjoints add into weights every iteration
 * uses: a portfolio's drawdowns (a running peak over its values, each
 * value a weighted sum of asset prices) and the softplus of a cumulative
 * return (a running sum of weighted features). Each scan and its maps is
 * one parallel region; the weights' adjoints go into the threads' partial
 * sums there, as in a map of their own (they were atomic on every update,
 * also on one thread: 6.0x the primal, now 1.9x). */
#include <math.h>
#include <stdlib.h>

double drawdown_loss(int na, int nt, const double *w, const double *price) {
    double *value = malloc(sizeof(double) * nt);
#pragma pargrad map
    for (int t = 0; t < nt; t++) {
        double s = 0.0;
        for (int k = 0; k < na; k++)
            s += w[k] * price[(size_t)k * nt + t];
        value[t] = s;
    }
    double peak = -INFINITY, total = 0.0;
#pragma pargrad scan(max : peak)
    for (int t = 0; t < nt; t++) {
        peak = fmax(peak, value[t]);
        value[t] = 1.0 - value[t] / peak;
    }
#pragma pargrad reduce(+ : total)
    for (int t = 0; t < nt; t++)
        total += value[t] * value[t];
    free(value);
    return total;
}

#pragma pargrad reverse(drawdown_loss) wrt(w)

double cumulative_softplus(int nt, int d, const double *w, const double *x, double level) {
    double *ret = malloc(sizeof(double) * nt), *wealth = malloc(sizeof(double) * nt);
#pragma pargrad map
    for (int t = 0; t < nt; t++) {
        const double *xt = x + (size_t)t * d;
        double r = 0.0;
        for (int j = 0; j < d; j++)
            r += w[j] * xt[j];
        ret[t] = tanh(r);
    }
    double c = 0.0;
#pragma pargrad scan(+ : c)
    for (int t = 0; t < nt; t++) {
        c += ret[t];
        wealth[t] = c;
    }
    double loss = 0.0;
#pragma pargrad reduce(+ : loss)
    for (int t = 0; t < nt; t++)
        loss += log1p(exp(level - wealth[t]));
    free(ret);
    free(wealth);
    return loss;
}

#pragma pargrad reverse(cumulative_softplus) wrt(w)
