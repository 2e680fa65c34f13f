/* Per-point scratch arrays whose checkpoints the return sweep reads where
 * the tape holds them, not copied back (rewrite/tape_in_place.c), and the
 * cases that must keep the copy: the array read after the loop (its values
 * from before the loop, by the adjoint of what came before), an outer loop
 * whose next iteration reads it, an inner loop that pushes onto the tape
 * in the return sweep. */
#include <math.h>

/* the GMM shape: a centred vector and its scaled copy, per component */
double cpr_components(int n, const double *x) {
    double total = 0.0;
#pragma pargrad reduce(+ : total)
#pragma omp parallel for reduction(+ : total)
    for (int i = 0; i < n; i++) {
        double xc[3], v[3];
        double best = -1e300, sum = 0.0;
        for (int k = 0; k < 4; k++) {
            for (int d = 0; d < 3; d++)
                xc[d] = x[(i + d) % n] - 0.3 * x[(k + 2 * d) % n];
            for (int d = 0; d < 3; d++)
                v[d] = (1.0 + 0.5 * d) * xc[d];
            for (int d = 1; d < 3; d++)
                v[d] += 0.25 * xc[d - 1];
            double q = 0.0;
            for (int d = 0; d < 3; d++)
                q += v[d] * v[d];
            sum += exp(-0.5 * q);
            if (-q > best)
                best = -q;
        }
        total += log(sum) + 0.1 * best;
    }
    return total;
}

/* w holds values from before the loop that the code before the loop
 * reads: its return sweep reads w after the loop's */
double cpr_before(int n, const double *x) {
    double total = 0.0;
#pragma pargrad reduce(+ : total)
#pragma omp parallel for reduction(+ : total)
    for (int i = 0; i < n; i++) {
        double w[4], v[4];
        for (int a = 0; a < 4; a++)
            w[a] = x[(i + a) % n];
        double acc = w[0] * w[3] + sin(w[1]);
        for (int c = 0; c < 3; c++) {
            for (int a = 0; a < 4; a++)
                w[a] = x[(i + a + c) % n] * (1.0 + c);
            for (int a = 0; a < 4; a++)
                v[a] = 0.5 * w[a];
            for (int a = 1; a < 4; a++)
                v[a] += 0.25 * w[a - 1];
            for (int a = 0; a < 4; a++)
                acc += tanh(v[a] * v[a]);
        }
        total += acc;
    }
    return total;
}

/* the outer loop's next iteration reads what the inner loop left in w */
double cpr_outer(int n, const double *x) {
    double total = 0.0;
#pragma pargrad reduce(+ : total)
#pragma omp parallel for reduction(+ : total)
    for (int i = 0; i < n; i++) {
        double w[3] = {0.5, 0.25, 0.125}, v[3];
        double acc = 0.0;
        for (int t = 0; t < 3; t++) {
            acc += w[0] * w[2];
            for (int c = 0; c < 2; c++) {
                for (int a = 0; a < 3; a++)
                    w[a] = x[(i + a + c + t) % n] - 0.1 * c;
                for (int a = 0; a < 3; a++)
                    v[a] = 0.5 * w[a];
                for (int a = 1; a < 3; a++)
                    v[a] += 0.25 * w[a - 1];
                for (int a = 0; a < 3; a++)
                    acc += tanh(v[a] * v[a]) * (1.0 + a);
            }
        }
        total += acc;
    }
    return total;
}

/* the return sweep's iteration runs an inner loop again whose carried
 * maximum goes onto the tape after the checkpoint is popped */
double cpr_pushes(int n, const double *x) {
    double total = 0.0;
#pragma pargrad reduce(+ : total)
#pragma omp parallel for reduction(+ : total)
    for (int i = 0; i < n; i++) {
        double w[4];
        double acc = 0.0;
        for (int c = 0; c < 3; c++) {
            for (int a = 0; a < 4; a++)
                w[a] = sin(x[(i + a) % n] * (1.0 + 0.5 * c));
            double m = w[0];
            for (int a = 1; a < 4; a++)
                if (w[a] > m)
                    m = w[a];
            acc += m * w[2];
        }
        total += acc;
    }
    return total;
}

/* a serial function: a state vector advanced in a time loop through a
 * second vector, the state's last values returned (read after the loop) */
double cpr_serial(int n, const double *x) {
    double u[4], s[4];
    for (int a = 0; a < 4; a++)
        s[a] = 0.0;
    double e = 0.0;
    for (int t = 0; t < n; t++) {
        for (int a = 0; a < 4; a++)
            u[a] = x[t] * (1.0 + 0.2 * a) - 0.5 * e;
        for (int a = 0; a < 4; a++)
            s[a] = 0.5 * u[a];
        for (int a = 1; a < 4; a++)
            s[a] += 0.25 * u[a - 1];
        for (int a = 0; a < 4; a++)
            e += tanh(s[a] * s[a]);
    }
    return e + s[1] * s[3];
}

/* the loop in a branch, its scratch declared outside the branch and read
 * in the other one */
double cpr_branch(int n, const double *x) {
    double total = 0.0;
#pragma pargrad reduce(+ : total)
#pragma omp parallel for reduction(+ : total)
    for (int i = 0; i < n; i++) {
        double w[4], v[4];
        double sum = 0.0;
        if (x[i] > -0.5) {
            for (int k = 0; k < 3; k++) {
                for (int a = 0; a < 4; a++)
                    w[a] = x[(i + a) % n] - 0.2 * x[(k + a) % n];
                for (int a = 0; a < 4; a++)
                    v[a] = 0.5 * w[a];
                for (int a = 1; a < 4; a++)
                    v[a] += 0.25 * w[a - 1];
                double q = 0.0;
                for (int a = 0; a < 4; a++)
                    q += v[a] * v[a];
                sum += exp(-q);
            }
        } else {
            for (int a = 0; a < 4; a++)
                w[a] = x[(i + a) % n];
            sum = 1.0 + w[0] * w[0] + w[3] * w[3];
        }
        total += log(sum);
    }
    return total;
}

#pragma pargrad reverse(cpr_components) wrt(x) out(return )
#pragma pargrad reverse(cpr_before) wrt(x) out(return )
#pragma pargrad reverse(cpr_outer) wrt(x) out(return )
#pragma pargrad reverse(cpr_pushes) wrt(x) out(return )
#pragma pargrad reverse(cpr_serial) wrt(x) out(return )
#pragma pargrad reverse(cpr_branch) wrt(x) out(return )
