/* expect: 10:9: 'tmp' carries derivatives, but pargrad cannot tell its size to keep its adjoint (pargrad finds no bound of this subscript) */
/* A work array the caller passes in, written and read only at places
 * from the data (a label's row): no access bounds it, so the adjoint's
 * size is unknown (where some access is bounded, the others are checked
 * against it as the gradient runs). The caret points at the first; the
 * hint's declared length, double tmp[n * m], works. */
double pick_labels(int n, int m, const double *x, const int *lab, double *tmp) {
#pragma pargrad map
    for (int i = 0; i < n; i++)
        tmp[lab[i] * m] = x[i] * x[i];
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += 0.5 * tmp[lab[i] * m];
    return s;
}
#pragma pargrad reverse(pick_labels) wrt(x)
