/* Compares the values two builds of one e2e check compared (GC_DUMP files
 * of gradcheck.h, "what[i] value" per line, where what may hold spaces):
 * the same checks in the same order, and each check's values (the lines
 * that name one what, one after another) within TOL of the wanted ones,
 * relative to the largest wanted value of the check (values below 1e-6
 * in magnitude: within TOL * 1e-6): a gradient's components come from sums
 * that the two builds associate differently, so that a small component
 * left by cancellation differs by the rounding of its terms, not of itself.
 * NaN and infinities match only themselves. Checks whose name says
 * "(float)" hold single-precision values: within 1e-5. Those that say
 * "ill-conditioned" (their check files say why) hold values that rounding
 * moves by more than TOL of their largest: within 1e-9.
 * The files are read side by side, a check at a time.
 * Prints the first differences; exit 1 on any.
 * usage: compare_dumps WANT_DUMP GOT_DUMP TOL */
#define _POSIX_C_SOURCE 200809L /* getline */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One dump, read a line ahead: the check the next line names ("what",
 * without its [i]) and its value. */
struct dump {
    FILE *file;
    const char *path;
    char *line;
    size_t cap;
    int more;
    double value;
    long lines;
};

static void advance(struct dump *d) {
    d->more = getline(&d->line, &d->cap, d->file) > 0;
    if (!d->more)
        return;
    d->lines++;
    d->line[strcspn(d->line, "\n")] = '\0';
    char *blank = strrchr(d->line, ' '), *index = NULL;
    if (blank) {
        *blank = '\0';
        index = strrchr(d->line, '[');
    }
    char *end = blank;
    if (blank)
        d->value = strtod(blank + 1, &end);
    if (!blank || !index || end == blank + 1 || *end != '\0') {
        fprintf(stderr, "compare_dumps: %s:%ld: not \"what[i] value\"\n", d->path, d->lines);
        exit(2);
    }
    *index = '\0';
}

static int differ(double got, double want, double scale, double tol) {
    if (isnan(got) || isnan(want))
        return isnan(got) != isnan(want);
    if (isinf(got) || isinf(want))
        return got != want;
    return fabs(got - want) > tol * fmax(scale, 1e-6);
}

/* A check's values: both files' lines for one what. */
struct check {
    double *got, *want;
    long n, cap;
};

static void push(struct check *c, double got, double want) {
    if (c->n == c->cap) {
        c->cap = c->cap ? 2 * c->cap : 1024;
        c->got = realloc(c->got, sizeof(double) * (size_t)c->cap);
        c->want = realloc(c->want, sizeof(double) * (size_t)c->cap);
        if (!c->got || !c->want) {
            fprintf(stderr, "compare_dumps: out of memory\n");
            exit(2);
        }
    }
    c->got[c->n] = got, c->want[c->n] = want, c->n++;
}

/* Compares one check's values; returns how many differ. */
static long compare_check(const char *what, const struct check *c, double tol, long shown) {
    if (strstr(what, "(float)") && tol < 1e-5)
        tol = 1e-5;
    if (strstr(what, "ill-conditioned") && tol < 1e-9)
        tol = 1e-9;
    double scale = 0;
    for (long i = 0; i < c->n; i++)
        if (isfinite(c->want[i]))
            scale = fmax(scale, fabs(c->want[i]));
    long bad = 0;
    for (long i = 0; i < c->n; i++) {
        if (!differ(c->got[i], c->want[i], scale, tol))
            continue;
        if (shown + bad++ < 5)
            printf("  %s[%ld]: got %.17g, want %.17g (largest of the check %.3g)\n", what, i,
                   c->got[i], c->want[i], scale);
    }
    return bad;
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: compare_dumps WANT_DUMP GOT_DUMP TOL\n");
        return 2;
    }
    struct dump want = {fopen(argv[1], "r"), argv[1], NULL, 0, 0, 0, 0};
    struct dump got = {fopen(argv[2], "r"), argv[2], NULL, 0, 0, 0, 0};
    if (!want.file || !got.file) {
        fprintf(stderr, "compare_dumps: cannot read %s\n", want.file ? argv[2] : argv[1]);
        return 2;
    }
    double tol = atof(argv[3]);
    struct check c = {0};
    char *what = NULL;
    long bad = 0;
    advance(&want), advance(&got);
    while (want.more && got.more) {
        if (strcmp(want.line, got.line) != 0) {
            printf("  %s:%ld checks \"%s\", %s:%ld \"%s\"\n", want.path, want.lines, want.line,
                   got.path, got.lines, got.line);
            bad++;
            break;
        }
        free(what);
        what = strdup(want.line);
        c.n = 0;
        while (want.more && got.more && !strcmp(want.line, what) && !strcmp(got.line, what)) {
            push(&c, got.value, want.value);
            advance(&want), advance(&got);
        }
        bad += compare_check(what, &c, tol, bad);
    }
    if (!bad && want.more != got.more) {
        printf("  %s ends after %ld lines, the other goes on\n", want.more ? argv[2] : argv[1],
               want.more ? got.lines : want.lines);
        bad++;
    }
    if (bad)
        printf("  %ld of %ld values differ by more than %g relative\n", bad, want.lines, tol);
    free(what), free(c.got), free(c.want), free(want.line), free(got.line);
    fclose(want.file), fclose(got.file);
    return bad ? 1 : 0;
}
