/* Buffers swapped by pointer, the way time-stepping codes are written:
 * ping-pong buffers for a heat equation, three rotating time levels of a
 * leapfrog wave equation, and a relaxation that swaps until it has
 * converged. The result is read through the pointer after the loop, so
 * which array holds it depends on the number of steps. */
#include <math.h>

double heat_energy(int n, int T, double alpha, double u[n], double w[n]) {
    double *cur = u, *nxt = w, *tmp;
    double e = 0.0;
    int t, i;
    for (t = 0; t < T; t++) {
        nxt[0] = cur[0];
        nxt[n - 1] = cur[n - 1];
#pragma pargrad map
        for (i = 1; i < n - 1; i++)
            nxt[i] = cur[i] + alpha * (cur[i - 1] - 2.0 * cur[i] + cur[i + 1]) -
                     0.01 * cur[i] * cur[i] * cur[i];
        tmp = cur;
        cur = nxt;
        nxt = tmp;
    }
#pragma pargrad reduce(+ : e)
    for (i = 0; i < n; i++)
        e += cur[i] * cur[i] * (1.0 + 0.1 * i);
    return e;
}

double wave_energy(int n, int T, double c2, const double u0[n], double p[n], double q[n],
                   double r[n]) {
    double *prev = p, *curr = q, *next = r, *t3;
    double s = 0.0;
    int i, t;
#pragma pargrad map
    for (i = 0; i < n; i++) {
        prev[i] = u0[i];
        curr[i] = u0[i] + 0.01 * sin(u0[i]);
    }
    for (t = 0; t < T; t++) {
        next[0] = 0.0;
        next[n - 1] = 0.0;
#pragma pargrad map
        for (i = 1; i < n - 1; i++)
            next[i] = 2.0 * curr[i] - prev[i] + c2 * (curr[i - 1] - 2.0 * curr[i] + curr[i + 1]);
        t3 = prev;
        prev = curr;
        curr = next;
        next = t3;
    }
#pragma pargrad reduce(+ : s)
    for (i = 0; i < n; i++)
        s += curr[i] * curr[i] + 0.5 * sin(prev[i]);
    return s;
}

double relax(int n, int maxit, double tol, const double b[n], double x[n], double y[n]) {
    double *xo = x, *xn = y, *sw;
    double diff = 2.0 * tol + 1.0, s = 0.0;
    int it = 0, i;
    while (it < maxit && diff > tol) {
        xn[0] = xo[0];
        xn[n - 1] = xo[n - 1];
#pragma pargrad map
        for (i = 1; i < n - 1; i++)
            xn[i] = 0.5 * (xo[i - 1] + xo[i + 1]) + 0.25 * b[i];
        diff = 0.0;
#pragma pargrad reduce(+ : diff)
        for (i = 0; i < n; i++)
            diff += fabs(xn[i] - xo[i]);
        sw = xo;
        xo = xn;
        xn = sw;
        it++;
    }
#pragma pargrad reduce(+ : s)
    for (i = 0; i < n; i++)
        s += xo[i] * b[i];
    return s;
}

/* Jacobi in 2-D on row-major arrays passed as plain pointers (their
 * sizes come from the accesses: the swapped pointers' offsets stay 0). */
double jac2d(int n, int T, const double *a0, double *A, double *B) {
    double *src, *dst, *t;
    double s = 0.0;
    int i, j, it;
#pragma pargrad map
    for (i = 0; i < n * n; i++) {
        A[i] = a0[i];
        B[i] = a0[i];
    }
    src = A;
    dst = B;
    for (it = 0; it < T; it++) {
#pragma pargrad map
        for (i = 1; i < n - 1; i++)
            for (j = 1; j < n - 1; j++)
                dst[i * n + j] =
                    0.2 * (src[i * n + j] + src[(i - 1) * n + j] + src[(i + 1) * n + j] +
                           src[i * n + j - 1] + src[i * n + j + 1]) +
                    0.01 * sin(src[i * n + j]);
        t = src;
        src = dst;
        dst = t;
    }
#pragma pargrad reduce(+ : s)
    for (i = 0; i < n * n; i++)
        s += src[i] * src[i];
    return s;
}

/* A do/while loop that swaps, inside a loop that restarts the pointers
 * at u and v every round. */
double restarts(int n, int R, int T, const double *x, double *u, double *v) {
    double acc = 0.0;
    int r, i;
    for (r = 0; r < R; r++) {
        double *p = u, *q = v, *w;
        int k = 0;
#pragma pargrad map
        for (i = 0; i < n; i++)
            u[i] = x[i] * (1.0 + 0.1 * r);
        do {
#pragma pargrad map
            for (i = 0; i < n; i++)
                q[i] = 0.5 * p[i] + 0.25 * tanh(p[(i + 1) % n]);
            w = p;
            p = q;
            q = w;
            k++;
        } while (k < T);
        double s = 0.0;
#pragma pargrad reduce(+ : s)
        for (i = 0; i < n; i++)
            s += p[i] * x[i];
        acc += s;
    }
    return acc;
}

#pragma pargrad reverse(heat_energy) wrt(alpha, u)
#pragma pargrad reverse(wave_energy) wrt(c2, u0)
#pragma pargrad reverse(relax) wrt(b, x)
#pragma pargrad reverse(jac2d) wrt(a0)
#pragma pargrad reverse(restarts) wrt(x)
