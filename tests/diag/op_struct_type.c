/* expect: 10:34: declared operators combine double or float values, or structs of them; not 'struct tally' */
struct tally {
    double sum;
    int count;
};

static struct tally tally_add(struct tally a, struct tally b) {
    return (struct tally){a.sum + b.sum, a.count + b.count};
}
#pragma pargrad declare op(tadd, struct tally, tally_add, {0.0, 0}) commutative

double f(int n, const double *x)
{
    struct tally t = {0.0, 0};
#pragma pargrad reduce(tadd : t)
    for (int i = 0; i < n; i++)
        t = tally_add(t, (struct tally){x[i], 1});
    return t.sum / t.count;
}

#pragma pargrad reverse(f) wrt(x)
