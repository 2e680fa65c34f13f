/* Pointers to scalars passed to helpers, as Monte Carlo and statistics
 * codes write them: a random-number state updated through `unsigned
 * *state` (with the bit operations of such generators), results returned
 * through `double *mean`, a reduce accumulator updated by a helper, a
 * pointer passed on from helper to helper, and local pointers to
 * scalars. */
#include <math.h>

static unsigned lcg_next(unsigned *state) {
    *state = *state * 1103515245u + 12345u;
    return (*state >> 16) & 0x7fffu;
}

static double uniform(unsigned *state) {
    return (double)lcg_next(state) / 32768.0;
}

static unsigned xorshift(unsigned *s) {
    unsigned v = *s;
    v ^= v << 13;
    v ^= v >> 17;
    v ^= v << 5;
    *s = v;
    return v;
}

static void moments(int n, const double *v, double *mean, double *var) {
    double s = 0.0, q = 0.0;
    int i;
    for (i = 0; i < n; i++) {
        s += v[i];
        q += v[i] * v[i];
    }
    *mean = s / n;
    *var = q / n - *mean * *mean;
}

static void add_weighted(double *acc, double w, double v) {
    *acc += w * v * v;
}

/* Samples of x at random positions, weighted by uniform numbers. */
double mc_sample(int n, const double *x) {
    unsigned seed = 12345u;
    double s = 0.0;
    int k;
    for (k = 0; k < 4 * n; k++) {
        unsigned r = lcg_next(&seed);
        double u = uniform(&seed);
        s += x[r % (unsigned)n] * u + 0.1 * sin(x[(r >> 3) % (unsigned)n]);
    }
    return s;
}

/* A standardised sum of squares, through a helper returning two moments. */
double standardised(int n, const double *x) {
    double mu, var, s = 0.0;
    int i;
    moments(n, x, &mu, &var);
    for (i = 0; i < n; i++)
        s += (x[i] - mu) * (x[i] - mu) / (var + 1.0);
    return s;
}

/* A reduce whose accumulator a helper updates, with weights from a
 * per-iteration generator state and an index hashed with bit operations. */
double hashed_energy(int n, const double *x) {
    double e = 0.0;
    int i;
#pragma pargrad reduce(+ : e)
    for (i = 0; i < n; i++) {
        unsigned st = 2654435761u * (unsigned)(i + 1);
        unsigned h = xorshift(&st);
        int j = (int)((h ^ (h >> 7)) & 0xffu) % n;
        add_weighted(&e, uniform(&st), x[i] + 0.5 * x[j]);
    }
    return e;
}

static void bump(double *a, double v) {
    *a += v * v;
}

/* Pointers to scalars declared where they start (double *acc = &total;),
 * updated in a loop, passed on to a helper, and onto a reduce
 * accumulator. */
double local_refs(int n, const double *x) {
    double total = 0.0, peak = -1.0e30, m = 0.0;
    double *acc = &total, *pk = &peak, *mp = &m;
    int i;
    for (i = 0; i < n; i++) {
        *acc += sin(x[i]);
        if (x[i] > *pk)
            *pk = x[i];
        bump(acc, x[i]);
    }
#pragma pargrad reduce(+ : m)
    for (i = 0; i < n; i++)
        *mp += x[i] * x[i];
    return total + 2.0 * peak + m;
}

/* A helper that sets its result through a pointer and returns from inside
 * a loop: the scalar it points to is carried by the loop. */
static double first_over(double a, double *out) {
    int k = 0;
    while (k < 10) {
        k++;
        if (a * k > 3.0) {
            *out = a * k;
            return 1.0;
        }
    }
    *out = a;
    return 0.0;
}

double early_out(int n, const double *x) {
    double s = 0.0, o;
    int i;
    for (i = 0; i < n; i++) {
        double r = first_over(0.2 + 0.5 * x[i] * x[i], &o);
        s += o * x[(i + 1) % n] + r;
    }
    return s;
}

#pragma pargrad reverse(mc_sample) wrt(x)
#pragma pargrad reverse(early_out) wrt(x)
#pragma pargrad reverse(local_refs) wrt(x)
#pragma pargrad reverse(standardised) wrt(x)
#pragma pargrad reverse(hashed_energy) wrt(x)
