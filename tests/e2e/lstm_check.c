/* ADBench LSTM (lstm.c): the objective and its gradient on ADBench's
 * lstm_l2_c1024 instance against the reference values shipped with it
 * (data/adbench/lstm/lstm_l2_c1024.F.txt and .J.txt), to 1e-9 relative per
 * component (|got - ref| <= 1e-9 * max(1, |ref|)); then against central
 * finite differences on small synthetic instances, per component, and along
 * a random direction on one large enough for the runtime's threads.
 *
 * The data directory is LSTM_DATA_DIR if defined, else argv[1] if given,
 * else found from this file's path: dirname(__FILE__)/../data/adbench/lstm.
 *
 * With LSTM_TIME defined, it also times one primal and one gradient call at
 * the reference size (best of 5 runs of a small loop). */
#include "gradcheck.h"

#include "adbench_io.h"

#ifdef LSTM_TIME
#include <omp.h>
#endif

double lstm_objective(int l, int c, int b, const double *main_params, const double *extra_params,
                      const double *state, const double *sequence);
double lstm_objective_b(int l, int c, int b, const double *main_params, double *main_params_b,
                        const double *extra_params, double *extra_params_b, const double *state,
                        const double *sequence, double seed);

#define LSTM_RTOL_REF 1e-9

/* An instance, with the parameters in one vector theta = [main | extra] so
 * that finite differences can walk all of them. */
struct lstm {
    int l, c, b, nmain, np;
    double *theta, *state, *seq;
};

static double *lstm_main(struct lstm *m) {
    return m->theta;
}
static double *lstm_extra(struct lstm *m) {
    return m->theta + m->nmain;
}

static void lstm_init(struct lstm *m, int l, int c, int b) {
    m->l = l, m->c = c, m->b = b;
    m->nmain = 8 * l * b;
    m->np = m->nmain + 3 * b;
    m->theta = gc_alloc(m->np);
    m->state = gc_alloc(2 * l * b);
    m->seq = gc_alloc(c * b);
}

static void lstm_free(struct lstm *m) {
    free(m->theta), free(m->state), free(m->seq);
}

static double lstm_eval(void *p) {
    struct lstm *m = p;
    return lstm_objective(m->l, m->c, m->b, lstm_main(m), lstm_extra(m), m->state, m->seq);
}

/* the gradient added into grad[np]; returns what lstm_objective_b returns */
static double lstm_grad(struct lstm *m, double *grad, double seed) {
    return lstm_objective_b(m->l, m->c, m->b, lstm_main(m), grad, lstm_extra(m), grad + m->nmain,
                            m->state, m->seq, seed);
}

static void read_instance(struct lstm *m, const char *dir, const char *name) {
    char path[4096];
    data_path(path, sizeof path, dir, name);
    FILE *f = fopen(path, "r");
    if (!f)
        read_fail(path, "the file");
    int l, c, b;
    if (fscanf(f, "%d %d %d", &l, &c, &b) != 3 || l < 1 || c < 2 || b < 1)
        read_fail(path, "l c b");
    lstm_init(m, l, c, b);
    read_doubles(f, path, "main parameters", lstm_main(m), m->nmain);
    read_doubles(f, path, "extra parameters", lstm_extra(m), 3 * b);
    read_doubles(f, path, "state", m->state, 2 * l * b);
    read_doubles(f, path, "sequence", m->seq, c * b);
    fclose(f);
}

#ifdef LSTM_TIME
/* best of 5 of the mean time of `reps` calls */
static void time_calls(struct lstm *m) {
    double *grad = gc_alloc(m->np);
    double sink = 0.0, best_f = 1e30, best_g = 1e30;
    const int reps = m->c >= 4096 ? 5 : 20;
    for (int run = 0; run < 5; run++) {
        double t0 = omp_get_wtime();
        for (int r = 0; r < reps; r++)
            sink += lstm_eval(m);
        double t1 = omp_get_wtime();
        for (int r = 0; r < reps; r++)
            sink += lstm_grad(m, grad, 1.0);
        double t2 = omp_get_wtime();
        best_f = fmin(best_f, (t1 - t0) / reps);
        best_g = fmin(best_g, (t2 - t1) / reps);
    }
    printf("TIME l=%d c=%d b=%d threads=%d: primal %.3f ms, gradient %.3f ms, ratio %.2f "
           "(sink %g)\n",
           m->l, m->c, m->b, omp_get_max_threads(), 1e3 * best_f, 1e3 * best_g, best_g / best_f,
           sink + grad[0]);
    free(grad);
}
#endif

static void check_reference(const char *dir) {
    char path[4096];
    struct lstm m;
    read_instance(&m, dir, "lstm_l2_c1024.txt");

    double F;
    double *J = gc_alloc(m.np), *grad = gc_alloc(m.np), *first = gc_alloc(m.np);
    double *state0 = gc_alloc(2 * m.l * m.b);
    memcpy(state0, m.state, sizeof(double) * (size_t)(2 * m.l * m.b));
    data_path(path, sizeof path, dir, "lstm_l2_c1024.F.txt");
    read_ref(path, &F, 1);
    data_path(path, sizeof path, dir, "lstm_l2_c1024.J.txt");
    read_ref(path, J, m.np);

    double obj = lstm_eval(&m);
    printf("ADBench l=%d c=%d b=%d: objective %.17g, reference %.17g, rel err %.3g\n", m.l, m.c,
           m.b, obj, F, fabs(obj - F) / fmax(1.0, fabs(F)));
    gc_check_value("ADBench l2 c1024: objective vs F.txt", obj, F, LSTM_RTOL_REF);

    gc_zero(grad, m.np);
    double ret = lstm_grad(&m, grad, 1.0);
    gc_check_value("ADBench l2 c1024: lstm_objective_b returns", ret, obj, GC_RTOL_EXACT);
    double worst = 0.0, worst_abs = 0.0;
    for (int i = 0; i < m.np; i++) {
        double e = fabs(grad[i] - J[i]) / fmax(1.0, fabs(J[i]));
        if (!(e <= worst))
            worst = e;
        if (!(fabs(grad[i] - J[i]) <= worst_abs))
            worst_abs = fabs(grad[i] - J[i]);
    }
    printf("ADBench l=%d c=%d b=%d: gradient max rel err %.3g (max abs diff %.3g) over %d "
           "components\n",
           m.l, m.c, m.b, worst, worst_abs, m.np);
    gc_compare_tol("ADBench l2 c1024: gradient vs J.txt", grad, J, m.np, LSTM_RTOL_REF);
    gc_check_nonzero("ADBench l2 c1024: gradient", grad, m.np);

    /* the caller's state is an input: neither call may change it */
    {
        int same = memcmp(m.state, state0, sizeof(double) * (size_t)(2 * m.l * m.b)) == 0;
        gc_count(same);
        printf("%-40s %s\n", "ADBench l2 c1024: caller's state",
               same ? "unchanged" : "MISMATCH: changed");
    }

    /* adjoints are incremented: a second call doubles them */
    memcpy(first, grad, sizeof(double) * (size_t)m.np);
    lstm_grad(&m, grad, 1.0);
    gc_compare_scaled("ADBench l2 c1024: after a second call (2x)", grad, first, 2.0, m.np);
    /* the seed scales the gradient */
    gc_zero(grad, m.np);
    lstm_grad(&m, grad, -0.5);
    gc_compare_scaled("ADBench l2 c1024: seed -0.5", grad, first, -0.5, m.np);

    free(J), free(grad), free(first), free(state0);
    lstm_free(&m);
}

/* A synthetic instance: parameters, state and sequence uniform in [-1, 1). */
static void check_synthetic(int l, int c, int b, int along, uint64_t seed) {
    struct lstm m;
    char label[96], what[160];
    lstm_init(&m, l, c, b);
    gc_seed(seed);
    gc_fill(m.theta, m.np, -1.0, 1.0);
    gc_fill(m.state, 2 * l * b, -1.0, 1.0);
    gc_fill(m.seq, c * b, -1.0, 1.0);

    double *grad = gc_alloc(m.np);
    snprintf(label, sizeof label, "synthetic l=%d c=%d b=%d", l, c, b);
    double want = lstm_eval(&m);
    double got = lstm_grad(&m, grad, 1.0);
    snprintf(what, sizeof what, "%s: return value", label);
    gc_check_value(what, got, want, GC_RTOL_EXACT);
    gc_check_gradient(label, along, lstm_eval, &m, m.theta, m.np, grad);
    gc_check_nonzero(label, grad, m.np);
    free(grad);
    lstm_free(&m);
}

int main(int argc, char **argv) {
    char dir[2048];
#ifndef LSTM_DATA_DIR
#define LSTM_DATA_DIR NULL
#endif
    adbench_dir(dir, sizeof dir, LSTM_DATA_DIR, argc, argv, __FILE__, "lstm");
    check_reference(dir);
#ifdef LSTM_TIME
    {
        static const char *const names[] = {"lstm_l2_c1024.txt", "lstm_l4_c4096.txt"};
        for (int q = 0; q < 2; q++) {
            struct lstm m;
            read_instance(&m, dir, names[q]);
            time_calls(&m);
            lstm_free(&m);
        }
    }
#endif
    check_synthetic(1, 2, 1, 0, 1);
    check_synthetic(2, 5, 3, 0, 2);
    check_synthetic(3, 4, 5, 0, 3);
    check_synthetic(2, 40, 300, 1, 4);
    check_synthetic(2, 20, 20000, 1, 5);
    return gc_finish();
}
