/* targets/ethos_u/schedule_sram.c: how ethos-u-estimate sees a striped
 * program: the views ethos-u-schedule makes, the stripe attribute, and
 * the SRAM live while each layer runs, counted by value (a rolling
 * buffer's stripes as its one ring). */
#include <stdlib.h>
#include <string.h>

#include "targets/ethos_u/ethos_u.h"
#include "targets/ethos_u/schedule.h"

bool
ethos_u_is_view(const IrOp *op)
{
	return (ir_op_is(op, "npu.slice") || ir_op_is(op, "npu.concat")) &&
	    ir_op_attr(op, "ethos_u.view");
}

bool
ethos_u_is_output_view(const IrOp *op)
{
	const IrAttr *a = ir_op_attr(op, "ethos_u.view");
	return ethos_u_is_view(op) && a->kind == IR_ATTR_STRING &&
	    a->u.string.len == 6 && !memcmp(a->u.string.data, "output", 6);
}

bool
ethos_u_stripe_of(const IrOp *op, int64_t st[3])
{
	const IrAttr *a = ir_op_attr(op, "ethos_u.stripe");
	if (!a || a->kind != IR_ATTR_ARRAY || a->u.array.n != 3)
		return false;
	for (int i = 0; i < 3; i++) {
		const IrAttr *e = a->u.array.elems[i];
		if (e->kind != IR_ATTR_INTEGER)
			return false;
		st[i] = e->u.integer.value;
	}
	return true;
}

bool
ethos_u_streams_weights(const IrOp *op)
{
	const IrAttr *a = ir_op_attr(op, "ethos_u.weights");
	return a && a->kind == IR_ATTR_STRING && a->u.string.len == 6 &&
	    !memcmp(a->u.string.data, "stream", 6);
}

bool
ethos_u_has_stripes(IrOp *module)
{
	IrBlock *body = ir_op_regions(module)[0].first;
	for (IrOp *f = body ? body->first : NULL; f; f = f->next) {
		if (!ir_op_is(f, "func.func") || ir_region_empty(ir_op_region(f,
		    0)))
			continue;
		if (ir_op_attr(f, "ethos_u.schedule"))
			return true;
		for (IrOp *op = ir_func_entry(f)->first; op; op = op->next)
			if (ir_op_attr(op, "ethos_u.stripe"))
				return true;
	}
	return false;
}

/* ------------------------------------------------------------ liveness */

typedef struct Extern {
	IrValue *v;
	size_t first, last;
} Extern;

typedef struct Live {
	EthosULayers *ls;
	size_t *def, *last;
	Extern *ext;
	size_t next, capext;
} Live;

static long
layer_index(const EthosULayers *ls, const IrValue *v)
{
	for (size_t k = 0; k < ls->n; k++)
		if (ls->v[k].out == v)
			return (long)k;
	return -1;
}

static bool
passes_through(const IrOp *op)
{
	return op && (ethos_u_is_reshape(op) || ethos_u_is_view(op));
}

/* Layer i reads v: the maps under it (through reshapes and views) live
 * until i at least. */
static void
read_value(Live *L, IrValue *v, size_t i, int depth)
{
	long k = layer_index(L->ls, v);
	IrOp *d = ir_value_def_op(v);
	if (k >= 0) {
		if (L->last[k] < i)
			L->last[k] = i;
		return;
	}
	if (depth < 64 && passes_through(d)) {
		unsigned n = ir_op_is(d, "npu.concat") ? d->noperands : 1;
		for (unsigned a = 0; a < n; a++)
			read_value(L, ir_op_operand(d, a), i, depth + 1);
		return;
	}
	for (size_t e = 0; e < L->next; e++)
		if (L->ext[e].v == v) {
			L->ext[e].last = i;
			return;
		}
	if (L->next == L->capext) {
		L->capext = L->capext ? 2 * L->capext : 8;
		L->ext = ir_xrealloc(L->ext, L->capext * sizeof *L->ext);
	}
	L->ext[L->next++] = (Extern){ v, i, i };
}

/* Does v leave the NPU (returned, or read by the CPU), itself or through
 * a reshape or view? */
static bool
leaves(IrValue *v, int depth)
{
	for (IrUse *u = v->uses; u && depth < 64; u = u->next) {
		IrOp *o = u->owner;
		if ((ir_op_has_trait(o, IR_TRAIT_RETURN_LIKE) &&
		    !ir_op_is(o, "npu.yield")) || ir_op_is(o, "npu.cpu"))
			return true;
		if (passes_through(o) && leaves(ir_op_result(o, 0), depth + 1))
			return true;
	}
	return false;
}

/* The stripes an output view assembles share one buffer, whole from the
 * first stripe on. */
static void
group_outputs(Live *L)
{
	EthosULayers *ls = L->ls;
	for (size_t k = 0; k < ls->n; k++) {
		IrValue *out = ls->v[k].out;
		for (IrUse *u = out ? out->uses : NULL; u; u = u->next) {
			IrOp *c = u->owner;
			if (!ethos_u_is_output_view(c))
				continue;
			size_t first = k;
			for (unsigned a = 0; a < c->noperands; a++) {
				long j = layer_index(ls, ir_op_operand(c, a));
				if (j >= 0 && L->def[j] < first)
					first = L->def[j];
			}
			for (unsigned a = 0; a < c->noperands; a++) {
				long j = layer_index(ls, ir_op_operand(c, a));
				if (j >= 0)
					L->def[j] = first;
			}
		}
	}
}

/* The bytes of fm, or of `rows` of its rows when rows > 0. */
static int64_t
fm_bytes(const EthosUFm *fm, int64_t rows)
{
	EthosUShape s = fm->shape;
	if (fm->format == ETHOS_U_NHCWB16)
		s.c = (s.c + 15) / 16 * 16;
	if (rows > 0)
		s.h = rows;
	return (s.n * s.h * s.w * s.c * fm->bits / 8 + 15) / 16 * 16;
}

int64_t
ethos_u_map_bytes(const EthosULayer *l, int64_t rows)
{
	EthosUFm fm = l->q.ofm;
	if (l->part)
		return 0;
	if (l->out && l->whole.n)
		fm.shape = l->whole;
	return fm_bytes(&fm, rows);
}

/* Layer k's stripe of a rolling buffer: its op's stripe id and the
 * ring's rows (ethos_u.ring), else false. */
static bool
ring_of(const EthosULayers *ls, size_t k, int64_t *id, int64_t *rows)
{
	int64_t st[3], ring[2];
	IrOp *d = ls->v[k].out ? ir_value_def_op(ls->v[k].out) : NULL;
	if (!d || !ethos_u_stripe_of(d, st) || !ir_attr_ints(ir_op_attr(d,
	    "ethos_u.ring"), ring, 2) || ring[0] < 1)
		return false;
	*id = st[0], *rows = ring[0];
	return true;
}

/* The stripes of a rolling buffer share one ring, as bufferize and
 * ethos-u-codegen allocate it: its rows, live from the first stripe's
 * write to the last read of any (counted at the first stripe; the
 * others add nothing). Other maps: their bytes. */
static void
ring_bytes(Live *L, int64_t *bytes)
{
	EthosULayers *ls = L->ls;
	int64_t id, rows, other, orows;
	for (size_t k = 0; k < ls->n; k++)
		bytes[k] = ethos_u_map_bytes(&ls->v[k], 0);
	for (size_t k = 0; k < ls->n; k++) {
		if (!bytes[k] || !ring_of(ls, k, &id, &rows))
			continue;
		bytes[k] = ethos_u_map_bytes(&ls->v[k], rows);
		for (size_t j = k + 1; j < ls->n; j++) {
			if (!ring_of(ls, j, &other, &orows) || other != id ||
			    orows != rows)
				continue;
			bytes[j] = 0;
			if (L->def[j] < L->def[k])
				L->def[k] = L->def[j];
			if (L->last[j] > L->last[k])
				L->last[k] = L->last[j];
		}
	}
}

static int64_t
value_bytes(const IrValue *v)
{
	const IrType *t = v->type, *e = t->u.shaped.elem;
	int64_t n = 1;
	for (int64_t i = 0; i < t->u.shaped.rank; i++)
		n *= t->u.shaped.dims[i];
	unsigned bits = ir_type_bitwidth(e->kind == IR_TYPE_QUANT ?
	    e->u.quant.storage : e);
	return (n * (int64_t)(bits ? bits : 8) / 8 + 15) / 16 * 16;
}

/* The last layer that is a stripe of the same op as layer k. */
static size_t
last_stripe(const EthosULayers *ls, size_t k)
{
	int64_t st[3], other[3];
	IrOp *d = ls->v[k].out ? ir_value_def_op(ls->v[k].out) : NULL;
	size_t last = k;
	if (!d || !ethos_u_stripe_of(d, st))
		return k;
	for (size_t j = k + 1; j < ls->n; j++) {
		IrOp *e = ls->v[j].out ? ir_value_def_op(ls->v[j].out) : NULL;
		if (e && ethos_u_stripe_of(e, other) && other[0] == st[0])
			last = j;
	}
	return last;
}

void
ethos_u_sram_usage_values(const EthosUTarget *t, EthosULayers *ls)
{
	size_t n = ls->n;
	Live L = { ls, ir_xcalloc(n + 1, sizeof *L.def),
		ir_xcalloc(n + 1, sizeof *L.last), NULL, 0, 0 };
	for (size_t k = 0; k < n; k++) {
		L.def[k] = L.last[k] = k;
		/* A map inside a lowering is read by the step after it. */
		if (!ls->v[k].out && k + 1 < n)
			L.last[k] = k + 1;
	}
	for (size_t i = 0; i < n; i++) {
		if (ls->v[i].in)
			read_value(&L, ls->v[i].in, i, 0);
		if (ls->v[i].in2)
			read_value(&L, ls->v[i].in2, i, 0);
	}
	for (size_t k = 0; k < n; k++)
		if (ls->v[k].out && leaves(ls->v[k].out, 0))
			L.last[k] = n;
	group_outputs(&L);
	int64_t *use = ir_xcalloc(n + 1, sizeof *use);
	int64_t *bytes = ir_xcalloc(n + 1, sizeof *bytes);
	ring_bytes(&L, bytes);
	for (size_t k = 0; k < n; k++) {
		EthosULayer *l = &ls->v[k];
		if (l->q.ofm.mem == ETHOS_U_SRAM)
			for (size_t i = L.def[k]; i <= L.last[k] && i < n; i++)
				use[i] += bytes[k];
		if (l->w.buffered && t->cache_mem == ETHOS_U_SRAM)
			for (size_t i = k; i <= last_stripe(ls, k); i++)
				use[i] += l->perf.weight_buffer;
	}
	for (size_t e = 0; e < L.next && t->arena_mem == ETHOS_U_SRAM; e++)
		for (size_t i = L.ext[e].first; i <= L.ext[e].last; i++)
			use[i] += value_bytes(L.ext[e].v);
	for (size_t i = 0; i < n; i++)
		ls->v[i].sram_usage = use[i];
	free(use);
	free(bytes);
	free(L.def);
	free(L.last);
	free(L.ext);
}
