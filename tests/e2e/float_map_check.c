/* Checks float_loss_b (generated from float_map.c).
 *
 * Finite differences of a float function are noisy: each evaluation rounds
 * to float (relative error ~6e-8 per operation, accumulated over N terms of a
 * sum of magnitude ~N). So the FD reference here is computed from a DOUBLE
 * re-implementation of the same formula (ref_loss below, same operation
 * order, exact in double to ~1e-15) with the usual central step, and the float
 * analytic gradient is compared against it with a float-appropriate tolerance
 * (rtol 1e-4: a few hundred float ulps of the per-component adjoint, which is
 * a short chain of float operations). As a second, independent check, the
 * float primal itself is finite-differenced with a large step h = 1e-2 * max(1,
 * |x|) (truncation error O(h^2) ~ 1e-4 relative, float rounding of f ~ N*6e-8
 * / 2h ~ 1e-4), compared with rtol 2e-2. */
#include "gradcheck.h"

float float_loss(int n, const float *x, const float *w, float *y);
float float_loss_b(int n, const float *x, float *x_b, const float *w, float *w_b, float *y,
                   float float_loss_b_seed);

enum { N = 64 };

static double ref_loss(const double *x, const double *w) {
    double s = 0.0;
    for (int i = 0; i < N; i++) {
        double y = sin(w[i] * x[i]) + exp(0.5 * x[i]) * w[i];
        s += sqrt(1.0 + y * y) + log(1.5 + x[i]);
    }
    return s;
}

struct dctx {
    double *x, *w;
};

static double deval(void *p) {
    struct dctx *c = p;
    return ref_loss(c->x, c->w);
}

/* central FD of the float primal wrt fx[i] (or fw[i]) with a large step */
static double float_fd(float *fx, float *fw, float *fy, float *v, int i) {
    float v0 = v[i];
    float h = 1e-2f * fmaxf(1.0f, fabsf(v0));
    volatile float vp = v0 + h, vm = v0 - h;
    v[i] = vp;
    double fp = float_loss(N, fx, fw, fy);
    v[i] = vm;
    double fm = float_loss(N, fx, fw, fy);
    v[i] = v0;
    return (fp - fm) / ((double)vp - (double)vm);
}

int main(void) {
    gc_seed(23);
    double dx[N], dw[N], fdx[N], fdw[N], gx[N], gw[N], ffdx[N], ffdw[N];
    float x[N], w[N], y[N], yref[N], x_b[N], w_b[N];
    gc_fill(dx, N, -1.0, 1.0);
    gc_fill(dw, N, -1.5, 1.5);
    for (int i = 0; i < N; i++) {
        x[i] = (float)dx[i];
        w[i] = (float)dw[i];
        dx[i] = x[i]; /* the double reference works at the exact float point */
        dw[i] = w[i];
    }
    float f = float_loss(N, x, w, yref);
    gc_check_value("float primal vs double reference", f, ref_loss(dx, dw), 1e-5);

    for (int i = 0; i < N; i++)
        x_b[i] = 0.0f, w_b[i] = 0.0f, y[i] = -7.0f;
    float r = float_loss_b(N, x, x_b, w, w_b, y, 1.0f);
    gc_check_value("float_loss_b return value (float)", r, f, 1e-5);
    for (int i = 0; i < N; i++)
        gx[i] = x_b[i], gw[i] = w_b[i];

    struct dctx c = {dx, dw};
    gc_fd_grad(deval, &c, dx, N, fdx);
    gc_fd_grad(deval, &c, dw, N, fdw);
    gc_compare_tol("x_b (float) vs FD of the double reference", gx, fdx, N, 1e-4);
    gc_compare_tol("w_b (float) vs FD of the double reference", gw, fdw, N, 1e-4);
    gc_check_nonzero("x_b", gx, N);
    gc_check_nonzero("w_b", gw, N);

    for (int i = 0; i < N; i++) {
        ffdx[i] = float_fd(x, w, y, x, i);
        ffdw[i] = float_fd(x, w, y, w, i);
    }
    gc_compare_tol("x_b (float) vs large-step FD of the float primal", gx, ffdx, N, 2e-2);
    gc_compare_tol("w_b (float) vs large-step FD of the float primal", gw, ffdw, N, 2e-2);

    /* accumulation: a second call adds */
    float_loss_b(N, x, x_b, w, w_b, y, 1.0f);
    double got[N];
    for (int i = 0; i < N; i++)
        got[i] = x_b[i];
    double want[N];
    for (int i = 0; i < N; i++)
        want[i] = 2.0 * gx[i];
    gc_compare_tol("x_b (float) after a second call (2x)", got, want, N, 1e-6);
    return gc_finish();
}
