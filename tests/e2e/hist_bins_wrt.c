/* Min, max and * histograms differentiated with respect to the bins
 * only: the values come from data (no derivative flows through them), as
 * in a lower envelope of measurements h[c] = min(h0[c], data in cell c)
 * whose gradient wrt the initial envelope is wanted. A bin's adjoint goes
 * to its value from before only where no update replaced it, so the
 * return sweep must know the bins from before (an update that leaves a
 * bin's value alone keeps its adjoint; one that replaces it takes it).
 * The bins of a pointer take their count from the OpenMP clause. */
#include <math.h>

#define ROW 3

void envelope_min(int n, int nb, const int *cell, const double *data, double h[nb]) {
#pragma pargrad histogram(min : h)
#pragma omp parallel for reduction(min : h[:nb])
    for (int i = 0; i < n; i++)
        h[cell[i]] = fmin(h[cell[i]], data[i]);
}

/* each sample reaches a row of ROW bins, the row's maximum per bin */
void envelope_max_rows(int n, int nb, const int *cell, const double *data, double h[nb]) {
    int i;
#pragma pargrad histogram(max : h)
#pragma omp parallel for reduction(max : h[:nb])
    for (i = 0; i < n; i++) {
        const int base = cell[i] * ROW;
        for (int j = 0; j < ROW; j++)
            if (data[i * ROW + j] > h[base + j])
                h[base + j] = data[i * ROW + j];
    }
}

void cell_gain(int n, int nb, const int *cell, const double *data, double h[nb]) {
#pragma pargrad histogram(* : h)
#pragma omp parallel for reduction(* : h[:nb])
    for (int i = 0; i < n; i++)
        h[cell[i]] *= data[i];
}

/* the bins behind a pointer, as OpenMP code passes them: their count from
 * the reduction clause's array section */
void envelope_max_ptr(int n, int nb, const int *cell, const double *data, double *h) {
    (void)nb; /* (read by the OpenMP clause only: unused in a build without OpenMP) */
#pragma pargrad histogram(max : h)
#pragma omp parallel for reduction(max : h [0:nb]) /* (clang-format's spacing) */
    for (int i = 0; i < n; i++)
        if (data[i] > h[cell[i]])
            h[cell[i]] = data[i];
}

/* the pragma continued on a second line, as written (no clang-format) */
// clang-format off
void cell_gain_ptr(int n, int nb, const int *cell, const double *data, double *h) {
    int i;
    (void)nb; /* (read by the OpenMP clause only) */
#pragma pargrad histogram(* : h)
#pragma omp parallel for reduction(* : h[:nb]) \
    schedule(static)
    for (i = 0; i < n; i++)
        h[cell[i]] *= data[i];
}
// clang-format on

#pragma pargrad reverse(envelope_min) wrt(h) out(h)
#pragma pargrad reverse(envelope_max_ptr) wrt(h) out(h)
#pragma pargrad reverse(cell_gain_ptr) wrt(h) out(h)
#pragma pargrad reverse(envelope_max_rows) wrt(h) out(h)
#pragma pargrad reverse(cell_gain) wrt(h) out(h)
