/* Counting into bins, as codes bin particles or samples: integer counts
 * by histogram(+) (count[c]++, cnt[c] += 1, ++hits[c]), beside sums of
 * values in the same bins; the counts then weigh the values. The bins
 * come from the positions, which carry no derivatives. */
#include <math.h>
#include <stdlib.h>

enum { NB = 6 };

static int bin_of(int i, int nb) {
    int c = (int)(fabs(sin(3.0 * i + 0.5)) * nb);
    return c < nb ? c : nb - 1;
}

/* the mean of x^2 in each bin, summed over the bins that have samples */
double bin_means(int n, const double *x) {
    int count[NB];
    double sum[NB];
    for (int b = 0; b < NB; b++) {
        count[b] = 0;
        sum[b] = 0.0;
    }
#pragma pargrad histogram(+ : count)
    for (int i = 0; i < n; i++)
        count[bin_of(i, NB)]++;
#pragma pargrad histogram(+ : sum)
    for (int i = 0; i < n; i++) {
        int c = bin_of(i, NB);
        sum[c] += x[i] * x[i];
    }
    double r = 0.0;
    for (int b = 0; b < NB; b++)
        if (count[b] > 0)
            r += sum[b] / count[b];
    return r;
}
#pragma pargrad reverse(bin_means) wrt(x)

/* charges screened by the occupancy of their cell: the counts in a
 * malloc'ed array, two kinds of hits per particle */
double occupancy(int n, const double *x) {
    int ncell = 1 + n / 3;
    int *cnt = malloc(sizeof(int) * (size_t)ncell);
    if (!cnt)
        return NAN;
    for (int c = 0; c < ncell; c++)
        cnt[c] = 0;
#pragma pargrad histogram(+ : cnt)
    for (int i = 0; i < n; i++) {
        int c = bin_of(i, ncell);
        cnt[c] += 1;
        if (i % 3 == 0)
            ++cnt[(c + 1) % ncell];
    }
    double e = 0.0;
#pragma pargrad reduce(+ : e)
    for (int i = 0; i < n; i++)
        e += x[i] * x[i] * tanh(x[i]) / (1.0 + cnt[bin_of(i, ncell)]);
    free(cnt);
    return e;
}
#pragma pargrad reverse(occupancy) wrt(x)
