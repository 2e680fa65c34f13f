/* The gradient against central finite differences. */
#include <math.h>
#include <stdio.h>

/* GRAD: the gradient's name (loss_b from the file's directive, or the
 * NAME given to the macro) */
#ifndef GRAD
#define GRAD loss_b
#endif

double loss(int n, const double *x, const double *w);
double GRAD(int n, const double *x, const double *w, double *w_b, double seed);

int main(void) {
    enum { N = 1000 };
    static double x[N], w[N], w_b[N];
    for (int i = 0; i < N; i++)
        x[i] = sin(i), w[i] = cos(0.3 * i);
    GRAD(N, x, w, w_b, 1.0);
    int bad = 0, nonzero = 0;
    for (int i = 0; i < N; i += 37) {
        double h = 1e-6, wi = w[i];
        w[i] = wi + h;
        double fp = loss(N, x, w);
        w[i] = wi - h;
        double fm = loss(N, x, w);
        w[i] = wi;
        double fd = (fp - fm) / (2 * h);
        nonzero += w_b[i] != 0.0;
        if (!(fabs(fd - w_b[i]) <= 1e-6 * (1 + fabs(fd)))) {
            printf("MISMATCH w_b[%d]: %.12g, finite differences %.12g\n", i, w_b[i], fd);
            bad++;
        }
    }
    if (!nonzero)
        bad++;
    printf("%s\n", bad ? "gradient WRONG" : "gradient ok");
    return bad != 0;
}
