/* wrong-gradient: y is out(y) but a (dead) read of y after the map makes f_b skip consuming the seeds: y_b is not zero on exit (without the read, y_b is zeroed). */
void f(int n, const double *x, double *y) {
#pragma pargrad map
    for (int i = 0; i < n; i++)
        y[i] = 0.5;
    double t = y[n / 2];
}
#pragma pargrad reverse(f) wrt(x) out(y)
