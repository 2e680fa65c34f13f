/* Variables named like the math functions a gradient calls, as C allows:
 * a decay exponent `exp`, a verbosity flag `log`, a helper's parameter
 * `cos`, a local `sqrt`. The derivatives of erf, pow, sin and asin call
 * exp, log, cos and sqrt; where a variable of that name is in scope the
 * gradient calls pargrad_math.h's pg_libm_exp and the like instead (the
 * name would be the variable's, and the output would not compile). */
#include <math.h>

/* a damped sum: the erf's derivative is exp(-x^2), pow's in its exponent
 * log(base) */
double damped(int n, const double *x) {
    int log = n > 3; /* a verbosity flag */
    double exp = 0.25 + 0.5 / n, s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += erf(x[i]) * exp + (log ? pow(1.5, x[i]) : 0.0);
    return s;
}

/* a helper whose parameter is cos, inlined in a map */
static double wave(double amp, double cos, double x) {
    return amp * sin(x) * cos + 0.1 * cos * cos;
}

double waves(int n, const double *x) {
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++) {
        double sqrt = 0.5 * x[i]; /* a local named sqrt: asin's derivative uses the function */
        s += wave(0.5, 0.3 + x[i], x[i]) + asin(0.25 * tanh(sqrt));
    }
    return s;
}

#pragma pargrad reverse(damped) wrt(x)
#pragma pargrad reverse(waves) wrt(x)
