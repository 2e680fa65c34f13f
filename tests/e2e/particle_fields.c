/* One explicit step of particles in a uniform field with drag, then their
 * energy: the particles an array of structs whose position and velocity
 * are arrays inside the struct (double pos[3]), as particle codes lay
 * them out, the field a struct holding its own array (double g[3]).
 * pargrad follows an array field as it does a pointer field: p[i].pos[d]
 * is read and written in place, its adjoint p_b[i].pos[d] (the adjoint
 * struct is of the same type, Enzyme's shadow convention); F->g[d] is
 * read, F_b->g[d] accumulated. The struct's integer field is left alone.
 * (Structs holding arrays were rejected: "an array or pointer field of a
 * struct, which pargrad does not follow".) */
#include <math.h>

#include "particle_fields.h"

double step_energy(int n, particle_t *p, const field_t *F, double dt) {
    int i, d;
#pragma pargrad map
#pragma omp parallel for private(d)
    for (i = 0; i < n; i++) {
        for (d = 0; d < 3; d++) {
            p[i].vel[d] += dt * (F->g[d] - F->drag * p[i].vel[d] / p[i].mass);
            p[i].pos[d] += dt * p[i].vel[d];
        }
    }

    double e = 0.0;
#pragma pargrad reduce(+ : e)
#pragma omp parallel for private(d) reduction(+ : e)
    for (i = 0; i < n; i++) {
        double v2 = 0.0, pot = 0.0;
        for (d = 0; d < 3; d++) {
            v2 += p[i].vel[d] * p[i].vel[d];
            pot -= F->g[d] * p[i].pos[d];
        }
        e += p[i].mass * (0.5 * v2 + pot) + 0.01 * sin(p[i].pos[0] * p[i].pos[1]);
    }
    return e;
}
#pragma pargrad reverse(step_energy) wrt(p, F) out(return, p)
