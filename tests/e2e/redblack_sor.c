/* Red-black Gauss-Seidel (SOR) sweeps on a 2-D Poisson problem, in place
 * on the input u declared with its length, u[n * n]; each colour's rows
 * are a map, its points started at 1 + (i + colour) % 2 and stepped by 2.
 * The input's adjoint is kept in an array of the declared length, which
 * must be computed before the body that computes n * n runs (once an
 * internal error: "use of a variable not in scope"). */
#include <math.h>

#define U(i, j) u[(i)*n + (j)]

double redblack_sor(int n, int nsweeps, double u[n * n], const double *rhs, double omega) {
    int s, color, i, j;
    double loss = 0.0;
    double h2 = 1.0 / ((n - 1) * (n - 1));

    for (s = 0; s < nsweeps; s++) {
        for (color = 0; color < 2; color++) {
#pragma pargrad map
#pragma omp parallel for private(j)
            for (i = 1; i < n - 1; i++) {
                for (j = 1 + (i + color) % 2; j < n - 1; j += 2) {
                    double gs = 0.25 * (U(i - 1, j) + U(i + 1, j) + U(i, j - 1) + U(i, j + 1) -
                                        h2 * rhs[i * n + j]);
                    U(i, j) = (1.0 - omega) * U(i, j) + omega * gs;
                }
            }
        }
    }
#pragma pargrad reduce(+ : loss)
    for (i = 2; i < n * n - 2; i++)
        loss += cos(u[i]) * (u[i - 2] + 2.0 * u[i - 1] - 6.0 * u[i] + 2.0 * u[i + 1] + u[i + 2]);
    return loss;
}

#pragma pargrad reverse(redblack_sor) wrt(u, rhs, omega)
