/* passes/graph_util.c: helpers the graph optimizer's passes share
 * (passes/graph_util.h). */
#include "passes/graph_util.h"

#include <stdlib.h>
#include <string.h>

#include "passes/passes.h"

const IrType *
gu_elem(const IrValue *v)
{
	const IrType *t = v->type;

	return ir_type_is_shaped(t) ? t->u.shaped.elem : t;
}

bool
gu_is_f32(const IrType *t)
{
	return t->kind == IR_TYPE_FLOAT && t->u.flt.kind == IR_F32;
}

bool
gu_static(const IrValue *v)
{
	const IrType *t = v->type;

	if (t->kind != IR_TYPE_TENSOR || t->u.shaped.rank < 0)
		return false;
	for (int64_t i = 0; i < t->u.shaped.rank; i++)
		if (t->u.shaped.dims[i] == IR_DYNAMIC)
			return false;
	return true;
}

bool
gu_one_use(const IrValue *v)
{
	return v->uses && !v->uses->next;
}

bool
gu_is_nchw(const IrOp *op)
{
	const IrAttr *l = ir_op_attr(op, "layout");
	return l && l->kind == IR_ATTR_STRING &&
	    !strcmp(l->u.string.data, "NCHW");
}

/* v's dense f32 value, or NULL. */
static const IrAttr *
dense_f32(IrValue *v)
{
	const IrAttr *a = ir_value_constant(v);

	if (!a || a->kind != IR_ATTR_DENSE || a->u.dense.type != v->type ||
	    !gu_is_f32(gu_elem(v)))
		return NULL;
	return a;
}

static double
f32_at(const IrAttr *a, int64_t i)
{
	float f;

	memcpy(&f, a->u.dense.data + (a->u.dense.splat ? 0 : 4 * i), 4);
	return f;
}

double *
gu_const_f32(IrValue *v, int64_t *n)
{
	const IrAttr *a = dense_f32(v);

	if (!a)
		return NULL;
	*n = ir_type_num_elements(v->type);
	double *out = ir_xmalloc((size_t)(*n ? *n : 1) * sizeof *out);
	for (int64_t i = 0; i < *n; i++)
		out[i] = f32_at(a, i);
	return out;
}

bool
gu_const_splat(IrValue *v, double *out)
{
	const IrAttr *a = dense_f32(v);

	if (!a || ir_type_num_elements(v->type) < 1)
		return false;
	*out = f32_at(a, 0);
	if (a->u.dense.splat)
		return true;
	for (int64_t i = 1, n = ir_type_num_elements(v->type); i < n; i++)
		if (f32_at(a, i) != *out)
			return false;
	return true;
}

IrValue *
gu_make_f32(IrRewriter *rw, const IrType *type, const double *v, int64_t n)
{
	IrContext *ctx = ir_rewriter_context(rw);
	float *f = ir_xmalloc((size_t)(n ? n : 1) * sizeof *f);

	for (int64_t i = 0; i < n; i++)
		f[i] = (float)v[i];
	const IrAttr *d = ir_attr_dense(ctx, type, false, f,
	    (size_t)n * sizeof *f);
	free(f);
	IrNamedAttr na = { ir_ident_cstr(ctx, "value"), d };
	return ir_op_result(gu_create(rw, "graph.constant", 0, NULL, type,
	    ir_attr_dict(ctx, 1, &na)), 0);
}

IrOp *
gu_create(IrRewriter *rw, const char *name, size_t n,
    IrValue *const *operands, const IrType *rt, const IrAttr *attrs)
{
	IrContext *ctx = ir_rewriter_context(rw);
	IrOpState st = {
		.name = ir_op_name_get(ctx, name, strlen(name)),
		.noperands = n,
		.operands = operands,
		.nresults = 1,
		.result_types = &rt,
		.attrs = attrs,
	};
	return ir_rewriter_create(rw, &st);
}

const IrAttr *
gu_f32_attr(IrContext *ctx, double v)
{
	return ir_attr_float(ctx, ir_type_float(ctx, IR_F32), (float)v);
}

const IrAttr *
gu_i64_attr(IrContext *ctx, int64_t v)
{
	return ir_attr_int(ctx, ir_type_int(ctx, 64, IR_SIGNLESS), v);
}

const IrAttr *
gu_i64s_attr(IrContext *ctx, size_t n, const int64_t *v)
{
	const IrAttr *e[32];

	if (n > 32)
		ir_unreachable("gu_i64s_attr: more than 32 integers");
	for (size_t i = 0; i < n; i++)
		e[i] = gu_i64_attr(ctx, v[i]);
	return ir_attr_array(ctx, n, e);
}

int
gu_ints(const IrOp *op, const char *name, int64_t *out, int max)
{
	const IrAttr *a = ir_op_attr(op, name);

	if (!a || a->kind != IR_ATTR_ARRAY || a->u.array.n > (size_t)max)
		return -1;
	for (size_t i = 0; i < a->u.array.n; i++) {
		const IrAttr *e = a->u.array.elems[i];
		if (e->kind != IR_ATTR_INTEGER)
			return -1;
		out[i] = e->u.integer.value;
	}
	return (int)a->u.array.n;
}

const IrType *
gu_with_dims(IrContext *ctx, const IrType *t, int64_t rank,
    const int64_t *dims)
{
	return ir_type_tensor(ctx, rank, dims, t->u.shaped.elem, NULL);
}

bool
gu_run_patterns(IrOp *op, IrPass *pass, const IrPattern *pats, size_t n,
    const char *stat)
{
	IrContext *ctx = ir_pass_context(pass);
	IrPatternSet *set = ir_pattern_set_create(ctx);
	IrGreedyConfig cfg;
	IrGreedyStats st;

	for (size_t i = 0; i < n; i++)
		ir_pattern_set_add(set, &pats[i]);
	ir_greedy_config_default(&cfg);
	cfg.fold = false;
	bool ok = ir_apply_patterns_greedily(op, set, &cfg, &st);
	if (stat)
		ir_pass_stat_add(pass, stat, st.rewrites);
	ir_pattern_set_destroy(set);
	return ok;
}

/* ------------------------------------------------ per-channel folding */

/* The weights' output-channel axis. */
static int
weight_axis(const IrOp *op)
{
	return ir_op_is(op, "graph.depthwise_conv2d") && !gu_is_nchw(op) ?
	    3 : 0;
}

int
gu_channel_producer(IrOp *op, int64_t *nch)
{
	double lo, hi;
	if (!(ir_op_is(op, "graph.conv2d") ||
	    ir_op_is(op, "graph.depthwise_conv2d") ||
	    ir_op_is(op, "graph.fully_connected")) || op->nresults != 1 ||
	    graph_act_range(op, &lo, &hi))
		return -1;
	IrValue *y = ir_op_result(op, 0);
	if (!gu_is_f32(gu_elem(y)) || !gu_static(y) || !gu_one_use(y))
		return -1;
	IrValue *w = ir_op_operand(op, 1);
	if (!gu_static(w) || !ir_value_constant(w) ||
	    !gu_is_f32(gu_elem(w)) ||
	    (op->noperands > 2 && !ir_value_constant(ir_op_operand(op, 2))))
		return -1;
	int axis = gu_is_nchw(op) ? 1 : (int)y->type->u.shaped.rank - 1;
	*nch = y->type->u.shaped.dims[axis];
	if (w->type->u.shaped.dims[weight_axis(op)] != *nch)
		return -1;
	return axis;
}

double *
gu_channel_vector(IrValue *c, const IrType *rt, int axis, int64_t nch)
{
	if (!gu_static(c))
		return NULL;
	const IrType *ct = c->type;
	int64_t r = ct->u.shaped.rank, R = rt->u.shaped.rank;
	int64_t off = R - r, n;
	if (off < 0)
		return NULL;
	for (int64_t i = 0; i < r; i++) {
		int64_t d = ct->u.shaped.dims[i];
		if (d != 1 && !(i + off == axis && d == nch))
			return NULL;
	}
	double *v = gu_const_f32(c, &n);
	if (!v)
		return NULL;
	if (n == nch)
		return v;
	double *w = ir_xmalloc((size_t)nch * sizeof *w);
	for (int64_t i = 0; i < nch; i++)
		w[i] = v[0];
	free(v);
	return w;
}

void
gu_fold_affine(IrRewriter *rw, IrOp *p, const double *a, const double *b,
    int64_t nch)
{
	IrValue *wv = ir_op_operand(p, 1);
	int64_t n, inner = 1;
	int ax = weight_axis(p);
	for (int64_t i = ax + 1; i < wv->type->u.shaped.rank; i++)
		inner *= wv->type->u.shaped.dims[i];
	double *w = gu_const_f32(wv, &n);
	if (a)
		for (int64_t i = 0; i < n; i++)
			w[i] = (double)(float)(w[i] * a[i / inner % nch]);
	double *bias = NULL;
	int64_t nb = nch;
	if (p->noperands > 2)
		bias = gu_const_f32(ir_op_operand(p, 2), &nb);
	if (!bias)
		bias = ir_xcalloc((size_t)nch, sizeof *bias);
	for (int64_t c = 0; c < nch; c++) {
		double v = bias[c];
		if (a)
			v = (double)(float)(v * a[c]);
		if (b)
			v = (double)(float)(v + b[c]);
		bias[c] = v;
	}
	IrContext *ctx = ir_rewriter_context(rw);
	ir_builder_set_before(ir_rewriter_builder(rw), p);
	IrValue *nw = a ? gu_make_f32(rw, wv->type, w, n) : wv;
	const IrType *bt = ir_type_tensor(ctx, 1, &nch, gu_elem(wv), NULL);
	IrValue *nbv = gu_make_f32(rw, bt, bias, nch);
	IrValue *ops[3] = { ir_op_operand(p, 0), nw, nbv };
	ir_op_set_operands(p, 3, ops);
	ir_rewriter_modified(rw, p);
	free(w);
	free(bias);
}
