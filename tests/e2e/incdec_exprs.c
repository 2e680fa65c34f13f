/* ++, -- and assignments inside expressions, as C programs write them: a
 * loop condition that counts down (while (k-- > 0), while (n--)), a
 * compaction through a running index (kept[m++] = v), reads through a
 * running index (x[k++], x[--k]), y[k++] += v, and assignments in
 * conditions (if ((t = x[i] - th) > 0), while ((z = ...) < c && ...)). */
#include <math.h>
#include <stdlib.h>

/* sum of squares walking down: while (k-- > 0) */
double down(int n, const double *x) {
    double s = 0.0;
    int k = n;
    while (k-- > 0)
        s += x[k] * x[k] * (1.0 + 0.01 * k);
    return s;
}

/* while (n--) with a pointer walk by index */
double countdown(int n, const double *x) {
    double s = 0.0;
    int i = 0;
    while (n--) {
        s += sin(x[i]) * (n + 1);
        i++;
    }
    return s;
}

/* compaction: keep the positive terms, then a weighted sum of the kept */
double compact(int n, const double *x) {
    double *kept = malloc(sizeof(double) * n);
    int m = 0;
    for (int i = 0; i < n; i++)
        if (x[i] > 0.0)
            kept[m++] = x[i] * x[i];
    double s = 0.0;
    for (int j = 0; j < m; j++)
        s += kept[j] * (j + 1);
    free(kept);
    return s;
}

/* reading through a running index, prefix and postfix */
double stream(int n, const double *x) {
    int k = 0;
    double s = 0.0;
    for (int i = 0; i < n / 2; i++) {
        double a = x[k++];
        double b = x[k++];
        s += a * b + sin(x[--k]);
        k++;
    }
    return s;
}

/* y[k++] += v as an accumulation */
double bins(int n, const double *x, double *y) {
    int k = 0;
    for (int i = 0; i < n; i++) {
        y[k++] += x[i] * x[i];
        if (k == 3)
            k = 0;
    }
    return y[0] + 2.0 * y[1] + 3.0 * y[2];
}

/* assignments in conditions and operands */
double assigned(int n, const double *x) {
    double s = 0.0, t;
    for (int i = 0; i < n; i++)
        if ((t = x[i] - 0.1) > 0.0)
            s += t * t;
    s += 0.5 * (t = x[0] * x[0]);
    s += sin(t);
    double z = 0.1;
    int k = 0;
    while ((z = 0.5 * z + x[k] * x[k]) < 30.0 && k < n - 1)
        k++;
    return s + z;
}

#pragma pargrad reverse(down) wrt(x)
#pragma pargrad reverse(countdown) wrt(x)
#pragma pargrad reverse(compact) wrt(x)
#pragma pargrad reverse(stream) wrt(x)
#pragma pargrad reverse(bins) wrt(x, y) out(return, y)
#pragma pargrad reverse(assigned) wrt(x)
