/* Checks kick_energy_b (generated from particle_copies.c) against central
 * finite differences of e + s.p_out wrt the particles' floating fields and
 * g; the particles after the gradient against the primal's. */
#include "gradcheck.h"
#include "particle_fields.h"

double kick_energy(int n, particle_t *p, const double *g, double dt);
double kick_energy_b(int n, particle_t *p, particle_t *p_b, const double *g, double *g_b, double dt,
                     double kick_energy_b_seed);

enum { N = 29, PF = 7, NV = N * PF + 3 }; /* the particles' floating fields, then g */
static const double dt = 0.1;

static void unpack(const double *v, particle_t *p) {
    for (int i = 0; i < N; i++) {
        for (int d = 0; d < 3; d++)
            p[i].pos[d] = v[i * PF + d], p[i].vel[d] = v[i * PF + 3 + d];
        p[i].mass = v[i * PF + 6];
        p[i].id = i;
    }
}
static void pack(const particle_t *p, double *v) {
    for (int i = 0; i < N; i++) {
        for (int d = 0; d < 3; d++)
            v[i * PF + d] = p[i].pos[d], v[i * PF + 3 + d] = p[i].vel[d];
        v[i * PF + 6] = p[i].mass;
    }
}

struct ctx {
    double *v, *s;
};

static double eval(void *q) {
    struct ctx *c = q;
    particle_t p[N];
    double out[N * PF];
    unpack(c->v, p);
    double e = kick_energy(N, p, c->v + N * PF, dt);
    pack(p, out);
    return e + gc_dot(c->s, out, N * PF);
}

int main(void) {
    gc_seed(11);
    double *v = gc_alloc(NV), *s = gc_alloc(N * PF), *fd = gc_alloc(NV), *got = gc_alloc(NV);
    double *after = gc_alloc(N * PF), *ref = gc_alloc(N * PF);
    gc_fill(v, NV, -1.0, 1.0);
    for (int i = 0; i < N; i++)
        v[i * PF + 6] = gc_uniform(0.5, 2.0); /* masses */
    gc_fill(s, N * PF, -1.0, 1.0);
    struct ctx c = {v, s};
    gc_fd_grad(eval, &c, v, NV, fd);

    particle_t p[N], p_b[N], pref[N];
    unpack(v, p);
    unpack(v, pref);
    double want = kick_energy(N, pref, v + N * PF, dt);
    unpack(s, p_b); /* the seeds of the particles' output */
    double g_b[3] = {0.0, 0.0, 0.0};
    double e = kick_energy_b(N, p, p_b, v + N * PF, g_b, dt, 1.0);
    gc_check_value("kick_energy_b's return vs the primal", e, want, 1e-12);
    pack(p, after);
    pack(pref, ref);
    gc_compare_tol("the particles after kick_energy_b vs the primal's", after, ref, N * PF, 1e-13);
    pack(p_b, got);
    memcpy(got + N * PF, g_b, sizeof g_b);
    gc_compare("p_b, g_b vs FD", got, fd, NV);
    gc_check_nonzero("p_b, g_b", got, NV);

    free(v), free(s), free(fd), free(got), free(after), free(ref);
    return gc_finish();
}
