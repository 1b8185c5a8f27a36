/* targets/ethos_u/schedule.c: ethos-u-schedule's model and search: which
 * runs of ops become cascades, and into how many stripes, costed with
 * the Ethos-U performance model (perf.c) and an SRAM liveness of the
 * stripes; a Pareto search over SRAM peak and cycles. No IR is changed
 * here (schedule_ir.c rewrites). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <xxhash.h>

#include "dialects/dialect.h"
#include "targets/ethos_u/ethos_u.h"
#include "targets/ethos_u/schedule.h"

/* A cached cost of one stripe of an op (in = out = -1: the op whole),
 * after a layer that left `enter` cycles of slack (0 where the slack
 * changes nothing). */
typedef struct SchedCost {
	int64_t in, out;
	bool later, stream;
	double enter;
	double cycles;
	double leave;           /* the slack it leaves the next layer */
	int64_t wbuf;
} SchedCost;

/* A block configuration found for one query shape (a hash slot). */
struct SchedConfig {
	bool used, ok;
	uint64_t hash;
	int64_t key[24];
	EthosUBlockConfig cfg;
};

struct SchedOp {
	IrOp *op;
	size_t layer, nlayers;  /* its layers in the problem's ls */
	bool stripable;
	SchedGeom g;
	int chain;              /* operand fed by the op before, or -1 */
	int64_t row_bytes;      /* one output row where it is placed */
	bool out_sram;
	int64_t block_h;        /* OFM block height run whole */
	bool buffered;          /* placed with a weight buffer */
	SchedCost *cache;
	int ncache, capcache;
};

/* ------------------------------------------------------------ geometry */

void
ethos_u_sched_in_rows(const SchedGeom *g, SchedRange r, SchedRange *in,
    int64_t *pad_top, int64_t *pad_bottom)
{
	if (!g->window) {
		*in = r;
		*pad_top = *pad_bottom = 0;
		return;
	}
	int64_t lo = r.lo * g->stride - g->pt;
	int64_t hi = (r.hi - 1) * g->stride - g->pt + g->ke;
	*pad_top = lo < 0 ? -lo : 0;
	*pad_bottom = hi > g->in_h ? hi - g->in_h : 0;
	in->lo = lo < 0 ? 0 : lo;
	in->hi = hi > g->in_h ? g->in_h : hi;
}

void
ethos_u_sched_cascade(const SchedGeom *g, int n, int S, SchedRange *prod,
    SchedRange *in, int64_t *pad_top, int64_t *pad_bottom)
{
	const SchedGeom *last = &g[n - 1];
	int64_t unit = last->unit > 1 ? last->unit : 1;
	int64_t rows = (last->out_h + S - 1) / S;
	rows = (rows + unit - 1) / unit * unit;
	for (int s = 0; s < S; s++) {
		int64_t lo = rows * s, hi = rows * (s + 1);
		lo = lo < last->out_h ? lo : last->out_h;
		hi = hi < last->out_h ? hi : last->out_h;
		prod[(n - 1) * S + s] = (SchedRange){ lo, hi };
	}
	for (int k = n - 1; k >= 0; k--) {
		int64_t done = 0;
		for (int s = 0; s < S; s++) {
			int i = k * S + s;
			if (k < n - 1) {
				/* What the next op reads, less what is already
				 * there. */
				SchedRange need = in[(k + 1) * S + s];
				int64_t hi = need.hi > done ? need.hi : done;
				if (prod[(k + 1) * S + s].lo >=
				    prod[(k + 1) * S + s].hi)
					hi = done;
				prod[i] = (SchedRange){ done, hi };
				done = hi;
			}
			if (prod[i].lo < prod[i].hi)
				ethos_u_sched_in_rows(&g[k], prod[i], &in[i],
				    &pad_top[i], &pad_bottom[i]);
			else
				in[i] = (SchedRange){ 0, 0 }, pad_top[i] =
				    pad_bottom[i] = 0;
		}
	}
}

/* Consumer stripe s reads in[s] only when it writes rows. */
static bool
reads(const SchedRange *next_prod, const SchedRange *next_in, int s)
{
	return next_prod[s].lo < next_prod[s].hi &&
	    next_in[s].lo < next_in[s].hi;
}

int64_t
ethos_u_sched_ring(const SchedRange *prod, const SchedRange *next_prod,
    const SchedRange *next_in, int S)
{
	/* A ring when some window spans rows of two stripes. Stripes are
	 * consecutive rising ranges, so it does when a stripe's end falls
	 * inside a window. */
	bool keeps = false;
	for (int s = 0; s < S && !keeps; s++) {
		if (!reads(next_prod, next_in, s))
			continue;
		for (int t = 0; t < S && !keeps; t++)
			keeps = prod[t].lo < prod[t].hi && prod[t].hi >
			    next_in[s].lo && prod[t].hi < next_in[s].hi;
	}
	if (!keeps)
		return 0;
	/* Producer stripe s runs before consumer stripe s: the ring then
	 * holds every row written so far from the window's first row on,
	 * and each stripe whole. */
	int64_t hi = 0, rows = 1;
	for (int s = 0; s < S; s++) {
		if (prod[s].lo < prod[s].hi) {
			hi = prod[s].hi > hi ? prod[s].hi : hi;
			if (prod[s].hi - prod[s].lo > rows)
				rows = prod[s].hi - prod[s].lo;
		}
		if (reads(next_prod, next_in, s) && hi - next_in[s].lo > rows)
			rows = hi - next_in[s].lo;
	}
	return rows;
}

/* ------------------------------------------------------------ the ops */

static int64_t
round16(int64_t v)
{
	return (v + 15) / 16 * 16;
}

static bool
dims4(const IrValue *v, int64_t d[4])
{
	const IrType *t = v->type;
	if (t->kind != IR_TYPE_TENSOR || t->u.shaped.rank != 4)
		return false;
	for (int i = 0; i < 4; i++)
		if ((d[i] = t->u.shaped.dims[i]) < 1)
			return false;
	return d[0] == 1;
}

static int64_t
int_at(IrOp *op, const char *name, int i, int64_t dflt)
{
	int64_t v[4];
	if (dialect_get_ints(op->name->def, op->attrs, name, v, 4) <= i)
		return dflt;
	return v[i];
}

/* The padding above the first row that the op's padding attribute
 * implies. */
static int64_t
pad_top_of(IrOp *op, int64_t in_h, int64_t kh, int64_t stride, int64_t dil)
{
	DialectPad p = dialect_get_pad(op->name->def, op->attrs, "padding");
	if (p.kind == DIALECT_PAD_SAME)
		return dialect_same_pad_before(in_h, kh, stride, dil);
	return p.kind == DIALECT_PAD_EXPLICIT ? p.top : 0;
}

/* Conv, depthwise, pool and elementwise ops over 1xHxWxC maps can run
 * in stripes of rows; sets the geometry. */
static bool
stripable(IrOp *op, SchedGeom *g)
{
	int64_t out[4], in[4], w[4];
	bool conv = ir_op_is(op, "npu.conv2d") ||
	    ir_op_is(op, "npu.depthwise_conv2d");
	bool pool = ir_op_is(op, "npu.pool");
	if (!conv && !pool && !ir_op_is(op, "npu.elementwise"))
		return false;
	if (op->nresults != 1 || !dims4(ir_op_result(op, 0), out))
		return false;
	memset(g, 0, sizeof *g);
	g->out_h = out[1];
	if (!conv && !pool) {
		for (unsigned i = 0; i < op->noperands; i++)
			if (!dims4(ir_op_operand(op, i), in) ||
			    (in[1] != out[1] && in[1] != 1))
				return false;
		g->in_h = out[1];
		return true;
	}
	if (!dims4(ir_op_operand(op, 0), in))
		return false;
	int64_t kh;
	if (conv) {
		if (!dims4(ir_op_operand(op, 1), w) && ir_op_operand(op,
		    1)->type->u.shaped.rank != 4)
			return false;
		kh = ir_op_operand(op, 1)->type->u.shaped.dims[1];
	} else {
		kh = int_at(op, "kernel", 0, 1);
	}
	int64_t dil = conv ? int_at(op, "dilations", 0, 1) : 1;
	g->window = true;
	g->in_h = in[1];
	g->stride = int_at(op, "strides", 0, 1);
	g->ke = (kh - 1) * dil + 1;
	g->pt = pad_top_of(op, in[1], kh, g->stride, dil);
	return true;
}

/* The operand of op that the op before feeds, when its result has no
 * other use and op reads it row for row; else -1. */
static int
chain_operand(IrOp *prev, IrOp *op, const SchedGeom *g)
{
	IrValue *v = ir_op_result(prev, 0);
	if (!v->uses || v->uses->next || v->uses->owner != op)
		return -1;
	for (unsigned i = 0; i < op->noperands; i++) {
		if (ir_op_operand(op, i) != v)
			continue;
		if (g->window)
			return i == 0 ? 0 : -1;
		return v->type->u.shaped.dims[1] == g->out_h ? (int)i : -1;
	}
	return -1;
}

/* ------------------------------------------------------------ values */

/* The op of the list whose result v is, or -1. */
static int
op_of_value(const SchedProblem *p, const IrValue *v)
{
	IrOp *d = ir_value_def_op(v);
	for (int i = 0; d && i < p->nops; i++)
		if (p->ops[i].op == d)
			return i;
	return -1;
}

typedef struct RootSink {
	IrValue **v;
	int n, cap;
} RootSink;

static void
sink_add(RootSink *s, IrValue *v)
{
	for (int i = 0; i < s->n; i++)
		if (s->v[i] == v)
			return;
	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 8;
		s->v = ir_xrealloc(s->v, (size_t)s->cap * sizeof *s->v);
	}
	s->v[s->n++] = v;
}

/* The values v reads through reshapes and views (rows of stripes). */
static void
roots_of(const SchedProblem *p, IrValue *v, RootSink *s, int depth)
{
	IrOp *d = ir_value_def_op(v);
	if (depth < 64 && d && op_of_value(p, v) < 0 &&
	    (ethos_u_is_reshape(d) || ethos_u_is_view(d))) {
		unsigned n = ir_op_is(d, "npu.concat") ? d->noperands : 1;
		for (unsigned i = 0; i < n; i++)
			roots_of(p, ir_op_operand(d, i), s, depth + 1);
		return;
	}
	sink_add(s, v);
}

/* Does v (or a view or reshape of it) leave the function? */
static bool
returned(IrValue *v, int depth)
{
	for (IrUse *u = v->uses; u && depth < 64; u = u->next) {
		IrOp *o = u->owner;
		if (ir_op_has_trait(o, IR_TRAIT_RETURN_LIKE) &&
		    !ir_op_is(o, "npu.yield"))
			return true;
		if ((ethos_u_is_reshape(o) || ethos_u_is_view(o)) &&
		    returned(ir_op_result(o, 0), depth + 1))
			return true;
	}
	return false;
}

static int64_t
type_bytes(const IrType *t)
{
	const IrType *e = t->u.shaped.elem;
	int64_t n = 1;
	for (int64_t i = 0; i < t->u.shaped.rank; i++)
		n *= t->u.shaped.dims[i];
	unsigned bits = ir_type_bitwidth(e->kind == IR_TYPE_QUANT ?
	    e->u.quant.storage : e);
	return round16(n * (int64_t)(bits ? bits : 8) / 8);
}

/* The layer whose output is v, or NULL. */
static EthosULayer *
layer_of(const SchedProblem *p, const IrValue *v)
{
	for (size_t i = 0; i < p->ls.n; i++)
		if (p->ls.v[i].out == v)
			return &p->ls.v[i];
	return NULL;
}

static void
add_buf(SchedProblem *p, int64_t bytes, int first, int last, int producer)
{
	p->bufs = ir_xrealloc(p->bufs, (size_t)(p->nbufs + 1) *
	    sizeof *p->bufs);
	p->bufs[p->nbufs++] = (struct SchedBuf){ bytes, first, last,
	    producer };
}

static bool
is_constant(const IrOp *op)
{
	return ir_op_is(op, "graph.constant") || ir_op_is(op, "npu.constant");
}

/* Each value the ops read or write: its SRAM bytes and the ops it
 * lives over (a result from its op to its last reader, an input from
 * its first reader). */
static void
build_bufs(SchedProblem *p)
{
	RootSink all = { 0 };
	int *first = NULL, *last = NULL;
	for (int i = 0; i < p->nops; i++) {
		IrOp *op = p->ops[i].op;
		if (op->nresults)
			for (unsigned r = 0; r < op->nresults; r++)
				sink_add(&all, ir_op_result(op, r));
		for (unsigned k = 0; k < op->noperands; k++)
			roots_of(p, ir_op_operand(op, k), &all, 0);
	}
	first = ir_xcalloc((size_t)all.n + 1, sizeof *first);
	last = ir_xcalloc((size_t)all.n + 1, sizeof *last);
	for (int v = 0; v < all.n; v++)
		first[v] = op_of_value(p, all.v[v]), last[v] = first[v];
	for (int i = 0; i < p->nops; i++) {
		IrOp *op = p->ops[i].op;
		RootSink s = { 0 };
		for (unsigned k = 0; k < op->noperands; k++)
			roots_of(p, ir_op_operand(op, k), &s, 0);
		for (int a = 0; a < s.n; a++)
			for (int v = 0; v < all.n; v++)
				if (all.v[v] == s.v[a]) {
					if (first[v] < 0)
						first[v] = i;
					last[v] = i;
				}
		free(s.v);
	}
	for (int v = 0; v < all.n; v++) {
		IrValue *x = all.v[v];
		IrOp *d = ir_value_def_op(x);
		/* Weights and constants live in flash (or their buffers). */
		if (first[v] < 0 || x->type->kind != IR_TYPE_TENSOR ||
		    (d && is_constant(d)))
			continue;
		if (returned(x, 0))
			last[v] = p->nops;
		EthosULayer *l = layer_of(p, x);
		int64_t bytes;
		if (l)
			bytes = l->q.ofm.mem == ETHOS_U_SRAM ?
			    ethos_u_map_bytes(l, 0) : 0;
		else
			bytes = p->t->arena_mem == ETHOS_U_SRAM ?
			    type_bytes(x->type) : 0;
		if (bytes)
			add_buf(p, bytes, first[v], last[v], op_of_value(p,
			    x));
	}
	free(first);
	free(last);
	free(all.v);
}

/* ------------------------------------------------------------ costs */

/* What a block search depends on: the op's kind and shapes, not where
 * its maps and weights live. */
static void
config_key(const EthosUQuery *q, int64_t key[24])
{
	const EthosUFm *fm[3] = { &q->ifm, &q->ifm2, &q->ofm };
	int n = 0;
	for (int i = 0; i < 3; i++) {
		key[n++] = fm[i]->shape.n, key[n++] = fm[i]->shape.h;
		key[n++] = fm[i]->shape.w, key[n++] = fm[i]->shape.c;
		key[n++] = fm[i]->bits * 2 + fm[i]->format;
	}
	key[n++] = q->block * 64 + q->kind * 8 + q->act;
	key[n++] = q->kernel_h * 4096 + q->kernel_w;
	key[n++] = q->stride_h * 4096 + q->stride_w;
	key[n++] = q->dilation_h * 4096 + q->dilation_w;
	key[n++] = q->has_ifm2 | q->has_bias << 1 | q->scaled << 2 |
	    q->uses_lut << 3 | q->scalar_ifm2 << 4;
	key[n++] = q->lut_bytes;
	while (n < 24)
		key[n++] = 0;
}

/* The block configuration of a stripe query, found once per shape
 * (MobileNet's repeated blocks share most of theirs). */
static const SchedConfig *
block_config(SchedProblem *p, SchedOp *o, const EthosUQuery *q,
    int64_t in_rows, int64_t out_rows)
{
	(void)o, (void)in_rows, (void)out_rows;
	int64_t key[24];
	config_key(q, key);
	uint64_t h = XXH3_64bits(key, sizeof key);
	size_t cap = p->nconfig_slots;
	if (p->nconfigs * 2 >= cap) {
		size_t ncap = cap ? 2 * cap : 1024;
		SchedConfig *v = ir_xcalloc(ncap, sizeof *v);
		for (size_t i = 0; i < cap; i++) {
			if (!p->configs[i].used)
				continue;
			size_t j = p->configs[i].hash & (ncap - 1);
			while (v[j].used)
				j = (j + 1) & (ncap - 1);
			v[j] = p->configs[i];
		}
		free(p->configs);
		p->configs = v;
		p->nconfig_slots = cap = ncap;
	}
	size_t j = h & (cap - 1);
	for (; p->configs[j].used; j = (j + 1) & (cap - 1))
		if (p->configs[j].hash == h &&
		    !memcmp(p->configs[j].key, key, sizeof key))
			return &p->configs[j];
	SchedConfig *c = &p->configs[j];
	c->used = true;
	c->hash = h;
	memcpy(c->key, key, sizeof key);
	c->ok = ethos_u_find_block_config(p->t, q, &c->cfg);
	p->nconfigs++;
	return c;
}

/* The cached cost of op k with these keys, or NULL. */
static const SchedCost *
cached(const SchedOp *o, const SchedCost *key)
{
	for (int i = 0; i < o->ncache; i++) {
		const SchedCost *c = &o->cache[i];
		if (c->in == key->in && c->out == key->out && c->later ==
		    key->later && c->stream == key->stream && c->enter ==
		    key->enter)
			return c;
	}
	return NULL;
}

static const SchedCost *
cache_add(SchedOp *o, const SchedCost *c)
{
	if (o->ncache == o->capcache) {
		o->capcache = o->capcache ? 2 * o->capcache : 8;
		o->cache = ir_xrealloc(o->cache, (size_t)o->capcache *
		    sizeof *o->cache);
	}
	o->cache[o->ncache] = *c;
	return &o->cache[o->ncache++];
}

/* One layer's cost after `*slack` cycles of slack, as ethos-u-estimate
 * costs it (the shared ethos_u_estimate_next); adds its cycles and
 * buffer to c. False when no block configuration fits. */
static bool
layer_cost(SchedProblem *p, SchedOp *o, const EthosUQuery *q,
    const EthosUWeights *w, double *slack, SchedCost *c, EthosUPerf *perf)
{
	const SchedConfig *cfg = q->block == ETHOS_U_DMA ? NULL :
	    block_config(p, o, q, 0, 0);
	p->perf_queries++;
	if ((cfg && !cfg->ok) || !ethos_u_estimate_next(p->t, q, w, cfg ?
	    &cfg->cfg : NULL, slack, perf))
		return false;
	c->cycles += perf->cycles[ETHOS_U_CYC_TOTAL];
	c->wbuf += w->buffered ? perf->weight_buffer : 0;
	return true;
}

/* Cycles of op k over in_rows input rows giving out_rows rows after a
 * layer that left `enter` cycles of slack; later: not its first stripe
 * (buffered weights are there already). */
static const SchedCost *
stripe_cost(SchedProblem *p, int k, int64_t in_rows, int64_t out_rows,
    bool later, bool stream, double enter)
{
	SchedOp *o = &p->ops[k];
	EthosULayer *l = &p->ls.v[o->layer];
	EthosUQuery q = l->q;
	EthosUWeights w = l->w;
	if (q.ifm.shape.h == o->g.in_h)
		q.ifm.shape.h = in_rows;
	if (q.has_ifm2 && q.ifm2.shape.h == o->g.out_h)
		q.ifm2.shape.h = out_rows;
	q.ofm.shape.h = out_rows;
	if (stream)
		w.buffered = false;
	if (later && w.buffered)
		w.buffered = false, w.resident = true;
	if (!ethos_u_slack_matters(&q, &w))
		enter = 0;
	SchedCost c = { in_rows, out_rows, later, stream, enter, 0, enter,
	    0 };
	const SchedCost *hit = cached(o, &c);
	EthosUPerf perf;
	if (hit)
		return hit;
	if (!layer_cost(p, o, &q, &w, &c.leave, &c, &perf))
		c.cycles = INFINITY;
	return cache_add(o, &c);
}

/* Op i run whole (its layers in order), its weights as placed or
 * streamed, after a layer that left `enter` cycles of slack. */
static const SchedCost *
whole_cost(SchedProblem *p, int i, bool stream, double enter)
{
	SchedOp *o = &p->ops[i];
	bool matters = false;
	for (size_t k = 0; k < o->nlayers && !matters; k++) {
		EthosUWeights w = p->ls.v[o->layer + k].w;
		w.buffered &= !stream;
		matters = ethos_u_slack_matters(&p->ls.v[o->layer + k].q, &w);
	}
	/* The slack passes through an op without layers (the CPU's). */
	SchedCost c = { -1, -1, false, stream, matters || !o->nlayers ?
	    enter : 0, 0, enter, 0 };
	const SchedCost *hit = cached(o, &c);
	if (hit)
		return hit;
	for (size_t k = 0; k < o->nlayers; k++) {
		EthosUWeights w = p->ls.v[o->layer + k].w;
		EthosUPerf perf;
		w.buffered &= !stream;
		if (!layer_cost(p, o, &p->ls.v[o->layer + k].q, &w, &c.leave,
		    &c, &perf)) {
			c.cycles = INFINITY;
			break;
		}
		/* Stripes are multiples of the block the op runs whole in. */
		if (k == 0 && !stream)
			o->block_h = perf.config.ofm_block.h;
	}
	return cache_add(o, &c);
}

/* Bytes of SRAM that values live over ops [i, j] hold, less the
 * results of ops i..j when they are a cascade's stripes (the last op's
 * output is counted from its first stripe: cascade_output). */
static int64_t
background(const SchedProblem *p, int i, int j, bool cascade)
{
	int64_t sum = 0;
	for (int b = 0; b < p->nbufs; b++) {
		const struct SchedBuf *x = &p->bufs[b];
		if (x->first > j || x->last < i)
			continue;
		if (cascade && x->producer >= i && x->producer <= j)
			continue;
		sum += x->bytes;
	}
	return sum;
}

/* The SRAM bytes of op j's results: a cascade's output, whole from the
 * step its last op's first stripe writes into it (the stripes are
 * written in place, as bufferize and ethos-u-estimate count it). */
static int64_t
cascade_output(const SchedProblem *p, int j)
{
	int64_t sum = 0;
	for (int b = 0; b < p->nbufs; b++)
		if (p->bufs[b].producer == j)
			sum += p->bufs[b].bytes;
	return sum;
}

/* A cascade's first layer: op i + k's stripe over in input rows giving
 * out rows (k = 0 and in = out = -1 for an op run whole). */
typedef struct SchedFirst {
	int k;
	int64_t in, out;
} SchedFirst;

/* Peak, cycles and slack left of ops [i, j] as a cascade of S stripes
 * (S = 1: one op, whole), after a layer that left `enter` cycles of
 * slack; first (may be NULL): its first layer. False when some stripe
 * has no block configuration. */
static bool
eval_segment(SchedProblem *p, int i, int j, int S, bool stream,
    bool aligned, double enter, SchedPoint *pt, SchedFirst *first)
{
	p->evaluated++;
	if (S == 1) {
		const SchedCost *c = whole_cost(p, i, stream, enter);
		pt->cycles = c->cycles;
		pt->peak = background(p, i, i, false) + c->wbuf;
		pt->slack = c->leave;
		if (first)
			*first = (SchedFirst){ 0, -1, -1 };
		return isfinite(pt->cycles);
	}
	int n = j - i + 1;
	SchedGeom g[64];
	size_t cells = (size_t)n * (size_t)S;
	/* One scratch block for every array (the search calls this a few
	 * thousand times): cells of ranges, pads, steps, live bytes, and
	 * per-op weight buffers. */
	size_t need = cells * (2 * sizeof(SchedRange) + 3 * sizeof(int64_t) +
	    sizeof(int)) + (size_t)(n + 2) * (sizeof(int64_t) + 2 *
	    sizeof(int)) + 64;
	if (need > p->scratch_size) {
		free(p->scratch);
		p->scratch_size = need * 2;
		p->scratch = ir_xcalloc(p->scratch_size, 1);
	}
	int64_t *live = p->scratch;                     /* cells + 2 */
	int64_t *pads = live + cells + 2;               /* 2 cells */
	int64_t *wbuf = pads + 2 * cells;               /* n */
	SchedRange *prod = (SchedRange *)(wbuf + n);    /* cells */
	SchedRange *in = prod + cells;                  /* cells */
	int *step = (int *)(in + cells);                /* cells */
	int *wfirst = step + cells, *wlast = wfirst + n;
	memset(live, 0, (cells + 2) * sizeof *live);
	memset(wbuf, 0, (size_t)n * sizeof *wbuf);
	memset(wfirst, 0, 2 * (size_t)n * sizeof *wfirst);
	for (int k = 0; k < n; k++)
		g[k] = p->ops[i + k].g;
	g[n - 1].unit = aligned ? p->ops[j].block_h : 1;
	ethos_u_sched_cascade(g, n, S, prod, in, pads, pads + cells);
	int nsteps = 0;
	double cycles = 0, slack = enter;
	bool ok = true;
	for (int s = 0; s < S && ok; s++)
		for (int k = 0; k < n && ok; k++) {
			SchedRange r = prod[k * S + s];
			step[k * S + s] = -1;
			if (r.lo >= r.hi)
				continue;
			bool later = wlast[k] > 0;
			int64_t rows = in[k * S + s].hi - in[k * S + s].lo;
			if (!nsteps && first)
				*first = (SchedFirst){ k, rows, r.hi - r.lo };
			const SchedCost *c = stripe_cost(p, i + k, rows,
			    r.hi - r.lo, later, stream, slack);
			ok = isfinite(c->cycles);
			cycles += c->cycles;
			slack = c->leave;
			if (!later)
				wbuf[k] = c->wbuf, wfirst[k] = nsteps;
			wlast[k] = nsteps + 1;
			step[k * S + s] = nsteps++;
		}
	/* Bytes live per step, as differences: +bytes at a buffer's first
	 * step, -bytes after its last. The output, from the last op's
	 * first stripe to the end. */
	for (int s = 0; ok && s < S; s++)
		if (step[(n - 1) * S + s] >= 0) {
			live[step[(n - 1) * S + s]] += cascade_output(p, j);
			break;
		}
	for (int k = 0; ok && k < n; k++) {
		if (wbuf[k]) {
			live[wfirst[k]] += wbuf[k];
			live[wlast[k]] -= wbuf[k];
		}
		if (k == n - 1 || !p->ops[i + k].out_sram)
			continue;
		int64_t ring = ethos_u_sched_ring(prod + k * S, prod + (k + 1) *
		    S, in + (k + 1) * S, S);
		int first = -1, last = -1;
		for (int s = 0; s < S; s++) {
			SchedRange r = prod[k * S + s];
			if (r.lo >= r.hi)
				continue;
			/* Its readers: the next op's stripes from s on, while
			 * they read rows below its end (rows only grow). */
			int end = step[k * S + s];
			for (int u = s; u < S; u++) {
				SchedRange need = in[(k + 1) * S + u];
				int at = step[(k + 1) * S + u];
				if (at < 0)
					continue;
				if (need.lo >= r.hi)
					break;
				if (need.hi > r.lo && at > end)
					end = at;
			}
			if (ring) {
				/* One buffer of the ring's rows, from the first
				 * stripe to the last read of any. */
				first = first < 0 ? step[k * S + s] : first;
				last = end > last ? end : last;
				continue;
			}
			int64_t bytes = round16((r.hi - r.lo) *
			    p->ops[i + k].row_bytes);
			live[step[k * S + s]] += bytes;
			live[end + 1] -= bytes;
		}
		if (ring && first >= 0) {
			int64_t bytes = round16(ring * p->ops[i + k].row_bytes);
			live[first] += bytes;
			live[last + 1] -= bytes;
		}
	}
	int64_t peak = 0, sum = 0;
	for (int t = 0; t < nsteps; t++) {
		sum += live[t];
		if (sum > peak)
			peak = sum;
	}
	pt->peak = peak + background(p, i, j, true);
	pt->cycles = cycles;
	pt->slack = slack;
	return ok;
}

/* ------------------------------------------------------------ building */


IrOp *
ethos_u_sched_op(const SchedProblem *p, int i)
{
	return p->ops[i].op;
}

const SchedGeom *
ethos_u_sched_geom(const SchedProblem *p, int i)
{
	return &p->ops[i].g;
}

/* The layers of each op, placed and costed whole. */
static bool
collect_ops(const EthosUTarget *t, IrOp *func, SchedProblem *p)
{
	for (IrOp *op = ir_func_entry(func)->first; op; op = op->next) {
		if (is_constant(op) || ir_op_has_trait(op, IR_TRAIT_TERMINATOR))
			continue;
		size_t before = p->ls.n;
		bool skip;
		if (!ethos_u_is_view(op) && !ethos_u_add_op(t, &p->ls, op,
		    &skip)) {
			ir_op_emit_error(op, "cannot schedule this op on the "
			    "Ethos-U: it needs static shapes and integer "
			    "feature maps");
			return false;
		}
		if (p->ls.n == before && !ir_op_is(op, "npu.cpu"))
			continue;
		p->ops = ir_xrealloc(p->ops, (size_t)(p->nops + 1) *
		    sizeof *p->ops);
		SchedOp *o = &p->ops[p->nops++];
		memset(o, 0, sizeof *o);
		o->op = op;
		o->layer = before;
		o->nlayers = p->ls.n - before;
		o->chain = -1;
	}
	return true;
}

bool
ethos_u_sched_build(const EthosUTarget *t, IrOp *func, bool size,
    const char *weight_sizes, SchedProblem *p)
{
	memset(p, 0, sizeof *p);
	p->t = t;
	p->size = size;
	p->max_len = 24;
	if (!collect_ops(t, func, p))
		return false;
	if (weight_sizes && *weight_sizes &&
	    !ethos_u_read_weight_sizes(ir_op_context(func), ir_op_loc(func),
	    weight_sizes, &p->ls))
		return false;
	/* Weights get buffers where the target has them; the search
	 * streams them where that costs less SRAM (optimise=size) or fewer
	 * cycles, and says so on the op. */
	ethos_u_place(t, &p->ls, false);
	for (int i = 0; i < p->nops; i++) {
		SchedOp *o = &p->ops[i];
		o->stripable = o->nlayers == 1 && stripable(o->op, &o->g);
		for (size_t k = 0; k < o->nlayers; k++)
			o->buffered |= p->ls.v[o->layer + k].w.buffered;
		whole_cost(p, i, false, 0);     /* sets block_h */
		if (o->stripable) {
			EthosUFm fm = p->ls.v[o->layer].q.ofm;
			EthosUShape s = fm.shape;
			if (fm.format == ETHOS_U_NHCWB16)
				s.c = round16(s.c);
			o->row_bytes = s.w * s.c * fm.bits / 8;
			o->out_sram = fm.mem == ETHOS_U_SRAM;
		}
		if (i > 0 && o->stripable && p->ops[i - 1].stripable)
			o->chain = chain_operand(p->ops[i - 1].op, o->op,
			    &o->g);
	}
	build_bufs(p);
	return true;
}

void
ethos_u_sched_free(SchedProblem *p, SchedResult *r)
{
	if (p) {
		for (int i = 0; i < p->nops; i++)
			free(p->ops[i].cache);
		free(p->configs);
		free(p->scratch);
		free(p->ops);
		free(p->bufs);
		free(p->ls.v);
		memset(p, 0, sizeof *p);
	}
	if (r) {
		free(r->cascades);
		free(r->pareto);
		memset(r, 0, sizeof *r);
	}
}

/* ------------------------------------------------------------ the search */

/* One way to run ops [first, last]: its point after no slack, and its
 * first layer (the only one the slack before it reaches directly). */
typedef struct SchedOption {
	int last, stripes;
	bool stream, aligned;
	SchedPoint pt;
	SchedFirst first;
} SchedOption;

/* A partial plan up to some op: its point, and how it got there. */
typedef struct SchedLabel {
	SchedPoint pt;
	int prev;               /* label index at the option's first op */
	int from;               /* the option's first op */
	int option;             /* index in that op's options */
} SchedLabel;

typedef struct SchedLabels {
	SchedLabel *v;
	int n, cap;
} SchedLabels;

/* Stripe heights tried (rows of the cascade's last op per stripe), and
 * multiples of its OFM block height. */
static const int stripe_heights[] = { 1, 2, 3, 4, 6, 8, 12, 16, 24, 32 };

/* Does some op of [i, j] have a weight buffer (which streaming the
 * weights instead would save)? */
static bool
buffered_in(const SchedProblem *p, int i, int j)
{
	for (int k = i; k <= j; k++)
		if (p->ops[k].buffered)
			return true;
	return false;
}

/* Every way to start at op i: whole, or a cascade to some later op. */
static SchedOption *
options_at(SchedProblem *p, int i, int *n)
{
	SchedOption *v = NULL;
	int cap = 0;
	*n = 0;
	for (int j = i; j < p->nops && j - i < p->max_len; j++) {
		if (j > i && p->ops[j].chain < 0)
			break;
		int64_t H = p->ops[j].g.out_h, u = p->ops[j].block_h;
		int nh = (int)(sizeof stripe_heights /
		    sizeof stripe_heights[0]);
		int64_t last_S = 0;
		int tries = j == i ? 1 : nh + 4;
		for (int c = 0; c < tries; c++) {
			bool unit = c >= nh;
			int64_t h = unit ? u * (c - nh + 1) : stripe_heights[c];
			int64_t S = j == i ? 1 : (H + h - 1) / h;
			if (j > i && (h >= H || S < 2 ||
			    (!unit && S == last_S) || (unit && u < 2)))
				continue;
			if (!unit)
				last_S = S;
			for (int stream = 0; stream < 2; stream++) {
				SchedPoint pt;
				SchedFirst first;
				if (stream && !buffered_in(p, i, j))
					continue;
				if (!eval_segment(p, i, j, (int)S, stream, unit,
				    0, &pt, &first))
					continue;
				if (*n == cap) {
					cap = cap ? 2 * cap : 16;
					v = ir_xrealloc(v, (size_t)cap *
					    sizeof *v);
				}
				v[(*n)++] = (SchedOption){ j, (int)S, stream,
				    unit, pt, first };
			}
		}
	}
	return v;
}

/* Option o from op i after a plan whose last layer left `enter` cycles
 * of slack, as ethos-u-estimate would cost it. The slack reaches the
 * first layer; when that layer then leaves the same slack and weight
 * buffer as after none, the rest of the cascade is as costed, and only
 * the first layer's cycles change; else the cascade is costed again. */
static SchedPoint
option_after(SchedProblem *p, int i, const SchedOption *o, double enter)
{
	SchedPoint pt = o->pt;
	const SchedFirst *f = &o->first;
	if (f->in >= 0) {
		/* A copy: the next lookup may move the cache. */
		SchedCost base = *stripe_cost(p, i + f->k, f->in, f->out,
		    false, o->stream, 0);
		const SchedCost *now = stripe_cost(p, i + f->k, f->in, f->out,
		    false, o->stream, enter);
		if (now->leave == base.leave && now->wbuf == base.wbuf) {
			pt.cycles += now->cycles - base.cycles;
			return pt;
		}
	}
	if (!eval_segment(p, i, o->last, o->stripes, o->stream, o->aligned,
	    enter, &pt, NULL))
		pt.cycles = INFINITY;
	return pt;
}

/* Does plan a make plan b needless? a has no more SRAM peak and no more
 * cycles, and would have no more after the next op's weight DMA hid
 * under the slack each leaves (Vela's rule hides at most one cycle of
 * DMA per cycle of slack): a plan with more cycles but more slack stays
 * (it may make the next op cheaper by more than it costs). */
static bool
dominates(const SchedPoint *a, const SchedPoint *b)
{
	return a->peak <= b->peak && a->cycles <= b->cycles &&
	    a->cycles - a->slack <= b->cycles - b->slack;
}

/* Inserts x into the front l (peak, then cycles, ascending): x goes
 * when a label dominates it, and the labels x dominates go. The first
 * of equal labels stays, so the result does not depend on a sort's
 * order. */
static void
push(SchedLabels *l, SchedLabel x)
{
	for (int k = 0; k < l->n; k++)
		if (dominates(&l->v[k].pt, &x.pt))
			return;
	int n = 0;
	for (int k = 0; k < l->n; k++)
		if (!dominates(&x.pt, &l->v[k].pt))
			l->v[n++] = l->v[k];
	l->n = n;
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 16;
		l->v = ir_xrealloc(l->v, (size_t)l->cap * sizeof *l->v);
	}
	int at = l->n;
	while (at > 0 && (l->v[at - 1].pt.peak > x.pt.peak ||
	    (l->v[at - 1].pt.peak == x.pt.peak &&
	    l->v[at - 1].pt.cycles > x.pt.cycles)))
		at--;
	memmove(l->v + at + 1, l->v + at, (size_t)(l->n - at) * sizeof *l->v);
	l->v[at] = x;
	l->n++;
}

/* The plan of label k at the end, as cascades. */
static void
trace_back(const SchedProblem *p, SchedLabels *F, SchedOption **opts,
    int nops, int k,
    SchedResult *r)
{
	int n = 0;
	for (int pos = nops, at = k; pos > 0; n++) {
		SchedLabel *l = &F[pos].v[at];
		pos = l->from, at = l->prev;
	}
	r->cascades = ir_xcalloc((size_t)n + 1, sizeof *r->cascades);
	r->ncascades = n;
	for (int pos = nops, at = k, i = n - 1; pos > 0; i--) {
		SchedLabel *l = &F[pos].v[at];
		SchedOption *o = &opts[l->from][l->option];
		r->cascades[i] = (SchedCascade){ l->from, o->last, o->stripes,
		    o->stream, o->aligned ? p->ops[o->last].block_h : 1 };
		pos = l->from, at = l->prev;
	}
}

/* Which label of the final front the options ask for. */
static int
choose(const SchedLabels *end, const SchedResult *r, int64_t budget,
    bool size)
{
	int best = -1;
	for (int k = 0; k < end->n; k++) {
		const SchedPoint *x = &end->v[k].pt;
		if (budget && x->peak > budget)
			continue;
		if (best < 0)
			best = k;
		if (size)
			break;  /* peak ascending: the first is the least */
		/* performance: the fewest cycles, but the least SRAM among
		 * plans no slower than the whole ops when those fit. */
		if (x->cycles < end->v[best].pt.cycles)
			best = k;
	}
	if (size || best < 0)
		return best;
	for (int k = 0; k < end->n; k++) {
		const SchedPoint *x = &end->v[k].pt;
		if ((!budget || x->peak <= budget) && x->cycles <=
		    fmax(r->whole.cycles, end->v[best].pt.cycles))
			return k;
	}
	return best;
}

/* The op whose every option needs more than the budget, with the least
 * SRAM it can run in. */
static void
worst_op(SchedProblem *p, SchedOption **opts, int *nopts, SchedResult *r)
{
	int64_t *least = ir_xcalloc((size_t)p->nops, sizeof *least);
	for (int i = 0; i < p->nops; i++)
		least[i] = INT64_MAX;
	for (int i = 0; i < p->nops; i++)
		for (int k = 0; k < nopts[i]; k++)
			for (int j = i; j <= opts[i][k].last; j++)
				if (opts[i][k].pt.peak < least[j])
					least[j] = opts[i][k].pt.peak;
	r->worst_op = 0;
	for (int i = 0; i < p->nops; i++)
		if (least[i] > least[r->worst_op])
			r->worst_op = i;
	r->worst_bytes = least[r->worst_op];
	free(least);
}

/* Every op run whole, one after another (ethos-u-estimate's count of
 * the program unscheduled). */
static void
whole_plan(SchedProblem *p, SchedResult *r)
{
	double slack = 0;
	for (int i = 0; i < p->nops; i++) {
		SchedPoint w;
		if (!eval_segment(p, i, i, 1, false, false, slack, &w, NULL))
			continue;
		slack = w.slack;
		r->whole.cycles += w.cycles;
		r->whole.peak = w.peak > r->whole.peak ? w.peak :
		    r->whole.peak;
	}
	r->whole.slack = slack;
}

/* Extends each plan of the front at op i (from) by option k of op i
 * into the front at the option's end (to). The option costs what it
 * costs after each plan's last layer, so every plan is tried (a plan
 * with more cycles may leave more slack). */
static void
extend(SchedProblem *p, const SchedLabels *from, SchedLabels *to, int i,
    int k, const SchedOption *o, int64_t budget)
{
	SchedPoint op = o->pt;
	double enter = 0;
	for (int a = 0; a < from->n; a++) {
		SchedPoint x = from->v[a].pt;
		if (a == 0 || x.slack != enter) {
			enter = x.slack;
			op = option_after(p, i, o, enter);
		}
		int64_t peak = x.peak > op.peak ? x.peak : op.peak;
		if (!isfinite(op.cycles) || (budget && peak > budget))
			continue;
		push(to, (SchedLabel){ { peak, x.cycles + op.cycles,
		    op.slack }, a, i, k });
	}
}

bool
ethos_u_sched_search(SchedProblem *p, int64_t budget, double max_cycles,
    bool size, SchedResult *r)
{
	memset(r, 0, sizeof *r);
	r->worst_op = -1;
	int n = p->nops;
	SchedOption **opts = ir_xcalloc((size_t)n + 1, sizeof *opts);
	int *nopts = ir_xcalloc((size_t)n + 1, sizeof *nopts);
	SchedLabels *F = ir_xcalloc((size_t)n + 1, sizeof *F);
	for (int i = 0; i < n; i++)
		opts[i] = options_at(p, i, &nopts[i]);
	whole_plan(p, r);
	push(&F[0], (SchedLabel){ { 0, 0, 0 }, -1, 0, 0 });
	for (int i = 0; i < n; i++)
		for (int k = 0; k < nopts[i]; k++)
			extend(p, &F[i], &F[opts[i][k].last + 1], i, k,
			    &opts[i][k], budget);
	int k = n ? choose(&F[n], r, budget, size) : -1;
	/* A cycle limit: the least SRAM within it (else the fewest
	 * cycles). */
	for (int a = 0; k >= 0 && max_cycles > 0 && a < F[n].n; a++)
		if (F[n].v[a].pt.cycles <= max_cycles) {
			k = a;
			break;
		}
	bool ok = k >= 0 || n == 0;
	if (ok && n) {
		r->chosen = F[n].v[k].pt;
		trace_back(p, F, opts, n, k, r);
		/* The plans no other beats on SRAM and cycles (the front
		 * also kept plans for the slack they left). */
		r->pareto = ir_xcalloc((size_t)F[n].n, sizeof *r->pareto);
		for (int a = 0; a < F[n].n; a++)
			if (!r->npareto || F[n].v[a].pt.cycles <
			    r->pareto[r->npareto - 1].cycles)
				r->pareto[r->npareto++] = F[n].v[a].pt;
	} else if (!ok) {
		worst_op(p, opts, nopts, r);
	}
	for (int i = 0; i <= n; i++) {
		free(opts[i]);
		free(F[i].v);
	}
	free(opts);
	free(nopts);
	free(F);
	return ok;
}

void
ethos_u_sched_force(SchedProblem *p, int stripes, SchedResult *r)
{
	memset(r, 0, sizeof *r);
	r->worst_op = -1;
	r->cascades = ir_xcalloc((size_t)p->nops + 1, sizeof *r->cascades);
	for (int i = 0; i < p->nops;) {
		int j = i;
		while (j + 1 < p->nops && p->ops[j + 1].chain >= 0 &&
		    j + 1 - i < p->max_len)
			j++;
		int S = j > i ? stripes : 1;
		if (j > i && S > p->ops[j].g.out_h)
			S = (int)p->ops[j].g.out_h;
		SchedPoint pt = { 0, 0, 0 };
		double enter = r->chosen.slack;
		if (!eval_segment(p, i, j, S, false, false, enter, &pt, NULL))
			S = 1, j = i, eval_segment(p, i, i, 1, false, false,
			    enter, &pt, NULL);
		r->cascades[r->ncascades++] = (SchedCascade){ i, j, S, false,
		    1 };
		r->chosen.cycles += pt.cycles;
		r->chosen.slack = pt.slack;
		if (pt.peak > r->chosen.peak)
			r->chosen.peak = pt.peak;
		i = j + 1;
	}
	whole_plan(p, r);
}
