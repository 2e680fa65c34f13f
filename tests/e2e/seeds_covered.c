/* Outputs whose seeds the return sweep zeroes itself, in whole or in part,
 * and maps fused with their adjoints across the statements between them.
 *
 * The adjoint of each write y[k] = v zeroes y_b[k]; where the writes of an
 * output chain from 0 to its end (y[0], a map over [1, n - 1), y[n - 1]),
 * the gradient's last loop, which zeroes the seeds left, has nothing left
 * to do (it starts at y_b_zeroed). Where an end is not written, or only
 * under an if, that loop must still zero it; where the output is read
 * after a write (its adjoint adds into y_b after the zero), the loop stays
 * whole. A stencil's map is fused with its adjoint across the boundary
 * writes (which touch only the element past its last); a write between
 * them inside its range keeps them apart. */
#include <math.h>
#include <stdlib.h>

/* early return, the ends written after the map */
void ends_after(long n, const double *x, double *y) {
    if (n < 1)
        return;
#pragma pargrad map
    for (long i = 1; i < n - 1; i++)
        y[i] = x[i] * (x[i - 1] - 2.0 * x[i] + x[i + 1]) + sin(x[i]);
    y[0] = 3.0 * x[0];
    y[n - 1] = x[n - 1] * x[n - 1];
}

/* y[n - 1] never written: its seed is zeroed by the last loop (which
 * knows of it from y's declared length) */
void one_end(int n, const double *x, double y[n]) {
    y[0] = exp(x[0]);
#pragma pargrad map
    for (int i = 1; i < n - 1; i++)
        y[i] = 0.5 * (x[i - 1] + x[i + 1]) * x[i];
}

/* y[0] only written where n > 3: the seeds zeroed depend on the branch */
void guarded_end(int n, const double *x, double *y) {
#pragma pargrad map
    for (int i = 1; i < n; i++)
        y[i] = x[i] * x[i - 1];
    if (n > 3)
        y[0] = cos(x[0]);
}

/* y read after it is written: its adjoint adds into y_b after zeroing */
void read_back(int n, const double *x, double *y, double *z) {
#pragma pargrad map
    for (int i = 0; i < n; i++)
        y[i] = sin(x[i]);
#pragma pargrad map
    for (int i = 0; i < n; i++)
        z[i] = y[i] * y[(i + 1) % n];
    y[0] = 2.0 * x[0];
}

/* a write inside the map's range between the map and its adjoint: no
 * fusion across it (y[1] is read and overwritten) */
void overwrite_inside(int n, const double *x, double y[n]) {
    if (n < 3)
        return;
    y[0] = x[0];
#pragma pargrad map
    for (int i = 1; i < n - 1; i++)
        y[i] = x[i - 1] * x[i + 1] + x[i];
    y[1] = tanh(x[1]) * y[1];
    y[n - 1] = x[n - 1];
}

/* a map from 0 with the last element written after it */
void from_zero(long n, const double *x, double *y) {
#pragma pargrad map
    for (long i = 0; i < n - 1; i++)
        y[i] = x[i] * x[i + 1];
    y[n - 1] = 0.25 * x[n - 1];
}

/* a temporary allocated after an early return: both sweeps allocate it
 * under the same condition, so their ifs stay apart (joined, one name in
 * one scope freed one allocation twice: campaign seed 7400353) */
void temp_after_return(int n, const double *x, double y[n]) {
    if (n < 2)
        return;
    double *tmp = malloc(sizeof(double) * (size_t)n);
    for (int t = 0; t < 2; t++) {
#pragma pargrad map
        for (int i = 0; i < n; i++)
            tmp[i] = sin(x[i]) * (t + 1);
    }
#pragma pargrad map
    for (int i = 0; i < n; i++)
        y[i] = x[i] * x[(i + 1) % n];
    free(tmp);
}

#pragma pargrad reverse(ends_after) wrt(x) out(y)
#pragma pargrad reverse(one_end) wrt(x) out(y)
#pragma pargrad reverse(guarded_end) wrt(x) out(y)
#pragma pargrad reverse(read_back) wrt(x) out(y, z)
#pragma pargrad reverse(overwrite_inside) wrt(x) out(y)
#pragma pargrad reverse(from_zero) wrt(x) out(y)
#pragma pargrad reverse(temp_after_return) wrt(x) out(y)
