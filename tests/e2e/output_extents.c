/* How many seeds of an output the gradient consumes (zeroes), where no
 * write of its own does: outputs written at rotated positions,
 * y[(i + s) % n], as ring buffers and periodic shifts are (every element of
 * [0, n) is written; `phase` is inactive, its writes have no adjoint code),
 * the same written in tiles and through a walking pointer, and an array of
 * structs declared with its length, cell_t h[nb]. */
#include <math.h>

double shift_ring(int n, const double *x, double *z, double *phase) {
    int i;
    double s = 0.0;
    for (i = 0; i - 1 < n - 1; ++i) {
        double *slot = phase + ((i + 2) % n);
        *slot = 0.1 * i;
        z[(i + 1) % n] = sin(x[i]) * x[(i + 3) % n];
        s += x[i] * x[i];
    }
    return s;
}

#pragma pargrad reverse(shift_ring) wrt(x) out(z, phase, return )

/* the same rotation, its counter running down */
double shift_down(int n, const double *x, double *z, double *phase) {
    int i;
    double s = 0.0;
    for (i = n - 1; i >= 0; i -= 1) {
        phase[(i + 2) % n] = 0.1 * i;
        z[(i + 1) % n] = sin(x[i]) * x[(i + 3) % n];
        s += x[i] * x[i];
    }
    return s;
}

#pragma pargrad reverse(shift_down) wrt(x) out(z, phase, return )

/* in tiles of 3, as cache blocking writes it: the last tile's end,
 * min(ii + 3, n), is n */
double shift_tiled(int n, const double *x, double *z, double *phase) {
    int ii, i;
    double s = 0.0;
    for (ii = 0; ii < n; ii += 3) {
        int end = ii + 3 < n ? ii + 3 : n;
        for (i = ii; i < end; i++) {
            phase[i] = 0.1 * i;
            z[i] = sin(x[i]) * x[(i + 3) % n];
            s += x[i] * x[i];
        }
    }
    return s;
}

#pragma pargrad reverse(shift_tiled) wrt(x) out(z, phase, return )

/* phase written through a pointer that walks it (for with two steps, an
 * index pargrad cannot bound), in a time loop: its seeds are zeroed where
 * it is written (campaign seed 6415221 was rejected) */
double shift_walk(int n, const double *x, double *z, double *phase) {
    double s = 0.0;
    for (int t = 0; t < 2; t++) {
        double *p = phase;
        int k;
        for (k = 0; k < n; k++, p++)
            *p = 0.5 * *p * t + 0.1 * k;
        for (int i = 0; i < n; i++) {
            z[i] = sin(x[i]) * x[(i + 3) % n] + phase[n - 1 - i];
            s += x[i] * x[i] * (1.0 + t);
        }
    }
    return s;
}

#pragma pargrad reverse(shift_walk) wrt(x) out(z, phase, return )

typedef struct {
    double mass, moment;
} cell_t;

void deposit(int n, int nb, const double *x, cell_t h[nb]) {
    for (int b = 0; b < nb; b++) {
        h[b].mass = 0.0;
        h[b].moment = 0.0;
    }
    for (int i = 0; i < n; i++) {
        const int k = (3 * i) % nb;
        h[k].mass += x[i] * x[i];
        h[k].moment += sin(x[i]) * i;
    }
}

#pragma pargrad reverse(deposit) wrt(x) out(h)
