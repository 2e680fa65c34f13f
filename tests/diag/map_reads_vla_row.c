/* expect: 9:51: read elements of 'u' that other iterations write */
/* The same in place update on a 2-D array parameter: row i reads row
 * i - 1, which another iteration writes. */
double relax(int nx, int ny, int sweeps, double u[nx][ny]) {
    for (int s = 0; s < sweeps; s++) {
#pragma pargrad map
        for (int i = 1; i < nx - 1; i++)
            for (int j = 1; j < ny - 1; j++)
                u[i][j] = 0.5 * u[i][j] + 0.25 * (u[i - 1][j] + u[i + 1][j]);
    }
    double e = 0.0;
    for (int i = 0; i < nx; i++)
        for (int j = 0; j < ny; j++)
            e += u[i][j] * u[i][j];
    return e;
}
#pragma pargrad reverse(relax) wrt(u) out(u)
