/* passes/idioms.c: decompositions exporters write for ops the graph
 * dialect has become those ops: hard-swish, hard-sigmoid, layer norm,
 * and a matmul by constant weights (a fully connected layer). */
#include "passes/passes.h"
#include "passes/graph_util.h"

#include <math.h>
#include <stdlib.h>

/* The op defining v when it is named `name` and v has one use. */
static IrOp *
single(IrValue *v, const char *name)
{
	IrOp *d = ir_value_def_op(v);
	return d && ir_op_is(d, name) && gu_one_use(v) ? d : NULL;
}

/* Is v an f32 constant whose elements all equal c? */
static bool
splat_is(IrValue *v, double c)
{
	double x;
	return gu_const_splat(v, &x) && x == c;
}

/* The operand of commutative binary op that is not constant c, when
 * the other is; NULL otherwise. */
static IrValue *
other_than(IrOp *op, double c)
{
	for (unsigned k = 0; k < 2; k++)
		if (splat_is(ir_op_operand(op, 1 - k), c))
			return ir_op_operand(op, k);
	return NULL;
}

/* x when v is relu6(x + 3) spelled relu6(add), clip{0, 6}(add) or an
 * add with the fused clamp [0, 6], v used once; NULL otherwise. The
 * result must not broadcast x. */
static IrValue *
relu6_plus3(IrValue *v)
{
	IrOp *r = ir_value_def_op(v), *a = NULL;
	double lo, hi;
	if (!r || !gu_one_use(v))
		return NULL;
	if (ir_op_is(r, "graph.add") && graph_act_range(r, &lo, &hi) &&
	    lo == 0 && hi == 6)
		a = r;
	else if (ir_op_is(r, "graph.relu6"))
		a = single(ir_op_operand(r, 0), "graph.add");
	else if (ir_op_is(r, "graph.clip")) {
		const IrAttr *mn = ir_op_attr(r, "min");
		const IrAttr *mx = ir_op_attr(r, "max");
		if (mn && mx && mn->kind == IR_ATTR_FLOAT &&
		    mx->kind == IR_ATTR_FLOAT && mn->u.flt.value == 0 &&
		    mx->u.flt.value == 6)
			a = single(ir_op_operand(r, 0), "graph.add");
	}
	if (!a || (a != r && graph_act_range(a, &lo, &hi)))
		return NULL;
	IrValue *x = other_than(a, 3);
	return x && x->type == v->type ? x : NULL;
}

/* Replaces op by unary op `name` of x. */
static bool
unary(IrRewriter *rw, IrOp *op, const char *name, IrValue *x)
{
	IrValue *y = ir_op_result(gu_create(rw, name, 1, &x,
	    ir_op_result(op, 0)->type, NULL), 0);
	ir_rewriter_replace_op(rw, op, &y);
	return true;
}

/* x * relu6(x + 3) / 6 -> hard_swish(x) (div(mul(x, r), 6), as PyTorch
 * and Paddle export it: the kernel computes the same float steps). */
static bool
hard_swish(IrOp *op, IrRewriter *rw, const void *data)
{
	(void)data;
	IrValue *y = ir_op_result(op, 0);
	if (!gu_is_f32(gu_elem(y)) || !splat_is(ir_op_operand(op, 1), 6))
		return false;
	IrOp *m = single(ir_op_operand(op, 0), "graph.mul");
	double lo, hi;
	if (!m || graph_act_range(m, &lo, &hi))
		return false;
	for (unsigned k = 0; k < 2; k++) {
		IrValue *x = ir_op_operand(m, k);
		if (x->type == y->type &&
		    relu6_plus3(ir_op_operand(m, 1 - k)) == x)
			return unary(rw, op, "graph.hard_swish", x);
	}
	return false;
}

/* relu6(x + 3) / 6 -> hard_sigmoid(x). */
static bool
hard_sigmoid(IrOp *op, IrRewriter *rw, const void *data)
{
	(void)data;
	IrValue *y = ir_op_result(op, 0);
	if (!gu_is_f32(gu_elem(y)) || !splat_is(ir_op_operand(op, 1), 6))
		return false;
	IrValue *x = relu6_plus3(ir_op_operand(op, 0));
	return x ? unary(rw, op, "graph.hard_sigmoid", x) : false;
}

/* Is op reduce_mean over the last axis only, keeping it? */
static bool
mean_last(IrOp *op)
{
	int64_t axes[2];
	const IrAttr *k = ir_op_attr(op, "keep_dims");
	IrValue *x = ir_op_operand(op, 0);
	if (!ir_op_is(op, "graph.reduce_mean") || !gu_static(x) ||
	    gu_ints(op, "axes", axes, 2) != 1 || !k ||
	    k->kind != IR_ATTR_INTEGER || !k->u.integer.value)
		return false;
	int64_t r = x->type->u.shaped.rank;
	return axes[0] == -1 || axes[0] == r - 1;
}

/* (x - mean(x)) / sqrt(mean((x - mean(x))^2) + eps), means over the last
 * axis -> layer_norm(x){epsilon = eps}. The square is mul(d, d) or
 * pow(d, 2). */
static bool
layer_norm(IrOp *op, IrRewriter *rw, const void *data)
{
	(void)data;
	IrValue *d = ir_op_operand(op, 0);
	IrOp *sub = ir_value_def_op(d);
	IrOp *sq = single(ir_op_operand(op, 1), "graph.sqrt");
	IrOp *add = sq ? single(ir_op_operand(sq, 0), "graph.add") : NULL;
	if (!sub || !ir_op_is(sub, "graph.sub") || !add ||
	    !gu_is_f32(gu_elem(d)))
		return false;
	IrValue *x = ir_op_operand(sub, 0);
	IrOp *m1 = single(ir_op_operand(sub, 1), "graph.reduce_mean");
	if (!m1 || !mean_last(m1) || ir_op_operand(m1, 0) != x ||
	    x->type != d->type || d->type != ir_op_result(op, 0)->type)
		return false;
	double eps = -1;
	IrOp *m2 = NULL;
	for (unsigned k = 0; k < 2 && !m2; k++) {
		m2 = single(ir_op_operand(add, k), "graph.reduce_mean");
		if (m2 && !gu_const_splat(ir_op_operand(add, 1 - k), &eps))
			m2 = NULL;
	}
	if (!m2 || !mean_last(m2) || eps < 0)
		return false;
	IrOp *s = single(ir_op_operand(m2, 0), "graph.mul");
	size_t uses = 3;
	if (s && (ir_op_operand(s, 0) != d || ir_op_operand(s, 1) != d))
		return false;
	if (!s) {
		s = single(ir_op_operand(m2, 0), "graph.pow");
		if (!s || ir_op_operand(s, 0) != d ||
		    !splat_is(ir_op_operand(s, 1), 2))
			return false;
		uses = 2;
	}
	if (ir_value_num_uses(d) != uses)
		return false;
	IrContext *ctx = ir_rewriter_context(rw);
	IrNamedAttr na[2] = {
		{ ir_ident_cstr(ctx, "axis"), gu_i64_attr(ctx, -1) },
		{ ir_ident_cstr(ctx, "epsilon"), gu_f32_attr(ctx, eps) },
	};
	IrValue *y = ir_op_result(gu_create(rw, "graph.layer_norm", 1, &x,
	    d->type, ir_attr_dict(ctx, 2, na)), 0);
	ir_rewriter_replace_op(rw, op, &y);
	return true;
}

/* mul(layer_norm(x), gamma) -> layer_norm(x, gamma) and
 * add(layer_norm(x, gamma), beta) -> layer_norm(x, gamma, beta), gamma
 * and beta constants of the last dimension's size. */
static bool
layer_norm_affine(IrOp *op, IrRewriter *rw, const void *data)
{
	(void)data;
	bool mul = ir_op_is(op, "graph.mul");
	for (unsigned k = 0; k < 2; k++) {
		IrOp *ln = single(ir_op_operand(op, k), "graph.layer_norm");
		IrValue *c = ir_op_operand(op, 1 - k);
		double lo, hi;
		if (!ln || ln->noperands != (mul ? 1u : 2u) ||
		    graph_act_range(ln, &lo, &hi) ||
		    graph_act_range(op, &lo, &hi) || !ir_value_constant(c))
			continue;
		IrValue *y = ir_op_result(ln, 0);
		const IrType *ct = c->type;
		if (y->type != ir_op_result(op, 0)->type || !gu_static(c) ||
		    ct->u.shaped.rank != 1 || ct->u.shaped.dims[0] !=
		    y->type->u.shaped.dims[y->type->u.shaped.rank - 1] ||
		    gu_elem(c) != gu_elem(y))
			continue;
		IrValue *ops[3] = { ir_op_operand(ln, 0),
		    mul ? c : ir_op_operand(ln, 1), c };
		IrValue *v = ir_op_result(gu_create(rw, "graph.layer_norm",
		    mul ? 2 : 3, ops, y->type, ln->attrs), 0);
		ir_rewriter_replace_op(rw, op, &v);
		return true;
	}
	return false;
}

/* matmul(x, w) with constant f32 weights and x of rank 2 ->
 * fully_connected(x, w as [N, K]), which fuse-bias and fuse-activations
 * then extend. */
static bool
matmul_fc(IrOp *op, IrRewriter *rw, const void *data)
{
	(void)data;
	IrValue *x = ir_op_operand(op, 0), *w = ir_op_operand(op, 1);
	const IrAttr *ta = ir_op_attr(op, "transpose_a");
	const IrAttr *tb = ir_op_attr(op, "transpose_b");
	if ((ta && ta->kind == IR_ATTR_INTEGER && ta->u.integer.value) ||
	    !gu_static(x) || x->type->u.shaped.rank != 2 || !gu_static(w) ||
	    !gu_is_f32(gu_elem(w)) || !gu_is_f32(gu_elem(x)))
		return false;
	bool transposed = tb && tb->kind == IR_ATTR_INTEGER &&
	    tb->u.integer.value;
	int64_t n;
	double *v = gu_const_f32(w, &n);
	if (!v)
		return false;
	IrValue *wt = w;
	if (!transposed) {
		/* [K, N] -> [N, K] */
		int64_t k = w->type->u.shaped.dims[0];
		int64_t nn = w->type->u.shaped.dims[1], dims[2] = { nn, k };
		double *t = ir_xmalloc((size_t)(n ? n : 1) * sizeof *t);
		for (int64_t i = 0; i < k; i++)
			for (int64_t j = 0; j < nn; j++)
				t[j * k + i] = v[i * nn + j];
		ir_builder_set_before(ir_rewriter_builder(rw), op);
		wt = gu_make_f32(rw, gu_with_dims(ir_rewriter_context(rw),
		    w->type, 2, dims), t, n);
		free(t);
	}
	free(v);
	IrValue *ops[2] = { x, wt };
	IrValue *y = ir_op_result(gu_create(rw, "graph.fully_connected", 2,
	    ops, ir_op_result(op, 0)->type, NULL), 0);
	ir_rewriter_replace_op(rw, op, &y);
	return true;
}

static const IrPattern patterns[] = {
	{ "idiom-hard-swish", "graph.div", 3, hard_swish, NULL },
	{ "idiom-hard-sigmoid", "graph.div", 2, hard_sigmoid, NULL },
	{ "idiom-layer-norm", "graph.div", 1, layer_norm, NULL },
	{ "idiom-layer-norm-scale", "graph.mul", 1, layer_norm_affine, NULL },
	{ "idiom-layer-norm-shift", "graph.add", 1, layer_norm_affine, NULL },
	{ "idiom-matmul-fc", "graph.matmul", 1, matmul_fc, NULL },
};

static bool
idioms_run(IrOp *op, IrPass *pass)
{
	return gu_run_patterns(op, pass, patterns,
	    sizeof patterns / sizeof patterns[0], "num-idioms");
}

static const IrPassStatistic stats[] = {
	{ "num-idioms", "decompositions replaced by one op" },
};

const IrPassDef pass_idioms = {
	.argument = "idioms",
	.summary = "Replace decomposed hard-swish, hard-sigmoid and layer "
	    "norm, and matmuls by constants, by their single ops",
	.anchor = NULL,
	.stats = stats,
	.nstats = sizeof stats / sizeof stats[0],
	.run = idioms_run,
	.description =
	    "Float patterns, each intermediate used once:\n"
	    "\n"
	    "- x * relu6(x + 3) / 6 -> `graph.hard_swish(x)`, relu6(x + 3) /\n"
	    "  6 -> `graph.hard_sigmoid(x)`, where relu6(a) is `graph.relu6`,\n"
	    "  `graph.clip` with [0, 6] or an add whose fused clamp is [0, 6]\n"
	    "  (the ops compute the same float steps: bit exact);\n"
	    "- (x - mean(x)) / sqrt(mean(d * d or d ^ 2) + eps), means over\n"
	    "  the last axis -> `graph.layer_norm(x)`, then a following\n"
	    "  multiply and add by constants of the last dimension become its\n"
	    "  gamma and beta (float rounding differs: the kernel sums in\n"
	    "  double);\n"
	    "- `graph.matmul(x, w)` with constant f32 weights and x of rank 2\n"
	    "  -> `graph.fully_connected` with the weights as [N, K], so bias\n"
	    "  adds and activations fuse into it.\n"
	    "\n"
	    "The graph dialect has no SiLU and no erf, so x * sigmoid(x) and\n"
	    "the erf GELU have no single op to become.",
};
