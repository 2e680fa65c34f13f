/* internal: 'the lifted IR of f does not verify': a local array element read in an if condition and another element updated inside the if (no loop involved). */
double f(int n, const double *x, const double *w) {
    double la[2];
    la[0] = w[0];
    la[1] = -1.2;
    if (w[n - 1] + la[1] > 0.04)
        la[0] += x[n / 2];
    return x[n / 2] * la[0];
}
#pragma pargrad reverse(f) wrt(x)
