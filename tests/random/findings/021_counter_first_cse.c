/* random tester seed 500059 (shrunk by hand): internal error "use of a
 * variable not in scope". The first value of a loop counting down, n - 1,
 * repeats x[n - 1]'s index; value numbering replaced it, but the counter's
 * record (for the extent of y) kept the dropped variable. */
double f(int n, const double *x, double *y) {
    double s = x[n - 1];
#pragma pargrad map
    for (int i = n - 1; i >= 0; i--)
        y[i] = x[i] * s;
    return s;
}

#pragma pargrad reverse(f) wrt(x) out(y, return)
