/* Hand-written gradient of ADBench's LSTM objective (lstm.c), the
 * generated function's signature: adds seed * d objective / d params into
 * main_params_b and extra_params_b and returns the objective.
 *
 * The forward pass keeps, per time step and layer, the layer's input, its
 * hidden and cell state before the step, the four gates and tanh of the
 * new cell (8 rows of b); per step the prediction and its log-sum-exp. The
 * backward pass runs the steps last first with the standard formulas, the
 * adjoints of each layer's hidden and cell state carried to the step
 * before. Each element i of a layer only meets element i of the others (a
 * diagonal LSTM): plain loops over i, serial (ADBench's b is 14: threads
 * would cost more than the work). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { IN, HOLD, COLD, FGT, ING, OUTG, CHG, TCELL, ROWS };

static double sigmoid(double x) {
    return 1.0 / (1.0 + exp(-x));
}

double lstm_objective_manual_b(int l, int c, int b, const double *main_params,
                               double *main_params_b, const double *extra_params,
                               double *extra_params_b, const double *state, const double *sequence,
                               double seed) {
    const int steps = c - 1;
    const size_t lb = (size_t)l * b;
    double *keep = malloc(sizeof(double) * (size_t)steps * lb * ROWS);
    double *ypred = malloc(sizeof(double) * (size_t)steps * b);
    double *lse = malloc(sizeof(double) * (size_t)steps);
    double *s = malloc(sizeof(double) * 2 * lb);
    double *y0 = malloc(sizeof(double) * b);
    memcpy(s, state, sizeof(double) * 2 * lb);
    const double *w2 = extra_params;
    double total = 0.0;
    for (int t = 0; t < steps; t++) {
        const double *x = &sequence[(size_t)t * b];
        for (int i = 0; i < b; i++)
            y0[i] = x[i] * w2[i];
        const double *in = y0;
        for (int k = 0; k < l; k++) {
            const double *w = &main_params[8 * (size_t)k * b], *bias = w + 4 * b;
            double *h = &s[2 * (size_t)k * b], *cl = h + b;
            double *row = &keep[((size_t)t * l + k) * ROWS * b];
            for (int i = 0; i < b; i++) {
                double f = sigmoid(in[i] * w[i] + bias[i]);
                double ig = sigmoid(h[i] * w[b + i] + bias[b + i]);
                double o = sigmoid(in[i] * w[2 * b + i] + bias[2 * b + i]);
                double ch = tanh(h[i] * w[3 * b + i] + bias[3 * b + i]);
                row[IN * b + i] = in[i];
                row[HOLD * b + i] = h[i];
                row[COLD * b + i] = cl[i];
                row[FGT * b + i] = f;
                row[ING * b + i] = ig;
                row[OUTG * b + i] = o;
                row[CHG * b + i] = ch;
                cl[i] = cl[i] * f + ig * ch;
                double tc = tanh(cl[i]);
                row[TCELL * b + i] = tc;
                h[i] = o * tc;
            }
            in = h;
        }
        double *yp = &ypred[(size_t)t * b], sum = 0.0;
        for (int i = 0; i < b; i++) {
            yp[i] = in[i] * w2[b + i] + w2[2 * b + i];
            sum += exp(yp[i]);
        }
        lse[t] = log(sum + 2.0);
        const double *gold = &sequence[(size_t)(t + 1) * b];
        for (int i = 0; i < b; i++)
            total += gold[i] * (yp[i] - lse[t]);
    }
    const double objective = -total / ((double)steps * b);

    /* backward: dh, dc per layer carried from step t + 1 to step t */
    double *dh = calloc(2 * lb, sizeof(double)), *dc = dh + lb;
    double *din = malloc(sizeof(double) * b);
    double *w_b = main_params_b, *w2_b = extra_params_b;
    const double dtotal = -seed / ((double)steps * b);
    for (int t = steps - 1; t >= 0; t--) {
        const double *yp = &ypred[(size_t)t * b], *gold = &sequence[(size_t)(t + 1) * b];
        double gsum = 0.0;
        for (int i = 0; i < b; i++)
            gsum += gold[i];
        /* the top layer's hidden state from the prediction */
        double *dtop = &dh[(size_t)(l - 1) * b];
        const double *top = &keep[((size_t)t * l + l - 1) * ROWS * b];
        for (int i = 0; i < b; i++) {
            double dy = dtotal * (gold[i] - gsum * exp(yp[i] - lse[t]));
            double htop = top[OUTG * b + i] * top[TCELL * b + i];
            w2_b[b + i] += dy * htop;
            w2_b[2 * b + i] += dy;
            dtop[i] += dy * w2[b + i];
        }
        for (int k = l - 1; k >= 0; k--) {
            const double *w = &main_params[8 * (size_t)k * b];
            double *wb = &w_b[8 * (size_t)k * b], *bb = wb + 4 * b;
            const double *row = &keep[((size_t)t * l + k) * ROWS * b];
            double *dhk = &dh[(size_t)k * b], *dck = &dc[(size_t)k * b];
            for (int i = 0; i < b; i++) {
                double in = row[IN * b + i], hold = row[HOLD * b + i], cold = row[COLD * b + i];
                double f = row[FGT * b + i], ig = row[ING * b + i], o = row[OUTG * b + i];
                double ch = row[CHG * b + i], tc = row[TCELL * b + i];
                double dhv = dhk[i];
                double dcv = dck[i] + dhv * o * (1.0 - tc * tc);
                double zf = dcv * cold * f * (1.0 - f);
                double zi = dcv * ch * ig * (1.0 - ig);
                double zo = dhv * tc * o * (1.0 - o);
                double zc = dcv * ig * (1.0 - ch * ch);
                wb[i] += zf * in;
                bb[i] += zf;
                wb[b + i] += zi * hold;
                bb[b + i] += zi;
                wb[2 * b + i] += zo * in;
                bb[2 * b + i] += zo;
                wb[3 * b + i] += zc * hold;
                bb[3 * b + i] += zc;
                din[i] = zf * w[i] + zo * w[2 * b + i];
                dhk[i] = zi * w[b + i] + zc * w[3 * b + i]; /* for step t - 1 */
                dck[i] = dcv * f;
            }
            if (k > 0) {
                double *below = &dh[(size_t)(k - 1) * b];
                for (int i = 0; i < b; i++)
                    below[i] += din[i];
            } else {
                const double *x = &sequence[(size_t)t * b];
                for (int i = 0; i < b; i++)
                    w2_b[i] += din[i] * x[i];
            }
        }
    }
    free(keep), free(ypred), free(lse), free(s), free(y0), free(dh), free(din);
    return objective;
}
