/* passes/fold_qdq.c: ONNX QDQ patterns (DequantizeLinear -> op ->
 * QuantizeLinear) become graph ops on !quant.uniform types, so a QDQ
 * model lowers like a TFLite int8 one. */
#include "passes/passes.h"
#include "passes/graph_util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "interp/qmath.h"

/* ------------------------------------------------------------- helpers */

static bool
is_q(const IrOp *op)
{
	return op && ir_op_is(op, "graph.quantize");
}

static bool
is_dq(const IrOp *op)
{
	return op && ir_op_is(op, "graph.dequantize");
}

/* The per-tensor quantized element type of v, or NULL. */
static const IrType *
qelem(const IrValue *v)
{
	const IrType *e = gu_elem(v);
	return e->kind == IR_TYPE_QUANT && e->u.quant.nscales == 1 ? e : NULL;
}

/* v's shape with element type e. */
static const IrType *
retype(IrContext *ctx, const IrValue *v, const IrType *e)
{
	return ir_type_tensor(ctx, v->type->u.shaped.rank,
	    v->type->u.shaped.dims, e, NULL);
}

/* The quantized value a float value is a dequantization of, or NULL. */
static IrValue *
dq_source(IrValue *v)
{
	IrOp *d = ir_value_def_op(v);
	return is_dq(d) ? ir_op_operand(d, 0) : NULL;
}

/* graph.quantize of x to element type q (rounding to even, as ONNX's
 * QuantizeLinear) through rw. */
static IrValue *
make_q(IrRewriter *rw, IrValue *x, const IrType *q)
{
	IrContext *ctx = ir_rewriter_context(rw);
	IrNamedAttr na[2] = {
		{ ir_ident_cstr(ctx, "qtype"), ir_attr_type(ctx, q) },
		{ ir_ident_cstr(ctx, "rounding"),
		  ir_attr_string(ctx, "even", 4, NULL) },
	};
	return ir_op_result(gu_create(rw, "graph.quantize", 1, &x,
	    retype(ctx, x, q), ir_attr_dict(ctx, 2, na)), 0);
}

/* A quantized constant of type `type` (elements of quantized type q,
 * per tensor) holding the float values v quantized. */
static IrValue *
make_qconst(IrRewriter *rw, const IrType *type, const double *v, int64_t n)
{
	IrContext *ctx = ir_rewriter_context(rw);
	const IrType *q = type->u.shaped.elem, *st = q->u.quant.storage;
	size_t es = ir_dense_elem_size(st);
	uint8_t *buf = ir_xcalloc((size_t)(n ? n : 1), es);
	for (int64_t i = 0; i < n; i++) {
		int32_t s = qmath_quantize((float)v[i], q->u.quant.scales[0],
		    q->u.quant.zero_points[0], q->u.quant.storage_min,
		    q->u.quant.storage_max);
		memcpy(buf + (size_t)i * es, &s, es); /* little endian */
	}
	const IrType *dt = ir_type_tensor(ctx, type->u.shaped.rank,
	    type->u.shaped.dims, st, NULL);
	IrNamedAttr na = { ir_ident_cstr(ctx, "value"),
	    ir_attr_dense(ctx, dt, false, buf, (size_t)n * es) };
	free(buf);
	return ir_op_result(gu_create(rw, "graph.constant", 0, NULL, type,
	    ir_attr_dict(ctx, 1, &na)), 0);
}

/* The result attributes of a float op moved to its quantized form: a
 * fused activation's real bounds become storage integers of q. */
static const IrAttr *
quant_attrs(IrContext *ctx, IrOp *op, const IrType *q)
{
	const IrAttr *d = op->attrs;
	static const char *const names[2] = { "act_min", "act_max" };
	for (int i = 0; i < 2; i++) {
		const IrAttr *a = ir_op_attr(op, names[i]);
		if (!a || a->kind != IR_ATTR_FLOAT)
			continue;
		double b = qmath_quantize((float)a->u.flt.value,
		    q->u.quant.scales[0], q->u.quant.zero_points[0],
		    q->u.quant.storage_min, q->u.quant.storage_max);
		d = ir_dict_set(ctx, d, ir_ident_cstr(ctx, names[i]),
		    gu_f32_attr(ctx, b));
	}
	return d;
}

/* Replaces quantize op `q` by a new op `name` on operands, with q's
 * result type and attributes attrs. */
static void
replace_q(IrRewriter *rw, IrOp *q, const char *name, size_t n,
    IrValue *const *operands, const IrAttr *attrs)
{
	IrValue *v = ir_op_result(gu_create(rw, name, n, operands,
	    ir_op_result(q, 0)->type, attrs), 0);
	ir_rewriter_replace_op(rw, q, &v);
}

/* ------------------------------------------------------------- patterns */

/* quantize(dequantize(q)) -> q, or requantize(q) to other parameters. */
static bool
qdq_pair(IrOp *op, IrRewriter *rw, const void *data)
{
	(void)data;
	IrValue *src = dq_source(ir_op_operand(op, 0));
	IrValue *y = ir_op_result(op, 0);
	if (!src || !gu_static(src))
		return false;
	if (src->type == y->type) {
		ir_rewriter_replace_op(rw, op, &src);
		return true;
	}
	if (!qelem(src) || !qelem(y))
		return false;
	IrContext *ctx = ir_rewriter_context(rw);
	IrNamedAttr na = { ir_ident_cstr(ctx, "qtype"),
	    ir_attr_type(ctx, gu_elem(y)) };
	replace_q(rw, op, "graph.requantize", 1, &src,
	    ir_attr_dict(ctx, 1, &na));
	return true;
}

/* A value quantized by one user is used quantized by all: its other
 * float users read dequantize(quantize(v)) instead, as an int8 graph
 * would compute them. The model's outputs keep the float value. */
static bool
share(IrOp *op, IrRewriter *rw, const void *data)
{
	(void)data;
	IrValue *v = ir_op_operand(op, 0), *y = ir_op_result(op, 0);
	IrUse *u;
	for (u = v->uses; u; u = u->next)
		if (u->owner != op && !is_q(u->owner) &&
		    !ir_op_has_trait(u->owner, IR_TRAIT_RETURN_LIKE))
			break;
	if (!u || !gu_static(v))
		return false;
	/* Quantize right where v is defined, so the dequantize after it
	 * comes before every user. */
	IrOp *def = ir_value_def_op(v);
	IrBlock *blk = def ? def->parent : v->owner.block;
	if (op->parent != blk)
		return false;
	ir_op_move_before(op, def ? def->next : blk->first);
	ir_builder_set_after(ir_rewriter_builder(rw), op);
	IrValue *d = ir_op_result(gu_create(rw, "graph.dequantize", 1, &y,
	    v->type, NULL), 0);
	IrUse *next;
	for (u = v->uses; u; u = next) {
		next = u->next;
		if (u->owner != op && !is_q(u->owner) &&
		    !ir_op_has_trait(u->owner, IR_TRAIT_RETURN_LIKE))
			ir_rewriter_set_operand(rw, u->owner,
			    ir_use_index(u), d);
	}
	return true;
}

/* Ops a quantize moves in front of, onto their data operand: the
 * quantized op computes (within one rounding) what quantizing its float
 * result does. Monotone ops and data movement are exact; leaky_relu
 * rounds its input to the output's parameters first. */
static bool
sinkable(IrOp *u, unsigned *data_operand)
{
	static const char *const unary[] = {
		"graph.relu", "graph.relu6", "graph.clip", "graph.leaky_relu",
		"graph.max_pool2d", "graph.reshape", "graph.transpose",
		"graph.squeeze", "graph.unsqueeze",
	};
	for (size_t i = 0; i < sizeof unary / sizeof unary[0]; i++)
		if (ir_op_is(u, unary[i])) {
			*data_operand = 0;
			return true;
		}
	if (ir_op_is(u, "graph.maximum") || ir_op_is(u, "graph.minimum")) {
		double c;
		for (unsigned k = 0; k < 2; k++)
			if (gu_const_splat(ir_op_operand(u, 1 - k), &c) &&
			    ir_op_operand(u, k)->type ==
			    ir_op_result(u, 0)->type) {
				*data_operand = k;
				return true;
			}
	}
	return false;
}

/* The parameters leaky_relu's input needs so that its result covers
 * q's range: negative results r come from inputs r / alpha, so the
 * input range is [min / alpha, max] over the same storage (alpha in
 * (0, 1); otherwise q itself). */
static const IrType *
leaky_input(IrContext *ctx, IrOp *u, const IrType *q)
{
	const IrAttr *a = ir_op_attr(u, "alpha");
	double alpha = a && a->kind == IR_ATTR_FLOAT ? a->u.flt.value : 0.2;
	int64_t smin = q->u.quant.storage_min, smax = q->u.quant.storage_max;
	double s = q->u.quant.scales[0];
	double lo = (double)(smin - q->u.quant.zero_points[0]) * s;
	double hi = (double)(smax - q->u.quant.zero_points[0]) * s;
	if (!(alpha > 0 && alpha < 1) || lo >= 0)
		return q;
	lo /= alpha;
	double ns = (hi - lo) / (double)(smax - smin);
	int64_t zp = (int64_t)nearbyint((double)smin - lo / ns);
	zp = zp < smin ? smin : zp > smax ? smax : zp;
	return ir_type_quant(ctx, q->u.quant.is_signed, q->u.quant.storage,
	    q->u.quant.expressed, smin, smax, -1, 1, &ns, &zp);
}

/* quantize(u(x)) -> u(quantize(x)) for the ops `sinkable` names, when
 * u's result has no other user. A constant operand of maximum/minimum
 * is quantized with the same parameters. With data set (mode=int8) it
 * takes leaky_relu only, without it every other op. */
static bool
sink(IrOp *op, IrRewriter *rw, const void *data)
{
	IrValue *uv = ir_op_operand(op, 0);
	IrOp *u = ir_value_def_op(uv);
	const IrType *q = qelem(ir_op_result(op, 0));
	unsigned k;
	if (!u || !q || u->nresults != 1 || !gu_one_use(uv) ||
	    !sinkable(u, &k) || !gu_static(ir_op_operand(u, k)) ||
	    !gu_is_f32(gu_elem(ir_op_operand(u, k))) ||
	    ir_op_is(u, "graph.leaky_relu") != (data != NULL))
		return false;
	IrContext *ctx = ir_rewriter_context(rw);
	IrValue *ops[2];
	ops[k] = make_q(rw, ir_op_operand(u, k),
	    ir_op_is(u, "graph.leaky_relu") ? leaky_input(ctx, u, q) : q);
	if (u->noperands == 2) {
		IrValue *c = ir_op_operand(u, 1 - k);
		double v;
		gu_const_splat(c, &v);
		int64_t n = ir_type_num_elements(c->type);
		double *vals = ir_xmalloc((size_t)(n ? n : 1) * sizeof *vals);
		for (int64_t i = 0; i < n; i++)
			vals[i] = v;
		ops[1 - k] = make_qconst(rw, retype(ctx, c, q), vals, n);
		free(vals);
	}
	replace_q(rw, op, ir_op_name_str(u), u->noperands, ops,
	    quant_attrs(ctx, u, q));
	return true;
}

/* quantize(concat(x...)) -> concat(quantize(x)...), every input with
 * the result's parameters (exact: quantizing is elementwise). */
static bool
sink_concat(IrOp *op, IrRewriter *rw, const void *data)
{
	(void)data;
	IrValue *cv = ir_op_operand(op, 0);
	IrOp *c = ir_value_def_op(cv);
	const IrType *q = qelem(ir_op_result(op, 0));
	if (!c || !ir_op_is(c, "graph.concat") || !q || !gu_one_use(cv) ||
	    c->noperands > 64)
		return false;
	IrValue *ops[64];
	for (unsigned i = 0; i < c->noperands; i++) {
		IrValue *x = ir_op_operand(c, i);
		if (!gu_static(x) || !gu_is_f32(gu_elem(x)))
			return false;
	}
	for (unsigned i = 0; i < c->noperands; i++)
		ops[i] = make_q(rw, ir_op_operand(c, i), q);
	replace_q(rw, op, "graph.concat", c->noperands, ops, c->attrs);
	return true;
}

/* The integer bias of a quantized MAC op: the float bias b (a constant)
 * over input scale sx times weight scale sw[c], rounded to even; NULL
 * when b is not an f32 constant. */
static IrValue *
int_bias(IrRewriter *rw, IrValue *b, const IrType *qx, const IrType *qw)
{
	int64_t n;
	double *v = gu_const_f32(b, &n);
	if (!v)
		return NULL;
	if (qw->u.quant.nscales != 1 && (int64_t)qw->u.quant.nscales != n) {
		free(v);
		return NULL;
	}
	int32_t *iv = ir_xmalloc((size_t)(n ? n : 1) * sizeof *iv);
	for (int64_t c = 0; c < n; c++) {
		double s = (double)(float)qx->u.quant.scales[0] *
		    (double)(float)qw->u.quant.scales[qw->u.quant.nscales > 1 ?
		    c : 0];
		double r = nearbyint(v[c] / s);
		iv[c] = r > INT32_MAX ? INT32_MAX : r < INT32_MIN ? INT32_MIN :
		    (int32_t)r;
	}
	IrContext *ctx = ir_rewriter_context(rw);
	const IrType *t = ir_type_tensor(ctx, 1, &n,
	    ir_type_int(ctx, 32, IR_SIGNLESS), NULL);
	IrNamedAttr na = { ir_ident_cstr(ctx, "value"),
	    ir_attr_dense(ctx, t, false, iv, (size_t)n * 4) };
	free(iv);
	free(v);
	return ir_op_result(gu_create(rw, "graph.constant", 0, NULL, t,
	    ir_attr_dict(ctx, 1, &na)), 0);
}

/* quantize(mac(dequantize(x), dequantize(w), b?)) -> mac(x, w, b') on
 * quantized types: conv2d, depthwise_conv2d, fully_connected with a
 * per-tensor input, constant 8-bit weights (per tensor or per output
 * channel) and a constant float bias, which becomes int32. */
static bool
fold_mac(IrOp *op, IrRewriter *rw, const void *data)
{
	(void)data;
	IrValue *mv = ir_op_operand(op, 0);
	IrOp *m = ir_value_def_op(mv);
	const IrType *q = qelem(ir_op_result(op, 0));
	if (!m || !q || !gu_one_use(mv) || !(ir_op_is(m, "graph.conv2d") ||
	    ir_op_is(m, "graph.depthwise_conv2d") ||
	    ir_op_is(m, "graph.fully_connected")))
		return false;
	IrValue *x = dq_source(ir_op_operand(m, 0));
	IrValue *w = dq_source(ir_op_operand(m, 1));
	if (!x || !w || !qelem(x) || !ir_value_constant(w) ||
	    gu_elem(w)->kind != IR_TYPE_QUANT ||
	    ir_type_bitwidth(gu_elem(w)->u.quant.storage) != 8)
		return false;
	IrValue *ops[3] = { x, w, NULL };
	if (m->noperands > 2) {
		IrValue *b = ir_op_operand(m, 2);
		ops[2] = int_bias(rw, b, qelem(x), gu_elem(w));
		if (!ops[2])
			return false;
	}
	replace_q(rw, op, ir_op_name_str(m), m->noperands, ops,
	    quant_attrs(ir_rewriter_context(rw), m, q));
	return true;
}

/* u(dequantize(x)) -> dequantize(u(x)) for ops that commute with
 * dequantization exactly: relu, max_pool2d, reshape, transpose, squeeze,
 * unsqueeze; and concat(dequantize(x), ..., constant) when every input
 * dequantizes from one type and every constant element is exactly a
 * value of that type (zeros, say). The dequantize then meets the next
 * quantize. */
static bool
hoist_dq(IrOp *op, IrRewriter *rw, const void *data)
{
	(void)data;
	static const char *const names[] = {
		"graph.relu", "graph.max_pool2d", "graph.reshape",
		"graph.transpose", "graph.squeeze", "graph.unsqueeze",
		"graph.concat",
	};
	size_t k;
	for (k = 0; k < sizeof names / sizeof names[0]; k++)
		if (ir_op_is(op, names[k]))
			break;
	if (k == sizeof names / sizeof names[0] || op->nresults != 1 ||
	    op->noperands > 64)
		return false;
	IrValue *y = ir_op_result(op, 0);
	if (!gu_static(y) || !gu_is_f32(gu_elem(y)))
		return false;
	const IrType *q = NULL;
	for (unsigned i = 0; i < op->noperands; i++) {
		IrValue *s = dq_source(ir_op_operand(op, i));
		if (!s)
			continue;
		if (!qelem(s) || (q && gu_elem(s) != q))
			return false;
		q = gu_elem(s);
	}
	if (!q)
		return false;
	IrContext *ctx = ir_rewriter_context(rw);
	IrValue *ops[64];
	for (unsigned i = 0; i < op->noperands; i++) {
		IrValue *v = ir_op_operand(op, i);
		ops[i] = dq_source(v);
		if (ops[i])
			continue;
		int64_t n;
		double *c = gu_const_f32(v, &n);
		bool exact = c != NULL;
		for (int64_t j = 0; exact && j < n; j++) {
			double t = c[j] / q->u.quant.scales[0] +
			    (double)q->u.quant.zero_points[0];
			exact = t == nearbyint(t) &&
			    t >= (double)q->u.quant.storage_min &&
			    t <= (double)q->u.quant.storage_max;
		}
		if (exact)
			ops[i] = make_qconst(rw, retype(ctx, v, q), c, n);
		free(c);
		if (!exact)
			return false; /* the made constants die as dead code */
	}
	IrValue *u = ir_op_result(gu_create(rw, ir_op_name_str(op),
	    op->noperands, ops, retype(ctx, y, q), op->attrs), 0);
	IrValue *d = ir_op_result(gu_create(rw, "graph.dequantize", 1, &u,
	    y->type, NULL), 0);
	ir_rewriter_replace_op(rw, op, &d);
	return true;
}

/* The real range [lo, hi] a quantized type represents. */
static void
qrange(const IrType *q, double *lo, double *hi)
{
	double s = q->u.quant.scales[0];
	int64_t zp = q->u.quant.zero_points[0];
	*lo = (double)(q->u.quant.storage_min - zp) * s;
	*hi = (double)(q->u.quant.storage_max - zp) * s;
}

/* Parameters for the operand of an add (sub: `sub_pos` is the missing
 * operand's position) the model does not quantize, from the result's
 * parameters q and the other operand's qa: the operand's values outside
 * [out_lo - a_hi, out_hi - a_lo] (sub: the matching range) give a
 * saturated result anyway, so clipping them there changes nothing;
 * inside, the scale is the range over the storage steps. */
static const IrType *
operand_params(IrContext *ctx, const IrType *q, const IrType *qa,
    int sub_pos)
{
	double olo, ohi, alo, ahi, lo, hi;
	qrange(q, &olo, &ohi);
	qrange(qa, &alo, &ahi);
	if (sub_pos == 1) {          /* out = a - b: b = a - out */
		lo = alo - ohi;
		hi = ahi - olo;
	} else if (sub_pos == 0) {   /* out = b - a: b = out + a */
		lo = olo + alo;
		hi = ohi + ahi;
	} else {                     /* out = a + b: b = out - a */
		lo = olo - ahi;
		hi = ohi - alo;
	}
	int64_t smin = q->u.quant.storage_min, smax = q->u.quant.storage_max;
	double s = (hi - lo) / (double)(smax - smin);
	int64_t zp = (int64_t)nearbyint((double)smin - lo / s);
	zp = zp < smin ? smin : zp > smax ? smax : zp;
	return ir_type_quant(ctx, q->u.quant.is_signed, q->u.quant.storage,
	    q->u.quant.expressed, smin, smax, -1, 1, &s, &zp);
}

/* quantize(add/sub/mul(dequantize(a), dequantize(b))) -> the op on a
 * and b. With data set (mode=int8), one add or sub operand the model
 * does not quantize gets parameters from operand_params, which the
 * other patterns then fold into its producer. */
static bool
fold_binary(IrOp *op, IrRewriter *rw, const void *data)
{
	IrValue *bv = ir_op_operand(op, 0);
	IrOp *b = ir_value_def_op(bv);
	const IrType *q = qelem(ir_op_result(op, 0));
	if (!b || !q || !gu_one_use(bv) || !(ir_op_is(b, "graph.add") ||
	    ir_op_is(b, "graph.sub") || ir_op_is(b, "graph.mul")))
		return false;
	IrValue *ops[2];
	int missing = -1;
	for (unsigned i = 0; i < 2; i++) {
		IrValue *v = ir_op_operand(b, i);
		ops[i] = dq_source(v);
		if (ops[i] && qelem(ops[i]))
			continue;
		/* mode=int8: one float operand may get parameters */
		if (!data || missing >= 0 || ir_op_is(b, "graph.mul") ||
		    !gu_static(v) || !gu_is_f32(gu_elem(v)) ||
		    ir_value_constant(v) || v->type != ir_op_result(b, 0)->type)
			return false;
		missing = (int)i;
	}
	if (missing >= 0) {
		IrContext *ctx = ir_rewriter_context(rw);
		IrValue *v = ir_op_operand(b, (unsigned)missing);
		const IrType *e = operand_params(ctx, q,
		    qelem(ops[1 - missing]),
		    ir_op_is(b, "graph.sub") ? missing : -1);
		ops[missing] = make_q(rw, v, e);
	}
	replace_q(rw, op, ir_op_name_str(b), 2, ops,
	    quant_attrs(ir_rewriter_context(rw), b, q));
	return true;
}

/* quantize(constant) -> a quantized constant (rounding half away from
 * zero; ties do not occur in practice). */
static bool
fold_const(IrOp *op, IrRewriter *rw, const void *data)
{
	(void)data;
	IrValue *y = ir_op_result(op, 0);
	int64_t n;
	if (!qelem(y) || !gu_static(y))
		return false;
	double *v = gu_const_f32(ir_op_operand(op, 0), &n);
	if (!v)
		return false;
	IrValue *c = make_qconst(rw, y->type, v, n);
	free(v);
	ir_rewriter_replace_op(rw, op, &c);
	return true;
}

static const IrPattern patterns[] = {
	{ "qdq-constant", "graph.quantize", 7, fold_const, NULL },
	{ "qdq-pair", "graph.quantize", 6, qdq_pair, NULL },
	{ "qdq-share", "graph.quantize", 5, share, NULL },
	{ "qdq-mac", "graph.quantize", 4, fold_mac, NULL },
	{ "qdq-binary", "graph.quantize", 3, fold_binary, NULL },
	{ "qdq-binary-int8", "graph.quantize", 3, fold_binary, &patterns },
	{ "qdq-sink", "graph.quantize", 2, sink, NULL },
	{ "qdq-sink-leaky", "graph.quantize", 2, sink, &patterns },
	{ "qdq-sink-concat", "graph.quantize", 1, sink_concat, NULL },
	{ "qdq-hoist-dequantize", NULL, 1, hoist_dq, NULL },
};

/* Patterns that change what the QDQ graph computes by more than the
 * rounding of integer kernels: mode=int8 only. */
static bool
int8_only(const IrPattern *p)
{
	return p->fn == share || p->data == &patterns;
}

static bool
fold_qdq_run(IrOp *op, IrPass *pass)
{
	bool int8 = !strcmp(ir_pass_string(pass, "mode"), "int8");
	IrPattern p[sizeof patterns / sizeof patterns[0]];
	size_t n = 0;
	for (size_t i = 0; i < sizeof patterns / sizeof patterns[0]; i++)
		if (int8 || !int8_only(&patterns[i]))
			p[n++] = patterns[i];
	return gu_run_patterns(op, pass, p, n, "num-rewrites");
}

static const char *const modes[] = { "exact", "int8", NULL };

static const IrPassOption options[] = {
	{ "mode", IR_OPT_ENUM, "exact",
	  "exact: fold what the model quantizes; int8: quantize every "
	  "activation the model gives parameters for", modes },
};

static const IrPassStatistic stats[] = {
	{ "num-rewrites", "quantize/dequantize patterns rewritten" },
};

const IrPassDef pass_fold_qdq = {
	.argument = "fold-qdq",
	.summary = "Turn QDQ patterns (dequantize -> op -> quantize) into "
	    "ops on quantized types",
	.anchor = NULL,
	.options = options,
	.noptions = sizeof options / sizeof options[0],
	.stats = stats,
	.nstats = sizeof stats / sizeof stats[0],
	.run = fold_qdq_run,
	.description =
	    "Rewrites, rooted at each `graph.quantize`, until none applies:\n"
	    "\n"
	    "- quantize(constant) becomes a quantized constant;\n"
	    "- quantize(dequantize(q)) becomes q, or `graph.requantize` when\n"
	    "  the parameters differ;\n"
	    "- quantize(conv2d / depthwise_conv2d / fully_connected of\n"
	    "  dequantize(x), dequantize(constant 8-bit weights, per tensor\n"
	    "  or per output channel), constant float bias) becomes the op on\n"
	    "  x and the weights with the quantize's result type; the bias\n"
	    "  becomes int32 (bias / (input scale * weight scale), rounded to\n"
	    "  even) and a fused activation's bounds storage integers;\n"
	    "- quantize(add / sub / mul of two dequantized operands) becomes\n"
	    "  the op on the quantized operands (an operand the model does\n"
	    "  not quantize keeps the op in float: the model gives no\n"
	    "  parameters for it);\n"
	    "- a quantize moves in front of relu, relu6, clip, leaky_relu,\n"
	    "  max_pool2d, maximum / minimum against a constant, reshape,\n"
	    "  transpose, squeeze, unsqueeze and concat (each input), so the\n"
	    "  patterns above meet (all exact);\n"
	    "- relu, max_pool2d, reshape, transpose, squeeze, unsqueeze and\n"
	    "  concat of dequantized values (and, for concat, constants that\n"
	    "  are exactly values of the same quantized type) run on the\n"
	    "  quantized values, dequantized after (exact);\n"
	    "- with `mode=int8` only: a quantize also moves in front of\n"
	    "  leaky_relu, whose input gets parameters covering [min / alpha,\n"
	    "  max] of its output's range (one more rounding on the way); an\n"
	    "  add or sub with one operand the model does not quantize gets\n"
	    "  parameters for it covering [out_lo - a_hi, out_hi - a_lo] (for\n"
	    "  out = a + b: values outside saturate the result anyway); and\n"
	    "  a value one user quantizes is read as dequantize(quantize(v))\n"
	    "  by its other users (but the function's results), as an int8\n"
	    "  graph computes them, clipping to the quantized range where the\n"
	    "  model computes in float.\n"
	    "\n"
	    "`mode=exact` (the default) folds what the model quantizes, as\n"
	    "onnxruntime's QDQ fusions do: results differ from the QDQ graph\n"
	    "run in float only by the rounding of the integer kernels. With\n"
	    "`mode=int8` what is left of the quantize / dequantize ops sits\n"
	    "at the function's edges (`strip-io-qdq` removes those) wherever\n"
	    "the model gives parameters; docs/graph-optimizer.md compares\n"
	    "both modes with onnxruntime on the shared QDQ models.",
};
