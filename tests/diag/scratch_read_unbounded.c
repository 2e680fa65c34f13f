/* expect: 15:14: 'tmp' carries derivatives, but pargrad cannot tell its size to keep its adjoint (pargrad finds no bound of this subscript) */
/* A work array the caller passes in, written over a known range but read
 * back at a label from the data: nothing bounds that subscript, so the
 * adjoint's size is unknown. The caret points at the read; the hint's
 * declared length, double tmp[n * m], works. */
double pick_labels(int n, int m, const double *x, const int *lab, double *tmp) {
#pragma pargrad map
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            tmp[i * m + j] = x[i] * x[j];
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += 0.5 *
             tmp[i * m + lab[i]];
    return s;
}
#pragma pargrad reverse(pick_labels) wrt(x)
