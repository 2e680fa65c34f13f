/* Products that divide: a *-reduce updated with p /= e and p = p / e
 * (attenuation through layers, a ratio of products), next to p *= e, and
 * *-scans that divide (the light left after each layer).
 * Division takes 1 / e into the product, as the reduce may combine its
 * terms in any order. */
#include <math.h>
#include <stdlib.h>

double attenuation(int n, const double *x) {
    double p = 1.0;
#pragma pargrad reduce(* : p)
    for (int i = 0; i < n; i++)
        p /= 1.0 + x[i] * x[i];
    return p;
}

double ratio(int n, const double *x) {
    double p = 2.0;
#pragma pargrad reduce(* : p)
    for (int i = 0; i < n; i++) {
        if (i % 2 == 0)
            p *= 1.5 + 0.5 * cos(x[i]);
        else
            p = p / (2.0 + sin(x[i]));
    }
    return p * x[0];
}

/* the light left after each layer: a *-scan that divides (the operator
 * inferred from c /= e), and one written c = c / e */
double transmittance(int n, const double *x) {
    double c = 1.0, d = 2.0, s = 0.0;
    double *t = malloc(n * sizeof(double));
#pragma pargrad scan(c)
    for (int i = 0; i < n; i++) {
        t[i] = c;
        c /= 1.0 + 0.2 * x[i] * x[i];
    }
#pragma pargrad scan(* : d)
    for (int i = 0; i < n; i++) {
        d = d / (1.5 + 0.5 * sin(x[i]));
        t[i] += d;
    }
    for (int i = 0; i < n; i++)
        s += t[i] * (1.0 + 0.01 * i);
    free(t);
    return s;
}

#pragma pargrad reverse(attenuation) wrt(x)
#pragma pargrad reverse(transmittance) wrt(x)
#pragma pargrad reverse(ratio) wrt(x)
