/* pargrad_gen (see gen.c): random numbers, strings, the tree of nodes and its
 * printing, the program's interface, and the scopes statements and
 * expressions are generated in. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"

/* ------------------------------------------------------------------ */
/* random numbers: splitmix64, so that every seed is well mixed         */

uint64_t rng_state;

static uint64_t rng_next(void) {
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* The stream of a seed. splitmix64's state advances by a fixed step, so
 * a state made linearly from the seed (seed * step + c) would make seed s's
 * k-th number seed s + k's first: consecutive seeds would draw one stream,
 * shifted, and their programs would fall into step. The seed goes through
 * the mixing function first: the streams start far apart. */
void rng_seed(uint64_t seed) {
    rng_state = seed;
    rng_state = rng_next() ^ 0x2545f4914f6cdd1dull;
}

/* uniform in [0, k) */
int rnd(int k) {
    return k <= 1 ? 0 : (int)(rng_next() % (uint64_t)k);
}

/* true with probability percent / 100 */
int chance(int percent) {
    return rnd(100) < percent;
}

/* a constant in [lo, hi] with two decimals, printed as a double literal */
double rconst(double lo, double hi) {
    return lo + (hi - lo) * rnd(101) / 100.0;
}

/* ------------------------------------------------------------------ */
/* strings                                                             */

char *fmt(const char *f, ...) {
    va_list ap;
    va_start(ap, f);
    int len = vsnprintf(NULL, 0, f, ap);
    va_end(ap);
    char *s = malloc((size_t)len + 1);
    if (!s) {
        perror("pargrad_gen");
        exit(2);
    }
    va_start(ap, f);
    vsnprintf(s, (size_t)len + 1, f, ap);
    va_end(ap);
    return s;
}

/* ------------------------------------------------------------------ */
/* the tree                                                            */

int node_count;
unsigned char dropped[MAX_NODES];
unsigned char printed[MAX_NODES];

struct node *new_node(int is_expr, const char *tmpl) {
    struct node *n = calloc(1, sizeof *n);
    if (!n || node_count >= MAX_NODES) {
        fprintf(stderr, "pargrad_gen: too many nodes\n");
        exit(2);
    }
    n->id = node_count++;
    n->is_expr = is_expr;
    n->tmpl = tmpl;
    return n;
}

void push(struct node ***v, int *len, int *cap, struct node *n) {
    if (*len == *cap) {
        *cap = *cap ? 2 * *cap : 8;
        *v = realloc(*v, sizeof **v * (size_t)*cap);
        if (!*v) {
            perror("pargrad_gen");
            exit(2);
        }
    }
    (*v)[(*len)++] = n;
}

struct block body_of(struct node *n) {
    return (struct block){&n->body, &n->nbody, &n->cbody};
}

struct block else_of(struct node *n) {
    n->has_else = 1;
    return (struct block){&n->els, &n->nels, &n->cels};
}

static void add(struct block b, struct node *n) {
    push(b.v, b.len, b.cap, n);
}

struct node *stmt(struct block b, const char *tmpl) {
    struct node *n = new_node(0, tmpl);
    add(b, n);
    return n;
}

/* a compound statement: head ending in `{`, a body, and `}` */
struct node *block_stmt(struct block b, const char *head) {
    struct node *n = stmt(b, head);
    n->is_block = 1;
    return n;
}

/* ------------------------------------------------------------------ */
/* printing                                                            */

int ref_mode; /* print the double reference copy (check.c) */

/* expands a template: %k operands, $f $F $L @ for the reference copy */
static void expand_text(FILE *out, const char *tmpl, const struct node *n, int indent) {
    for (const char *p = tmpl; *p; p++) {
        if (*p == '%' && p[1] >= '0' && p[1] <= '3') {
            int k = *++p - '0';
            if (n && k < n->nkid)
                print_expr(out, n->kid[k]);
            else
                fputs("0.5", out);
        } else if (*p == '$' && p[1]) {
            char c = *++p;
            if (c == 'f' || c == 'L')
                fputs(ref_mode ? "" : "f", out);
            else if (c == 'F')
                fputs(ref_mode ? "double" : "float", out);
        } else if (*p == '@') {
            fputs(ref_mode ? "_ref" : "", out);
        } else {
            fputc(*p, out);
            if (*p == '\n')
                fprintf(out, "%*s", 4 * indent, "");
        }
    }
}

static void expand(FILE *out, const struct node *n, int indent) {
    expand_text(out, n->tmpl, n, indent);
}

/* a dropped expression stands for its first operand (or a constant) */
static const struct node *resolve(const struct node *n) {
    while (dropped[n->id] && !n->protect && n->nkid > 0)
        n = n->kid[0];
    return dropped[n->id] && !n->protect ? NULL : n;
}

/* operands are parenthesised unless they are names, calls or constants */
static int needs_parens(const struct node *n) {
    const char *t = n->tmpl;
    if (n->nkid == 0)
        return strchr(t, ' ') || t[0] == '-';
    return !(t[0] >= 'a' && t[0] <= 'z');
}

void print_expr(FILE *out, const struct node *n) {
    const char *alt = n->alt;
    n = resolve(n);
    if (!n) {
        expand_text(out, alt ? alt : "0.5", NULL, 0);
        return;
    }
    printed[n->id] = 1;
    int parens = needs_parens(n);
    fputs(parens ? "(" : "", out);
    expand(out, n, 0);
    fputs(parens ? ")" : "", out);
}

static void print_stmt(FILE *out, const struct node *n, int indent) {
    if (dropped[n->id] && !n->protect)
        return;
    printed[n->id] = 1;
    fprintf(out, "%*s", 4 * indent, "");
    expand(out, n, indent);
    fputc('\n', out);
    if (!n->is_block)
        return;
    print_stmts(out, n->body, n->nbody, indent + 1);
    if (n->has_else) {
        fprintf(out, "%*s} else {\n", 4 * indent, "");
        print_stmts(out, n->els, n->nels, indent + 1);
    }
    fprintf(out, "%*s}\n", 4 * indent, "");
}

void print_stmts(FILE *out, struct node **v, int len, int indent) {
    for (int i = 0; i < len; i++)
        print_stmt(out, v[i], indent);
}

/* ------------------------------------------------------------------ */
/* the program's interface (fixed per seed)                           */

struct program prog;

/* ------------------------------------------------------------------ */
/* scopes: what an expression may read and a statement may write       */

struct ctx cx;
static int name_counter;

const char *fresh(const char *prefix) {
    return fmt("%s%d", prefix, ++name_counter);
}

struct var *declare(const char *name, enum vtype type, double bound) {
    if (cx.nvars >= MAX_VARS) {
        fprintf(stderr, "pargrad_gen: too many variables\n");
        exit(2);
    }
    struct var *v = &cx.vars[cx.nvars++];
    *v = (struct var){name, type, 0, cx.par, bound, 0, 0, cx.seq, 0};
    return v;
}

struct array *find_array(const char *name) {
    for (int i = 0; i < cx.narrays; i++)
        if (strcmp(cx.arrays[i].name, name) == 0)
            return &cx.arrays[i];
    return NULL;
}

struct array *add_array(const char *name, int extent, int input) {
    struct array *a = &cx.arrays[cx.narrays++];
    *a = (struct array){name, extent, input, NULL, 0, 0, 0};
    return a;
}

/* Entering a block saves what it may change; leaving restores it (a block may
 * run zero times or not at all, so initialisation inside it does not count
 * after it, and its declarations go out of scope). */
struct saved enter(void) {
    struct saved s = {cx.nvars, cx.nloops, {0}, {0}};
    for (int i = 0; i < cx.narrays; i++) {
        s.extent[i] = cx.arrays[i].extent;
        s.locked[i] = cx.arrays[i].locked;
    }
    cx.depth++;
    return s;
}

/* Locks (arrays a nested map wrote) last until the enclosing parallel loop
 * ends: leave_par() drops them, leave() of an if or sequential loop keeps them. */
void leave(struct saved s) {
    cx.nvars = s.nvars;
    cx.nloops = s.nloops;
    for (int i = 0; i < cx.narrays; i++)
        cx.arrays[i].extent = s.extent[i];
    cx.depth--;
}

void leave_par(struct saved s) {
    leave(s);
    for (int i = 0; i < cx.narrays; i++)
        cx.arrays[i].locked = s.locked[i];
}
