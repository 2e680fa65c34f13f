/* uncompilable (-Wextra -Werror): x only steers a branch, so f_b never touches x_b: 'unused parameter x_b' (the primal compiles warning-free; the output should say (void)x_b). */
double f(int n, const double *x, double p) {
    double s = p;
    for (int i = 0; i < n; i++)
        if (x[i] > 5.0)
            s = s * p;
    return s;
}
#pragma pargrad reverse(f) wrt(x, p)
