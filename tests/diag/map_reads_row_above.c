/* expect: 10:40: read elements of 'u' that other iterations write */
/* Gauss-Seidel in place on a flat grid, annotated as a map: row i reads
 * row i - 1, which the iteration before writes. */
#define IDX(i, j) ((i) * ny + (j))
double relax(int nx, int ny, int sweeps, double *u) {
    for (int s = 0; s < sweeps; s++) {
#pragma pargrad map
        for (int i = 1; i < nx - 1; i++)
            for (int j = 1; j < ny - 1; j++)
                u[IDX(i, j)] = 0.25 * (u[IDX(i - 1, j)] + u[IDX(i + 1, j)] + u[IDX(i, j - 1)] +
                                       u[IDX(i, j + 1)]);
    }
    double e = 0.0;
    for (int i = 0; i < nx * ny; i++)
        e += u[i] * u[i];
    return e;
}
#pragma pargrad reverse(relax) wrt(u) out(u)
