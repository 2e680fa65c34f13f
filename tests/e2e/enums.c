/* Enums as ML code uses them: an activation chosen by a parameter, a
 * loss kind in a struct of settings, a local enum variable, an enum
 * constant as a length and as an index. An enum is an integer of C. */
#include <math.h>

enum activation { ACT_TANH, ACT_LEAKY, ACT_SOFTPLUS };
typedef enum { LOSS_SQUARED = 1, LOSS_HUBER = 2 } loss_kind;
enum { NFEAT = 3 };

typedef struct {
    loss_kind loss;
    double delta;
    const char *name; /* (not used by the gradient) */
} settings;

static double activate(enum activation a, double v, double slope) {
    if (a == ACT_TANH)
        return tanh(v);
    if (a == ACT_LEAKY)
        return v > 0.0 ? v : slope * v;
    return log1p(exp(v));
}

static double penalty(const settings *s, double r) {
    if (s->loss == LOSS_SQUARED)
        return 0.5 * r * r;
    double a = fabs(r);
    return a <= s->delta ? 0.5 * r * r : s->delta * (a - 0.5 * s->delta);
}

/* y[i] ~ act(w . x_i), x_i of NFEAT features */
double fit(int n, const double *x, const double *y, const double w[NFEAT], enum activation act,
           const settings *s) {
    double total = 0.0;
#pragma pargrad reduce(+ : total)
    for (int i = 0; i < n; i++) {
        double z = 0.0;
        for (int k = 0; k < NFEAT; k++)
            z += w[k] * x[i * NFEAT + k];
        total += penalty(s, activate(act, z, 0.1) - y[i]);
    }
    return total;
}

/* a local enum variable that changes along a sequential loop; a typedef'd
 * enum without a tag as a parameter */
double phases(int n, const double *x, loss_kind k) {
    enum activation a = ACT_TANH;
    double s = 0.0;
    for (int i = 0; i < n; i++) {
        s += activate(a, x[i], 0.2) * (1.0 + a) * (k == LOSS_HUBER ? 0.5 : 1.0);
        a = (enum activation)((a + 1) % 3);
    }
    return s;
}

#pragma pargrad reverse(fit) wrt(x, w)
#pragma pargrad reverse(phases) wrt(x)
