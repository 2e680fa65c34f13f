/* expect: 14:34: cannot define the struct type of parameter 'm' in the generated file with the caller's layout: 'flags' of 'model_t' is a bit-field */
/* The generated file declares the struct again, field by field: a
 * bit-field (or packing, an alignment attribute, a type of a system
 * header) would move the fields from where the caller's code puts them,
 * and every read of the gradient would be off. */
typedef struct {
    double scale;
    unsigned flags : 3;
    unsigned level : 5;
    int n;
    const double *data;
} model_t;

double model_loss(const model_t *m, const double *theta) {
    double s = 0.0;
    for (int i = 0; i < m->n; i++) {
        double r = m->data[i] - theta[0] * theta[1] * i;
        s += r * r * m->scale;
    }
    return s;
}
#pragma pargrad reverse(model_loss) wrt(theta)
