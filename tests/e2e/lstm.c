/* ADBench's LSTM objective (a stack of l diagonal LSTM layers of width b run
 * over a sequence of c characters, each step predicting the next one with a
 * log-softmax), written as one writes it for one's own OpenMP code: small
 * static helpers, a sequential time loop, a loop over the layers, and the
 * element loops over b marked as independent.
 *
 * Layout as in ADBench's C++ reference (lstm.h):
 *   main_params[l][2][4][b]: per layer 4b weights then 4b biases, gates in
 *     the order forget, input, output, change;
 *   extra_params[3][b]: input weights, output weights, output biases;
 *   state[l][2][b]: per layer the hidden state then the cell state;
 *   sequence[c][b].
 * The state is the initial state: it is copied into a working state that
 * the time loop updates in place, so the caller's array is left alone. */
#include <math.h>
#include <stdlib.h>

static inline double sigmoid(double x) {
    return 1.0 / (1.0 + exp(-x));
}

/* log(2 + sum_i exp(y[i])): ADBench's "logsumexp" (with the +2) */
static double logsumexp(int n, const double *y) {
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += exp(y[i]);
    return log(s + 2.0);
}

/* One layer: updates hidden[b] and cell[b] in place from input[b]. */
static void lstm_model(int b, const double *weight, const double *bias, double *hidden,
                       double *cell, const double *input) {
#pragma pargrad map
#pragma omp parallel for
    for (int i = 0; i < b; i++) {
        double forget = sigmoid(input[i] * weight[i] + bias[i]);
        double ingate = sigmoid(hidden[i] * weight[b + i] + bias[b + i]);
        double outgate = sigmoid(input[i] * weight[2 * b + i] + bias[2 * b + i]);
        double change = tanh(hidden[i] * weight[3 * b + i] + bias[3 * b + i]);
        cell[i] = cell[i] * forget + ingate * change;
        hidden[i] = outgate * tanh(cell[i]);
    }
}

/* One time step through all the layers: ypred[b] from the input character x[b]. */
static void lstm_predict(int l, int b, const double *w, const double *w2, double *s,
                         const double *x, double *ypred) {
#pragma pargrad map
#pragma omp parallel for
    for (int i = 0; i < b; i++)
        ypred[i] = x[i] * w2[i];

    const double *xp = ypred;
    for (int layer = 0; layer < l; layer++) {
        double *hidden = &s[2 * layer * b];
        double *cell = &s[(2 * layer + 1) * b];
        lstm_model(b, &w[8 * layer * b], &w[(8 * layer + 4) * b], hidden, cell, xp);
        xp = hidden;
    }

#pragma pargrad map
#pragma omp parallel for
    for (int i = 0; i < b; i++)
        ypred[i] = xp[i] * w2[b + i] + w2[2 * b + i];
}

double lstm_objective(int l, int c, int b, const double *main_params, const double *extra_params,
                      const double *state, const double *sequence) {
    double *s = malloc(sizeof(double) * 2 * l * b);
    double *ypred = malloc(sizeof(double) * b);

#pragma pargrad map
#pragma omp parallel for
    for (int i = 0; i < 2 * l * b; i++)
        s[i] = state[i];

    double total = 0.0;
    for (int t = 0; t < c - 1; t++) {
        lstm_predict(l, b, main_params, extra_params, s, &sequence[t * b], ypred);
        double lse = logsumexp(b, ypred);
        const double *ygold = &sequence[(t + 1) * b];
#pragma pargrad reduce(+ : total)
#pragma omp parallel for reduction(+ : total)
        for (int i = 0; i < b; i++)
            total += ygold[i] * (ypred[i] - lse);
    }

    free(s);
    free(ypred);
    return -total / ((c - 1) * b);
}

#pragma pargrad reverse(lstm_objective) wrt(main_params, extra_params)
