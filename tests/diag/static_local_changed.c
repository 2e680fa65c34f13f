/* expect: 5:19: the static local 'calls' keeps its value from one call to the next */
/* A call counter that scales the result: its value comes from the calls
 * before, which the gradient cannot see. */
double damped(int n, const double *x) {
    static double calls = 0.0;
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += x[i] * x[i] / (1.0 + calls);
    calls += 1.0;
    return s;
}

#pragma pargrad reverse(damped) wrt(x)
