/* Linear recurrences as scans: an exponential moving average, a discounted
 * return computed backwards (reinforcement learning), a first-order IIR
 * filter written with the operator inferred, a recurrence under an if,
 * and a reduce of affine maps (the final value only). */
#include <math.h>
#include <stdlib.h>

/* ema = (1 - alpha_i) * ema + alpha_i * x_i with a data-dependent alpha */
double scan_ema(int n, const double *x) {
    double *y = malloc(n * sizeof(double));
    double ema = x[0];
#pragma pargrad scan(affine : ema)
    for (int i = 0; i < n; i++) {
        double alpha = 0.5 / (1.0 + x[i] * x[i]);
        ema = (1.0 - alpha) * ema + alpha * x[i];
        y[i] = ema * ema;
    }
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += y[i];
    free(y);
    return s + ema;
}

/* G_t = r_t + gamma * G_{t+1}, the loop counting down, gamma from the data */
double scan_returns(int n, const double *x) {
    double *g = malloc(n * sizeof(double));
    double ret = 0.0;
    int t;
#pragma pargrad scan(affine : ret)
    for (t = n - 1; t >= 0; t--) {
        ret = sin(x[t]) + (0.9 + 0.05 * cos(x[t])) * ret;
        g[t] = ret;
    }
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (t = 0; t < n; t++)
        s += g[t] * x[t];
    free(g);
    return s;
}

/* y_i = a y_{i-1} + b x_i, the operator inferred; reads before the update */
double scan_iir(int n, const double *x) {
    double *y = malloc(n * sizeof(double));
    double st = 0.25;
#pragma pargrad scan(st)
    for (int i = 0; i < n; i++) {
        y[i] = tanh(st); /* the state before the sample */
        st = 0.8 * st - 0.3 * x[i];
    }
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += y[i] * x[i];
    free(y);
    return s + st;
}

/* a recurrence that resets where the data says so, two updates per step */
double scan_reset(int n, const double *x) {
    double *y = malloc(n * sizeof(double));
    double h = 1.0;
#pragma pargrad scan(affine : h)
    for (int i = 0; i < n; i++) {
        if (x[i] > 0.5)
            h = 0.0 * h + x[i];
        else
            h = h * (0.5 + 0.25 * x[i]) + 0.1;
        h += 0.01 * x[i];
        y[i] = h;
    }
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += y[i] * y[i];
    free(y);
    return s;
}

/* only the final value: a reduce of affine maps */
double reduce_affine(int n, const double *x) {
    double v = 2.0;
#pragma pargrad reduce(affine : v)
    for (int i = 0; i < n; i++)
        v = v * cos(x[i]) + x[i] * x[i];
    return v;
}

/* discounted returns with episode ends (a reset is affine: a = 0), and a
 * recurrence written as a scaled sum, the operator inferred */
double scan_episodes(int n, const double *x) {
    double *ret = malloc(n * sizeof(double));
    double *y = malloc(n * sizeof(double));
    double G = 0.0, acc = 0.5;
#pragma pargrad scan(affine : G)
    for (int t = n - 1; t >= 0; t--) {
        if (t % 5 == 4)
            G = 0.0;
        G = x[t] * x[t] + 0.9 * G;
        ret[t] = G;
    }
#pragma pargrad scan(acc)
    for (int i = 0; i < n; i++) {
        acc = 0.9 * (acc + x[i]) - acc / (4.0 + x[i] * x[i]);
        y[i] = acc;
    }
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int t = 0; t < n; t++)
        s += ret[t] * cos(0.3 * t) + y[t] * y[t];
    free(ret);
    free(y);
    return s + G + acc;
}

/* a constant factor and term: the forward's terms read no index (its pass
 * 1 binds none: campaign seed 7660894, an unused variable); the adjoint's
 * read the seeds */
double scan_const_step(int n, const double *x) {
    double *y = malloc(n * sizeof(double));
    double c = x[0];
#pragma pargrad scan(affine : c)
    for (int i = 0; i < n; i++) {
        c = 0.9 * c + 0.05;
        y[i] = c;
    }
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += y[i] * x[i];
    free(y);
    return s;
}

#pragma pargrad reverse(scan_const_step) wrt(x) out(return )
#pragma pargrad reverse(scan_ema) wrt(x) out(return )
#pragma pargrad reverse(scan_episodes) wrt(x) out(return )
#pragma pargrad reverse(scan_returns) wrt(x) out(return )
#pragma pargrad reverse(scan_iir) wrt(x) out(return )
#pragma pargrad reverse(scan_reset) wrt(x) out(return )
#pragma pargrad reverse(reduce_affine) wrt(x) out(return )
