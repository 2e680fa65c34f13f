/* A particle: its velocity in a struct without a name of its own, its
 * mass and charge fixed when it is made. */
typedef struct {
    struct {
        double u, w;
    } vel;
    const double mass;
    const double charge;
    void (*on_hit)(int); /* a callback and a tagged value the energy does not use */
    union {
        double d;
        long i;
    } tag;
} particle;
