/* Arrays of rank 2 and 3 declared with their dimensions, whose adjoints
 * pargrad keeps itself (flat, on the heap, sized by the rows the accesses
 * reach and the declared row lengths): a grid in wrt that the function
 * overwrites but does not list in out (Gauss-Seidel sweeps in place,
 * sequential: each point reads its updated neighbours), a scratch
 * Gram matrix `double g[n][n]` and a scratch 3-D field the caller passes,
 * and an output `double (*out)[w]` whose rows are not declared but which
 * the function reads back. */
#include <math.h>

double gauss_seidel(int nx, int ny, int sweeps, double u[nx][ny]) {
    for (int s = 0; s < sweeps; s++) {
        for (int i = 1; i < nx - 1; i++)
            for (int j = 1; j < ny - 1; j++)
                u[i][j] =
                    0.5 * u[i][j] +
                    0.125 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]) * cos(u[i][j]);
    }
    double e = 0.0;
#pragma pargrad reduce(+ : e)
    for (int i = 0; i < nx; i++)
        for (int j = 0; j < ny; j++)
            e += u[i][j] * u[i][j];
    return e;
}

double gram_energy(int n, int d, const double *x, double g[n][n]) {
#pragma pargrad map
    for (int i = 0; i < n; i++)
        for (int k = 0; k < n; k++) {
            double s = 0.0;
            for (int c = 0; c < d; c++)
                s += x[i * d + c] * x[k * d + c];
            g[i][k] = exp(-0.5 * s);
        }
    double e = 0.0;
    for (int i = 0; i < n; i++)
        for (int k = 0; k < n; k++)
            e += g[i][k] * g[k][i] * (1.0 + 0.1 * i);
    return e;
}

double field_3d(int nz, int ny, int nx, const double *src, double f[nz][ny][nx]) {
    int i, j, k;
#pragma pargrad map
    for (k = 0; k < nz; k++)
        for (j = 0; j < ny; j++)
            for (i = 0; i < nx; i++)
                f[k][j][i] = tanh(src[(k * ny + j) * nx + i]) * (1.0 + k);
    double e = 0.0;
    for (k = 1; k < nz; k++)
        for (j = 0; j < ny; j++)
            for (i = 0; i < nx; i++)
                e += f[k][j][i] * f[k - 1][j][i];
    return e;
}

double rows_out(int n, int w, const double *x, double (*out)[w]) {
    int i, j;
#pragma pargrad map
    for (i = 0; i < n; i++)
        for (j = 0; j < w; j++)
            out[i][j] = sin(x[i * w + j]) + 0.5 * x[i * w + (j + 1) % w];
    double s = 0.0;
    for (i = 0; i < n; i++)
        for (j = 0; j < w; j++)
            s += out[i][j] * out[i][(j + 2) % w];
    return s;
}

#pragma pargrad reverse(gauss_seidel) wrt(u)
#pragma pargrad reverse(gram_energy) wrt(x)
#pragma pargrad reverse(field_3d) wrt(src)
#pragma pargrad reverse(rows_out) wrt(x) out(return, out)
