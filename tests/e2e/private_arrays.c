/* Scratch arrays declared at the top of the function, C89's habit, made
 * private to the threads of a parallel loop by OpenMP's private clause:
 * each iteration writes them before reading them. pargrad gives each
 * iteration a copy of its own (the clause is the user's word that no
 * iteration reads another's): a fixed-size one in a map, one sized at
 * run time in a reduce, two in one clause beside a private scalar.
 *
 * What it guards: they were rejected, "iterations of the map all write
 * the same elements of 't' ... (a race when the loop runs in parallel)",
 * in code OpenMP runs correctly (helper finding, FEM assembly and GNN
 * kernels). */
#include <math.h>

void strain_energy(int n, const double *x, double *y) {
    int i, k;
    double t[3];
#pragma pargrad map
#pragma omp parallel for private(k, t)
    for (i = 0; i < n; i++) {
        for (k = 0; k < 3; k++)
            t[k] = x[3 * i + k] * x[3 * i + (k + 1) % 3];
        y[i] = t[0] * t[1] + sin(t[2]);
    }
}

double row_softmax_loss(int n, int m, const double *z, const int *label) {
    int i, j;
    double loss = 0.0, mx;
    double p[m];
#pragma pargrad reduce(+ : loss)
#pragma omp parallel for private(j, mx, p) reduction(+ : loss)
    for (i = 0; i < n; i++) {
        mx = z[i * m];
        for (j = 1; j < m; j++)
            mx = fmax(mx, z[i * m + j]);
        double s = 0.0;
        for (j = 0; j < m; j++) {
            p[j] = exp(z[i * m + j] - mx);
            s += p[j];
        }
        loss += log(s) - log(p[label[i]]);
    }
    return loss / n;
}

void gather_pairs(int n, const double *x, const int *nb, double *y) {
    int i, k;
    double a[2], b[2];
#pragma pargrad map
#pragma omp parallel for private(a, b, k)
    for (i = 0; i < n; i++) {
        for (k = 0; k < 2; k++) {
            a[k] = x[2 * i + k];
            b[k] = x[2 * nb[i] + k];
        }
        y[i] = (a[0] - b[0]) * (a[0] - b[0]) + tanh(a[1] * b[1]);
    }
}
#pragma pargrad reverse(strain_energy) wrt(x) out(y)
#pragma pargrad reverse(row_softmax_loss) wrt(z) out(return )
#pragma pargrad reverse(gather_pairs) wrt(x) out(y)
