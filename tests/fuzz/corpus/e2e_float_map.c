/* float (not double) data: float arrays and the float math functions sinf,
 * expf, sqrtf, logf in a map (out(y)) followed by a +-reduce of y. The gradient
 * works on float adjoints (float *x_b, same shape as x). */
#include <math.h>

float float_loss(int n, const float *x, const float *w, float *y) {
#pragma pargrad map
    for (int i = 0; i < n; i++)
        y[i] = sinf(w[i] * x[i]) + expf(0.5f * x[i]) * w[i];
    float s = 0.0f;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += sqrtf(1.0f + y[i] * y[i]) + logf(1.5f + x[i]);
    return s;
}

#pragma pargrad reverse(float_loss) wrt(x, w)
