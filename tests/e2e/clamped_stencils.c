/* Stencils whose boundary cells read themselves in place of the missing
 * neighbour, as Rodinia's hotspot writes them: the neighbour's index
 * clamped by ?: (`r == 0 ? r : r - 1`, `c == col - 1 ? c : c + 1`,
 * `i + 1 < n ? i + 1 : i`, `i > 0 ? i - 1 : 0`). The grid comes in as an
 * input the function overwrites (its steps swap it with a scratch grid
 * by pointer), in wrt(...) but not in out(...): the gradient keeps the
 * adjoint of its input values in an array as long as the accesses reach,
 * and a clamped read reaches no farther than the cell's own (it was
 * rejected: "pargrad cannot tell" its size). The grid's size is not
 * declared anywhere: double *temp_in, as hotspot passes it. */
#include <math.h>

typedef struct {
    double cap, rx, ry, rz, amb, step;
} chip_t;

static double leak(double p, double t) {
    return p * (1.0 + 0.02 * t + 0.001 * t * t);
}

double hotspot(int niter, int row, int col, const chip_t *chip, const double *power,
               double *temp_in, double *scratch) {
    int it, r, c;
    double *temp = temp_in, *result = scratch, *swp;
    double Rx_1 = 1.0 / chip->rx, Ry_1 = 1.0 / chip->ry, Rz_1 = 1.0 / chip->rz;
    double step_div_cap = chip->step / chip->cap;
    double total = 0.0;

    for (it = 0; it < niter; it++) {
#pragma pargrad map
        for (r = 0; r < row; r++) {
#pragma pargrad map
            for (c = 0; c < col; c++) {
                int N = r == 0 ? r : r - 1;
                int S = r == row - 1 ? r : r + 1;
                int W = c == 0 ? c : c - 1;
                int E = c == col - 1 ? c : c + 1;
                double t0 = temp[r * col + c];
                double delta =
                    step_div_cap * (leak(power[r * col + c], t0) +
                                    (temp[S * col + c] + temp[N * col + c] - 2.0 * t0) * Ry_1 +
                                    (temp[r * col + E] + temp[r * col + W] - 2.0 * t0) * Rx_1 +
                                    (chip->amb - t0) * Rz_1);
                result[r * col + c] = t0 + delta;
            }
        }
        swp = temp;
        temp = result;
        result = swp;
    }
#pragma pargrad reduce(+ : total)
    for (r = 0; r < row * col; r++)
        total += temp[r] * temp[r];
    return total / (row * col);
}

/* one dimension, the clamps written the other ways, the array updated
 * through a second buffer and copied back each step */
double smooth(int n, int steps, double *u, double *v) {
    int s, i;
    for (s = 0; s < steps; s++) {
#pragma pargrad map
        for (i = 0; i < n; i++) {
            double left = u[i > 0 ? i - 1 : 0], right = u[i + 1 < n ? i + 1 : i];
            v[i] = u[i] + 0.2 * (left - 2.0 * u[i] + right) + 0.05 * sin(left * right);
        }
#pragma pargrad map
        for (i = 0; i < n; i++)
            u[i] = v[i];
    }
    double e = 0.0;
#pragma pargrad reduce(+ : e)
    for (i = 0; i < n; i++)
        e += u[i] * u[i] * (1.0 + 0.1 * i);
    return e;
}

/* periodic neighbours (Lorenz-96's tendency, an explicit step each
 * time), the left ones written (i + n - 1) % n: every residue is reached,
 * so x_b holds x's n elements (it was rejected: "pargrad cannot tell") */
double lorenz96(int n, int steps, double dt, double *x, double *dx) {
    for (int s = 0; s < steps; s++) {
#pragma pargrad map
        for (int i = 0; i < n; i++)
            dx[i] = (x[(i + 1) % n] - x[(i + n - 2) % n]) * x[(i + n - 1) % n] - x[i] + 8.0;
#pragma pargrad map
        for (int i = 0; i < n; i++)
            x[i] += dt * dx[i];
    }
    double e = 0.0;
#pragma pargrad reduce(+ : e)
    for (int i = 0; i < n; i++)
        e += x[i] * x[i];
    return e;
}

#pragma pargrad reverse(hotspot) wrt(power, temp_in)
#pragma pargrad reverse(smooth) wrt(u)
#pragma pargrad reverse(lorenz96) wrt(x)
