/* Time loops strip-mined with `#pragma pargrad loop stripmine(K)`, as
 * stencil codes write them: a 1-D heat step with a copy back, and one
 * double-buffered through swapped pointers, at trip counts 1, 2, a prime
 * and a larger one, with K from 1 to 3, and a loop that also carries a
 * scalar (an energy summed over the steps). */
#include <math.h>
#include <stdlib.h>

static void heat_step(int n, const double *u, double *v) {
#pragma pargrad map
    for (int i = 1; i < n - 1; i++)
        v[i] = u[i] + 0.2 * (u[i - 1] - 2.0 * u[i] + u[i + 1]) + 0.01 * sin(u[i]);
}

static double energy(int n, const double *u) {
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += u[i] * u[i];
    return s;
}

/* copy back, 13 steps (a prime), two levels */
double sm_copy(int n, const double *x) {
    double *u = malloc(sizeof(double) * (size_t)n);
    double *v = malloc(sizeof(double) * (size_t)n);
    for (int i = 0; i < n; i++)
        u[i] = v[i] = x[i];
    int t;
#pragma pargrad loop stripmine(2)
    for (t = 0; t < 13; t++) {
        heat_step(n, u, v);
#pragma pargrad map
        for (int i = 1; i < n - 1; i++)
            u[i] = v[i];
    }
    double e = energy(n, u) + t;
    free(u);
    free(v);
    return e;
}

/* swapped pointers, 13 steps, two levels */
double sm_swap(int n, const double *x) {
    double *a = malloc(sizeof(double) * (size_t)n);
    double *b = malloc(sizeof(double) * (size_t)n);
    for (int i = 0; i < n; i++)
        a[i] = b[i] = x[i];
    double *u = a, *v = b;
#pragma pargrad loop stripmine(2)
    for (int t = 0; t < 13; t++) {
        heat_step(n, u, v);
        double *tmp = u;
        u = v;
        v = tmp;
    }
    double e = energy(n, u);
    free(a);
    free(b);
    return e;
}

/* three levels over 200 steps, copy back, with a carried energy */
double sm_copy3(int n, const double *x) {
    double u[n], v[n];
    for (int i = 0; i < n; i++)
        u[i] = v[i] = x[i];
    double acc = 0.0;
#pragma pargrad loop stripmine(3)
    for (int t = 0; t < 200; t++) {
        heat_step(n, u, v);
        for (int i = 1; i < n - 1; i++)
            u[i] = v[i];
        acc = 0.9 * acc + 0.01 * u[n / 2] * u[n / 2];
    }
    return energy(n, u) + acc;
}

/* three levels over 200 steps, swapped */
double sm_swap3(int n, const double *x) {
    double a[n], b[n];
    for (int i = 0; i < n; i++)
        a[i] = b[i] = x[i];
    double *u = a, *v = b;
#pragma pargrad loop stripmine(3)
    for (int t = 0; t < 200; t++) {
        heat_step(n, u, v);
        double *tmp = u;
        u = v;
        v = tmp;
    }
    return energy(n, u);
}

/* one level (the loop as it is), 7 steps */
double sm_one(int n, const double *x) {
    double u[n], v[n];
    for (int i = 0; i < n; i++)
        u[i] = v[i] = x[i];
#pragma pargrad loop stripmine(1)
    for (int t = 0; t < 7; t++) {
        heat_step(n, u, v);
        for (int i = 1; i < n - 1; i++)
            u[i] = v[i];
    }
    return energy(n, u);
}

/* one step and two steps, two levels */
double sm_t1(int n, const double *x) {
    if (n < 1)
        return 0.0;
    double *u = malloc(sizeof(double) * (size_t)n);
    double *v = malloc(sizeof(double) * (size_t)n);
    for (int i = 0; i < n; i++)
        u[i] = v[i] = x[i];
#pragma pargrad loop stripmine(2)
    for (int t = 0; t < 1; t++) {
        heat_step(n, u, v);
        for (int i = 1; i < n - 1; i++)
            u[i] = v[i];
    }
    double e = energy(n, u);
    free(u);
    free(v);
    return e;
}

double sm_t2(int n, const double *x) {
    if (n < 1)
        return 0.0;
    double *a = malloc(sizeof(double) * (size_t)n);
    double *b = malloc(sizeof(double) * (size_t)n);
    for (int i = 0; i < n; i++)
        a[i] = b[i] = x[i];
    double *u = a, *v = b;
#pragma pargrad loop stripmine(2)
    for (int t = 0; t < 2; t++) {
        heat_step(n, u, v);
        double *tmp = u;
        u = v;
        v = tmp;
    }
    double e = energy(n, u);
    free(a);
    free(b);
    return e;
}

/* steps from the data: n % 5 (none where n is a multiple of 5), counting
 * down, two levels */
double sm_down(int n, const double *x) {
    double u[n], v[n];
    for (int i = 0; i < n; i++)
        u[i] = v[i] = x[i];
#pragma pargrad loop stripmine(2)
    for (int t = n % 5; t > 0; t--) {
        heat_step(n, u, v);
        for (int i = 1; i < n - 1; i++)
            u[i] = v[i] + 0.001 * t;
    }
    return energy(n, u);
}

#pragma pargrad reverse(sm_copy) wrt(x)
#pragma pargrad reverse(sm_swap) wrt(x)
#pragma pargrad reverse(sm_copy3) wrt(x)
#pragma pargrad reverse(sm_swap3) wrt(x)
#pragma pargrad reverse(sm_one) wrt(x)
#pragma pargrad reverse(sm_t1) wrt(x)
#pragma pargrad reverse(sm_t2) wrt(x)
#pragma pargrad reverse(sm_down) wrt(x)
