/* uncompilable output (random tester seed 3002388 on 5ab6501): a local
 * array without initialiser, written only inside an if, had the elements
 * the if overwrites saved before it, reading the array before anything was
 * written to it (gcc -Werror=uninitialized: `const double old = buf[0];`).
 * The if is the first statement to touch the array, so its elements are
 * indeterminate when it starts and whatever the return sweep leaves in them
 * serves its re-execution: such writes save nothing now
 * (rewrite/rev_save.c, fresh_unread). */
double f(int n, const double *x) {
    double buf[64];
    double s = x[0];
    if (x[0] > 0) {
        buf[0] = x[0];
        for (int i = 1; i < n; i++)
            buf[i] = buf[i - 1] * 0.5 + x[i];
        s = buf[n - 1] * x[0];
    }
    return s;
}

#pragma pargrad reverse(f) wrt(x)
