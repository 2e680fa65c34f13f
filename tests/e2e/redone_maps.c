/* Maps in the body of a time loop, whose return sweep runs the body again
 * before its adjoint: a map that only its own adjoint would need is not run
 * again there (the LSTM cell's case), one whose output a later statement
 * reads is, with the writes of its scratch array that it reads itself
 * (random seed 102193 lost those). */
#include <math.h>
#include <stdlib.h>

/* the last map of the step: not run again before its adjoint */
double rm_last(int n, const double *x) {
    double *h = malloc(sizeof(double) * (size_t)n), *c = malloc(sizeof(double) * (size_t)n);
    for (int i = 0; i < n; i++) {
        h[i] = x[i];
        c[i] = 0.5 * x[i];
    }
    for (int t = 0; t < 4; t++) {
#pragma pargrad map
        for (int i = 0; i < n; i++) {
            double f = 1.0 / (1.0 + exp(-(h[i] * 0.7 + 0.1 * t)));
            c[i] = c[i] * f + (1.0 - f) * tanh(h[i]);
            h[i] = f * tanh(c[i]);
        }
    }
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += h[i] * c[i];
    free(h);
    free(c);
    return s;
}

/* a map with a scratch array, whose output the next statement reads */
double rm_scratch(int n, const double *x) {
    double *u = malloc(sizeof(double) * (size_t)n), *v = malloc(sizeof(double) * (size_t)n);
    for (int i = 0; i < n; i++)
        u[i] = x[i];
    double e = 0.0;
    for (int t = 0; t < 3; t++) {
#pragma pargrad map
        for (int i = 0; i < n; i++) {
            double la[3];
            la[0] = 0.5;
            la[1] = u[(i + 1) % n];
            la[2] = sin(u[i]);
            v[i] = la[0] * la[1] + la[2] * la[2];
        }
        double s = 0.0;
#pragma pargrad reduce(+ : s)
        for (int i = 0; i < n; i++)
            s += v[i] * v[i];
        e += s;
#pragma pargrad map
        for (int i = 0; i < n; i++)
            u[i] = 0.5 * v[i];
    }
    free(u);
    free(v);
    return e;
}

#pragma pargrad reverse(rm_last) wrt(x)
#pragma pargrad reverse(rm_scratch) wrt(x)
