/* The particles and the field of particle_fields.c (a header, as a
 * particle code shares its types with its drivers). */
#ifndef PARTICLE_FIELDS_H
#define PARTICLE_FIELDS_H

typedef struct {
    double pos[3];
    double vel[3];
    double mass;
    int id;
} particle_t;

typedef struct {
    double g[3];
    double drag;
} field_t;

#endif
