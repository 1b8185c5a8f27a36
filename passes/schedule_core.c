/* passes/schedule_core.c: orders of a dependence graph with a low peak
 * of live bytes: exact dynamic programming over the sets of nodes already
 * run (a set decides which bytes are live, so only the best peak to reach
 * it matters), and a greedy order for graphs too large for it. */
#include "passes/schedule.h"

#include <stdlib.h>
#include <string.h>

#include "ir/ir.h"

/* Consumers (the reverse of pred), built once. */
typedef struct Users {
	size_t *start, *list;
} Users;

static void
users_init(Users *u, const SchedGraph *g)
{
	size_t m = g->predstart[g->n];
	u->start = ir_xcalloc(g->n + 2, sizeof *u->start);
	u->list = ir_xmalloc((m + 1) * sizeof *u->list);
	for (size_t k = 0; k < m; k++)
		u->start[g->pred[k] + 1]++;
	for (size_t i = 0; i < g->n; i++)
		u->start[i + 1] += u->start[i];
	size_t *fill = ir_xmalloc((g->n + 1) * sizeof *fill);
	memcpy(fill, u->start, (g->n + 1) * sizeof *fill);
	for (size_t i = 0; i < g->n; i++)
		for (size_t k = g->predstart[i]; k < g->predstart[i + 1]; k++)
			u->list[fill[g->pred[k]]++] = i;
	free(fill);
}

static void
users_free(Users *u)
{
	free(u->start);
	free(u->list);
}

/* A simulation of running nodes one by one. */
typedef struct Run {
	const SchedGraph *g;
	Users u;
	size_t *left;		/* consumers not yet run, per node */
	bool *done;
	int64_t live;		/* bytes live between nodes */
} Run;

static void
run_init(Run *r, const SchedGraph *g)
{
	r->g = g;
	users_init(&r->u, g);
	r->left = ir_xmalloc((g->n + 1) * sizeof *r->left);
	r->done = ir_xcalloc(g->n + 1, sizeof *r->done);
	for (size_t i = 0; i < g->n; i++)
		r->left[i] = r->u.start[i + 1] - r->u.start[i];
	r->live = 0;
}

static void
run_free(Run *r)
{
	users_free(&r->u);
	free(r->left);
	free(r->done);
}

/* Runs node i: returns the bytes live while it runs. */
static int64_t
run_step(Run *r, size_t i)
{
	const SchedGraph *g = r->g;
	int64_t during = r->live + g->out[i];
	r->done[i] = true;
	r->live += g->out[i];
	for (size_t k = g->predstart[i]; k < g->predstart[i + 1]; k++) {
		size_t p = g->pred[k];
		if (--r->left[p] == 0 && !g->keep[p])
			r->live -= g->out[p];
	}
	if (r->left[i] == 0 && !g->keep[i])
		r->live -= g->out[i];
	return during;
}

int64_t
sched_peak(const SchedGraph *g, const size_t *order)
{
	Run r;
	int64_t peak = 0;
	run_init(&r, g);
	for (size_t k = 0; k < g->n; k++) {
		int64_t d = run_step(&r, order[k]);
		peak = d > peak ? d : peak;
	}
	run_free(&r);
	return peak;
}

int64_t
sched_lower_bound(const SchedGraph *g)
{
	int64_t best = 0;
	for (size_t i = 0; i < g->n; i++) {
		int64_t s = g->out[i];
		for (size_t k = g->predstart[i]; k < g->predstart[i + 1]; k++)
			s += g->out[g->pred[k]];
		best = s > best ? s : best;
	}
	return best;
}

static bool
ready(const Run *r, size_t i)
{
	const SchedGraph *g = r->g;
	if (r->done[i])
		return false;
	for (size_t k = g->predstart[i]; k < g->predstart[i + 1]; k++)
		if (!r->done[g->pred[k]])
			return false;
	return true;
}

/* Live bytes after running i from r's state (r unchanged). */
static int64_t
live_after(const Run *r, size_t i)
{
	const SchedGraph *g = r->g;
	int64_t live = r->live + (r->left[i] == 0 && !g->keep[i] ? 0 :
	    g->out[i]);
	for (size_t k = g->predstart[i]; k < g->predstart[i + 1]; k++) {
		size_t p = g->pred[k];
		if (r->left[p] == 1 && !g->keep[p])
			live -= g->out[p];
	}
	return live;
}

/* Each step runs the ready node that leaves the fewest bytes live
 * (then the smallest peak while it runs, then the first). */
static int64_t
greedy(const SchedGraph *g, size_t *order)
{
	Run r;
	int64_t peak = 0;
	run_init(&r, g);
	for (size_t k = 0; k < g->n; k++) {
		size_t best = g->n;
		int64_t bl = 0, bd = 0;
		for (size_t i = 0; i < g->n; i++) {
			if (!ready(&r, i))
				continue;
			int64_t l = live_after(&r, i), d = r.live + g->out[i];
			if (best == g->n || l < bl || (l == bl && d < bd)) {
				best = i;
				bl = l;
				bd = d;
			}
		}
		order[k] = best;
		int64_t d = run_step(&r, best);
		peak = d > peak ? d : peak;
	}
	run_free(&r);
	return peak;
}

/* ------------------------------------------------------------ exact */

/* One set of nodes already run, reached with the smallest peak. */
typedef struct State {
	uint64_t set;
	int64_t peak, live;
	size_t parent;		/* index in the previous layer */
	size_t last;		/* the node run last */
} State;

typedef struct Layer {
	State *v;
	size_t n, cap;
	size_t *slot;		/* open addressing over v, 2^k slots */
	size_t nslots;
} Layer;

static uint64_t
mix(uint64_t x)
{
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdull;
	x ^= x >> 33;
	return x;
}

static void
layer_rehash(Layer *l)
{
	free(l->slot);
	l->nslots = l->nslots ? 2 * l->nslots : 64;
	l->slot = ir_xmalloc(l->nslots * sizeof *l->slot);
	memset(l->slot, 0xff, l->nslots * sizeof *l->slot);
	for (size_t k = 0; k < l->n; k++) {
		size_t h = mix(l->v[k].set) & (l->nslots - 1);
		while (l->slot[h] != (size_t)-1)
			h = (h + 1) & (l->nslots - 1);
		l->slot[h] = k;
	}
}

/* Adds s, or improves the state with the same set. */
static void
layer_put(Layer *l, const State *s)
{
	if (2 * (l->n + 1) > l->nslots)
		layer_rehash(l);
	size_t h = mix(s->set) & (l->nslots - 1);
	for (; l->slot[h] != (size_t)-1; h = (h + 1) & (l->nslots - 1)) {
		State *o = &l->v[l->slot[h]];
		if (o->set != s->set)
			continue;
		if (s->peak < o->peak)
			*o = *s;
		return;
	}
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 64;
		l->v = ir_xrealloc(l->v, l->cap * sizeof *l->v);
	}
	l->slot[h] = l->n;
	l->v[l->n++] = *s;
}

/* The bytes live after the set runs: outputs of nodes in it that are
 * kept or have a consumer outside it. */
static int64_t
set_live(const SchedGraph *g, const Users *u, uint64_t set)
{
	int64_t live = 0;
	for (size_t i = 0; i < g->n; i++) {
		if (!(set >> i & 1))
			continue;
		bool open = g->keep[i];
		for (size_t k = u->start[i]; k < u->start[i + 1] && !open; k++)
			open = !(set >> u->list[k] & 1);
		if (open)
			live += g->out[i];
	}
	return live;
}

static bool
set_ready(const SchedGraph *g, uint64_t set, size_t i)
{
	if (set >> i & 1)
		return false;
	for (size_t k = g->predstart[i]; k < g->predstart[i + 1]; k++)
		if (!(set >> g->pred[k] & 1))
			return false;
	return true;
}

/* Layer k holds the sets of k nodes; false when one grows past max. */
static bool
exact(const SchedGraph *g, size_t max, size_t *order, int64_t *peak)
{
	Users u;
	Layer *layers = ir_xcalloc(g->n + 1, sizeof *layers);
	bool ok = true;
	users_init(&u, g);
	layer_put(&layers[0], &(State){0, 0, 0, 0, 0});
	for (size_t k = 0; k < g->n && ok; k++) {
		Layer *cur = &layers[k], *next = &layers[k + 1];
		for (size_t s = 0; s < cur->n && ok; s++) {
			State st = cur->v[s];
			for (size_t i = 0; i < g->n && ok; i++) {
				if (!set_ready(g, st.set, i))
					continue;
				int64_t d = st.live + g->out[i];
				State t = {st.set | (uint64_t)1 << i, d > st.peak ?
				    d : st.peak, 0, s, i};
				t.live = set_live(g, &u, t.set);
				layer_put(next, &t);
				ok = next->n <= max;
			}
		}
	}
	if (ok) {
		size_t s = 0;
		*peak = layers[g->n].v[0].peak;
		for (size_t k = g->n; k > 0; k--) {
			order[k - 1] = layers[k].v[s].last;
			s = layers[k].v[s].parent;
		}
	}
	for (size_t k = 0; k <= g->n; k++) {
		free(layers[k].v);
		free(layers[k].slot);
	}
	free(layers);
	users_free(&u);
	return ok;
}

int64_t
sched_order(const SchedGraph *g, size_t max_states, size_t *order,
    bool *is_exact)
{
	int64_t peak;
	*is_exact = false;
	if (g->n <= 64 && exact(g, max_states, order, &peak)) {
		*is_exact = true;
		return peak;
	}
	size_t *orig = ir_xmalloc((g->n + 1) * sizeof *orig);
	for (size_t i = 0; i < g->n; i++)
		orig[i] = i;
	int64_t p0 = sched_peak(g, orig);
	peak = greedy(g, order);
	if (p0 <= peak) {
		memcpy(order, orig, g->n * sizeof *order);
		peak = p0;
	}
	free(orig);
	return peak;
}
