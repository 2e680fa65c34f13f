/* N-body with Plummer softening on arrays of structs, as written: the
 * accelerations in a malloc'ed array of vec3 (`vec3 *acc = malloc(sizeof(vec3)
 * * n)`, once rejected), a map over bodies with a reduce over the others in
 * a helper taking restrict pointers, kick-drift-kick leapfrog steps, then
 * the kinetic and the (triangular) potential energy. */
#include <math.h>
#include <stdlib.h>

typedef struct {
    double x, y, z;
} vec3;

#define SOFTENING2 0.01

static void accelerations(int n, const vec3 *restrict pos, const double *restrict mass,
                          vec3 *restrict acc) {
    int i, j;
#pragma omp parallel for private(j)
#pragma pargrad map
    for (i = 0; i < n; i++) {
        double ax = 0.0, ay = 0.0, az = 0.0;
#pragma pargrad reduce(+ : ax, ay, az)
        for (j = 0; j < n; j++) {
            double dx = pos[j].x - pos[i].x;
            double dy = pos[j].y - pos[i].y;
            double dz = pos[j].z - pos[i].z;
            double r2 = dx * dx + dy * dy + dz * dz + SOFTENING2;
            double inv = 1.0 / sqrt(r2);
            double s = mass[j] * inv * inv * inv;
            ax += s * dx;
            ay += s * dy;
            az += s * dz;
        }
        acc[i].x = ax;
        acc[i].y = ay;
        acc[i].z = az;
    }
}

double nbody_structs(int n, int nsteps, double dt, vec3 *pos, vec3 *vel, const double *mass) {
    int step, i, j;
    vec3 *acc = malloc(sizeof(vec3) * n);
    double ekin = 0.0, epot = 0.0;

    accelerations(n, pos, mass, acc);
    for (step = 0; step < nsteps; step++) {
#pragma pargrad map
        for (i = 0; i < n; i++) {
            vel[i].x += 0.5 * dt * acc[i].x;
            vel[i].y += 0.5 * dt * acc[i].y;
            vel[i].z += 0.5 * dt * acc[i].z;
            pos[i].x += dt * vel[i].x;
            pos[i].y += dt * vel[i].y;
            pos[i].z += dt * vel[i].z;
        }
        accelerations(n, pos, mass, acc);
#pragma pargrad map
        for (i = 0; i < n; i++) {
            vel[i].x += 0.5 * dt * acc[i].x;
            vel[i].y += 0.5 * dt * acc[i].y;
            vel[i].z += 0.5 * dt * acc[i].z;
        }
    }
#pragma pargrad reduce(+ : ekin)
    for (i = 0; i < n; i++)
        ekin += 0.5 * mass[i] * (vel[i].x * vel[i].x + vel[i].y * vel[i].y + vel[i].z * vel[i].z);
#pragma omp parallel for private(j) reduction(+ : epot)
#pragma pargrad reduce(+ : epot)
    for (i = 0; i < n; i++)
        for (j = i + 1; j < n; j++) {
            double dx = pos[j].x - pos[i].x, dy = pos[j].y - pos[i].y, dz = pos[j].z - pos[i].z;
            epot -= mass[i] * mass[j] / sqrt(dx * dx + dy * dy + dz * dz + SOFTENING2);
        }
    free(acc);
    return ekin + epot;
}

#pragma pargrad reverse(nbody_structs) wrt(pos, vel, mass, dt)
