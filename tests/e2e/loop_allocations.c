/* Scratch arrays as numerical C allocates them where it needs them: a
 * row's work array malloc'ed and freed inside each iteration of a map, a
 * flux array calloc'ed in each time step, a growing buffer per outer
 * iteration (checked for NULL), rows of a grid allocated per step, a
 * pointer declared at the top allocated in each step (C89); and
 * arrays sized at run time cleared and copied with sizeof (sizeof t,
 * sizeof u[i], sizeof *g). */
#include <stdlib.h>
#include <string.h>

/* each row of width 3 squared into a scratch of its own, then a
 * circular product of neighbours */
double row_scratch(int n, const double *x) {
    double *y = malloc(n * sizeof(double));
#pragma pargrad map
    for (int i = 0; i < n; i++) {
        double *w = malloc(3 * sizeof(double));
        for (int j = 0; j < 3; j++)
            w[j] = x[(i + j) % n] * x[(i + j) % n];
        double s = 0;
        for (int j = 0; j < 3; j++)
            s += w[j] * w[(j + 1) % 3];
        y[i] = s;
        free(w);
    }
    double total = 0;
#pragma pargrad reduce(+ : total)
    for (int i = 0; i < n; i++)
        total += y[i] * (1.0 + 0.1 * i);
    free(y);
    return total;
}

/* explicit diffusion: the fluxes between cells in a fresh zeroed array
 * each step (the ends stay zero: no flux through the walls) */
double flux_steps(int n, const double *x) {
    double *u = malloc(n * sizeof(double));
    memcpy(u, x, n * sizeof(double));
    for (int t = 0; t < 4; t++) {
        double *flux = calloc(n + 1, sizeof(double));
#pragma pargrad map
        for (int i = 1; i < n; i++)
            flux[i] = (0.5 + 0.1 * u[i]) * (u[i] - u[i - 1]);
#pragma pargrad map
        for (int i = 0; i < n; i++)
            u[i] += 0.2 * (flux[i + 1] - flux[i]);
        free(flux);
    }
    double e = 0;
#pragma pargrad reduce(+ : e)
    for (int i = 0; i < n; i++)
        e += u[i] * u[i] * u[i];
    free(u);
    return e;
}

/* a buffer that grows with the outer index: p[j] a damped running sum */
double growing(int n, const double *x) {
    double s = 0;
    for (int i = 0; i < n; i++) {
        double *p = malloc((i + 1) * sizeof(double));
        if (!p)
            return -1.0;
        p[0] = x[0];
        for (int j = 1; j <= i; j++)
            p[j] = p[j - 1] * 0.5 + x[j] * x[j];
        s += p[i] * x[i];
        free(p);
    }
    return s;
}

/* rows of 2 from malloc in each step, filled by a map, summed by a reduce */
double grid_steps(int n, const double *x) {
    double s = 0;
    for (int t = 0; t < 3; t++) {
        double(*g)[2] = malloc(n * sizeof *g);
#pragma pargrad map
        for (int i = 0; i < n; i++)
            for (int j = 0; j < 2; j++)
                g[i][j] = x[i] * (t + 1 + j) + (i > 0 ? 0.1 * x[i - 1] * x[i] : 0.0);
        double acc = 0;
#pragma pargrad reduce(+ : acc)
        for (int i = 0; i < n; i++)
            acc += g[i][0] * g[i][1];
        s += 0.5 * acc;
        memset(g, 0, n * sizeof *g);
        free(g);
    }
    return s;
}

/* C89's order: the pointer declared at the top, allocated and freed in
 * each step */
double c89_steps(int n, const double *x) {
    double *t;
    double s = 0.0;
    int k, i;
    for (k = 0; k < 3; k++) {
        t = malloc(n * sizeof *t);
        for (i = 0; i < n; i++)
            t[i] = x[i] * (k + 1) + 0.5 * x[(i + 1) % n];
        for (i = 0; i < n; i++)
            s += t[i] * t[(i + k) % n];
        free(t);
    }
    return s;
}

/* arrays sized at run time, cleared and copied with sizeof */
double vla_sizes(int n, const double *x) {
    double t[n];
    double u[n][2], v[n][2];
    memset(t, 0, sizeof t);
    for (int i = 0; i < n; i++) {
        t[i] += x[i] * x[i];
        u[i][0] = t[i];
        u[i][1] = x[i];
    }
    memcpy(v, u, sizeof u);
    for (int i = 1; i < n; i++)
        memcpy(v[i], u[i - 1], sizeof u[i]); /* each row from the one before */
    double s = 0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += v[i][0] * v[i][1] + t[i];
    return s;
}

#pragma pargrad reverse(row_scratch) wrt(x)
#pragma pargrad reverse(flux_steps) wrt(x)
#pragma pargrad reverse(growing) wrt(x)
#pragma pargrad reverse(grid_steps) wrt(x)
#pragma pargrad reverse(c89_steps) wrt(x)
#pragma pargrad reverse(vla_sizes) wrt(x)
