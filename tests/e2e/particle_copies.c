/* A kick-drift step written with a local copy of each particle, as
 * particle codes do to keep the element in registers: `particle_t q =
 * p[i];`, q updated, `p[i] = q;`, then an energy against a reference
 * particle initialised from a list. The arrays inside the struct
 * (pos[3], vel[3]) are copied element by element with the copies (a local
 * struct's arrays are local arrays of its own, q_pos and q_vel in the
 * output); whole-struct copies of such structs were rejected. */
#include <math.h>

#include "particle_fields.h"

double kick_energy(int n, particle_t *p, const double *g, double dt) {
    int i, d;
#pragma pargrad map
#pragma omp parallel for private(d)
    for (i = 0; i < n; i++) {
        particle_t q = p[i];
        for (d = 0; d < 3; d++) {
            q.vel[d] += dt * g[d] / q.mass;
            q.pos[d] += dt * q.vel[d];
        }
        p[i] = q;
    }

    double e = 0.0;
#pragma pargrad reduce(+ : e)
#pragma omp parallel for private(d) reduction(+ : e)
    for (i = 0; i < n; i++) {
        const particle_t ref = {{0.5, 0.25, 1.0}, {0}, 2.0, -1};
        double s = 0.0;
        for (d = 0; d < 3; d++) {
            double r = p[i].pos[d] - ref.pos[d];
            s += ref.mass * r * r + p[i].vel[d] * p[i].vel[d];
        }
        e += p[i].mass * sin(s);
    }
    return e;
}
#pragma pargrad reverse(kick_energy) wrt(p, g) out(return, p)
