/* expect: 22:27: '&m->lin' points to a struct inside a struct */
/* A model holding a linear layer by value, its address passed to a
 * helper: pargrad follows the model's fields (m->lin.w[i]), not a pointer
 * to the struct inside it. */
typedef struct {
    int n;
    double *w;
} Lin;
typedef struct {
    Lin lin;
    double scale;
} Model;

static double dot(const Lin *L, const double *x) {
    double s = 0.0;
    for (int i = 0; i < L->n; i++)
        s += L->w[i] * x[i];
    return s;
}

double predict(const Model *m, const double *x) {
    return m->scale * dot(&m->lin, x);
}

#pragma pargrad reverse(predict) wrt(m)
