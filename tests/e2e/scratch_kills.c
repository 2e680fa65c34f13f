/* Time loops whose scratch grid each step writes in full before reading
 * it, in pieces: an interior map and the two boundary stores, a nested
 * map over rows and columns (edge[i * nx + j]) copied back flat, and the
 * same with the byte count kept in a variable (`memcpy(u, nxt, bytes)`).
 * The scratch keeps nothing on the tape (its old values are never read:
 * the pieces join end to end, the rows make up the flat range); only the
 * state the steps overwrite is saved. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

double relax_ends(int n, int steps, double *x) {
    double *interior = malloc(sizeof(double) * n);
    for (int s = 0; s < steps; s++) {
#pragma pargrad map
        for (int i = 1; i < n - 1; i++)
            interior[i] = x[i] + 0.1 * x[i - 1] * x[i + 1] - 0.05 * sin(x[i]);
        interior[0] = 0.9 * x[0] + 0.1 * x[1 % n];
        interior[n - 1] = 0.8 * x[n - 1];
        memcpy(x, interior, n * sizeof(double));
    }
    double e = 0.0;
#pragma pargrad reduce(+ : e)
    for (int i = 0; i < n; i++)
        e += x[i] * x[i];
    free(interior);
    return e;
}
#pragma pargrad reverse(relax_ends) wrt(x) out(return, x)

double smooth_rows(int nx, int ny, int steps, double *u) {
    double *edge = malloc(sizeof(double) * nx * ny);
    int s, i, j;
    for (s = 0; s < steps; s++) {
#pragma pargrad map
        for (i = 0; i < ny; i++)
#pragma pargrad map
            for (j = 0; j < nx; j++)
                edge[i * nx + j] = u[i * nx + j] + 0.2 * u[i * nx + (j + 1) % nx] * u[i * nx + j];
#pragma pargrad map
        for (i = 0; i < nx * ny; i++)
            u[i] = tanh(edge[i]);
    }
    double e = 0.0;
#pragma pargrad reduce(+ : e)
    for (i = 0; i < nx * ny; i++)
        e += u[i] * (1.0 + 0.01 * i);
    free(edge);
    return e;
}
#pragma pargrad reverse(smooth_rows) wrt(u) out(return, u)

double diffuse_bytes(int nx, int ny, int steps, double *u) {
    const size_t bytes = (size_t)nx * ny * sizeof(double);
    double *nxt = malloc(bytes);
    for (int s = 0; s < steps; s++) {
#pragma pargrad map
        for (int i = 0; i < ny; i++) {
            const int up = (i + ny - 1) % ny, dn = (i + 1) % ny;
#pragma pargrad map
            for (int j = 0; j < nx; j++)
                nxt[i * nx + j] = u[i * nx + j] +
                                  0.1 * (u[up * nx + j] + u[dn * nx + j] - 2.0 * u[i * nx + j]) -
                                  0.02 * u[i * nx + j] * u[i * nx + j];
        }
        memcpy(u, nxt, bytes);
    }
    double e = 0.0;
#pragma pargrad reduce(+ : e)
    for (int i = 0; i < nx * ny; i++)
        e += u[i] * u[i];
    free(nxt);
    return e;
}
#pragma pargrad reverse(diffuse_bytes) wrt(u) out(return, u)
