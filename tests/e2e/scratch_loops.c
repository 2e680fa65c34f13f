/* Scratch arrays reused by every iteration of a sequential loop, and
 * in-place increments, written as numerical code writes them. pargrad
 * saves nothing per iteration of an array each iteration overwrites before
 * reading it, or only adds into (rewrite/rev_kill.c), and passes an
 * increment's adjoint through (rev.c, increment_of); these check that the
 * gradients stay right where those rules apply and where they must not. */
#include <math.h>
#include <stdlib.h>

/* GMM's shape: per point, per component, two scratch rows written in full,
 * one then added into over a packed triangle with a running counter */
double scratch_triangle(int n, const double *x) {
    const int d = 4, k = 3;
    double total = 0.0;
#pragma pargrad reduce(+ : total)
    for (int i = 0; i < n; i++) {
        double xc[d], qx[d], term[k];
        for (int c = 0; c < k; c++) {
            for (int a = 0; a < d; a++)
                xc[a] = x[(i + a) % n] - 0.1 * c;
            for (int a = 0; a < d; a++)
                qx[a] = exp(0.2 * x[(c + a) % n]) * xc[a];
            int idx = 0;
            for (int a = 0; a < d; a++)
                for (int b = a + 1; b < d; b++) {
                    qx[b] += 0.3 * x[(idx + c) % n] * xc[a];
                    idx++;
                }
            double s = 0.0;
            for (int a = 0; a < d; a++)
                s += qx[a] * qx[a];
            term[c] = -0.5 * s;
        }
        double m = term[0];
        for (int c = 1; c < k; c++)
            if (term[c] > m)
                m = term[c];
        double se = 0.0;
        for (int c = 0; c < k; c++)
            se += exp(term[c] - m);
        total += m + log(se);
    }
    return total;
}

/* a stencil time loop into a malloc'ed buffer through swapped pointers,
 * then copied out into the caller's array: the loop only adds scaled
 * values into the buffer, and after the gradient u must hold the primal's
 * result, which the statements run again after the return sweep compute
 * from the buffer's values before the time loop (campaign seeds 41166,
 * 41287) */
void scratch_smooth(int n, double *u) {
    double *buf = malloc(2 * (size_t)n * sizeof(double));
    double *cur = buf, *nxt = buf + n, *tmp;
#pragma pargrad map
    for (int i = 0; i < n; i++)
        cur[i] = u[i];
    for (int t = 0; t < 3; t++) {
#pragma pargrad map
        for (int i = 1; i < n - 1; i++)
            nxt[i] = 0.5 * cur[i] + 0.25 * (cur[i - 1] + cur[i + 1]);
        nxt[0] = cur[0];
        nxt[n - 1] = cur[n - 1];
        tmp = cur;
        cur = nxt;
        nxt = tmp;
    }
#pragma pargrad map
    for (int i = 0; i < n; i++)
        u[i] = tanh(cur[i]);
    free(buf);
}

/* increments: `y[i] += ...` and `y[i] -= ...` in loops, one whose base is
 * read before another element of y is written (not an increment's
 * adjoint: that write may be the same element) */
double scratch_increments(int n, const double *x) {
    double *y = calloc((size_t)n, sizeof(double));
    for (int t = 0; t < 2; t++)
        for (int i = 0; i < n; i++) {
            y[i] += x[(i + t) % n] * x[i];
            y[(i + 1) % n] -= 0.5 * sin(x[i]);
        }
    for (int i = 0; i < n; i++) {
        double base = y[i];
        y[(i * 3) % n] = 0.25 * y[(i * 3) % n] + x[i];
        y[i] = base + cos(x[(i + 2) % n]);
    }
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += y[i] * y[i];
    free(y);
    return s;
}

/* a local accumulated into by a sequential loop and read in between:
 * its old values matter (no skipping) */
double scratch_running(int n, const double *x) {
    double acc[3] = {0.5, -0.25, 1.0};
    double s = 0.0;
    for (int i = 0; i < n; i++) {
        for (int a = 0; a < 3; a++)
            acc[a] += x[i] * (a + 1);
        s += acc[i % 3] * acc[(i + 1) % 3];
    }
    return s;
}

/* a running value carried by a loop and unused after it, but read in the
 * iteration after its update (campaign seed 47034: taken for a sum nobody
 * reads, it lost its carried value) */
double scratch_carried_read(int n, const double *x) {
    double c = 0.5, out = 0.0;
    for (int t = 0; t < 3; t++) {
        c = 0.5 * c + 0.5 * tanh(x[t % n]);
        double m = -1.0e3;
#pragma pargrad reduce(max : m)
        for (int j = 0; j < n; j++)
            m = fmax(m, sin(c) * x[j]);
        out += m;
    }
    return out;
}

#pragma pargrad reverse(scratch_carried_read) wrt(x)
#pragma pargrad reverse(scratch_triangle) wrt(x) out(return )
#pragma pargrad reverse(scratch_increments) wrt(x) out(return )
#pragma pargrad reverse(scratch_running) wrt(x) out(return )
#pragma pargrad reverse(scratch_smooth) wrt(u) out(u)
