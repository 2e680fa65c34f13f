/* random tester seed 500174 (shrunk by hand): the output did not compile
 * (gcc: variable 'i_1' set but not used). The counter i, declared at the
 * top, is assigned by the inner maps of the time loop, so the time loop
 * carried it, though nothing reads it: dead carried scalars now go. */
void f(int n, double *u, double *y) {
    int i;
    for (int t = 0; t < 3; t++) {
#pragma pargrad map
        for (i = 1; i < n - 1; i++)
            y[i] = 0.5 * u[i] + 0.25 * (u[i - 1] + u[i + 1]);
#pragma pargrad map
        for (i = 1; i < n - 1; i++)
            u[i] = y[i];
    }
}

#pragma pargrad reverse(f) wrt(u) out(u, y)
