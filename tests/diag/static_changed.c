/* expect: 14:28: 'gain' is a variable of the file */
/* A static tuning value that another function of the file changes: its
 * value at the call is not its initial one, so pargrad cannot read it as
 * a constant. */
static double gain = 0.5;

void set_gain(double g) {
    gain = g;
}

double energy(int n, const double *x) {
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += x[i] * x[i] * gain;
    return s;
}

#pragma pargrad reverse(energy) wrt(x)
