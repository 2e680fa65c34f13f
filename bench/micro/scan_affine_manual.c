/* Hand-written gradient of scan_affine, sequential as a user writes the
 * recurrence: forward, then the adjoint recurrence from the top, g =
 * y_b[i] + a_{i+1} g, with x_b[i] += g d(a_i y[i-1] + x[i]) / dx[i] =
 * g (1 - x[i] y[i-1]). */
void scan_affine_manual_b(long n, const double *x, double *x_b, double *y, double *y_b) {
    double acc = 0.0;
    for (long i = 0; i < n; i++) {
        acc = (0.9 - 0.5 * x[i] * x[i]) * acc + x[i];
        y[i] = acc;
    }
    double g = 0.0;
    for (long i = n - 1; i >= 0; i--) {
        g += y_b[i];
        y_b[i] = 0.0;
        double prev = i > 0 ? y[i - 1] : 0.0;
        x_b[i] += g * (1.0 - x[i] * prev);
        g *= 0.9 - 0.5 * x[i] * x[i];
    }
}
