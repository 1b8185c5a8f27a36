/* passes/idioms.c: decompositions exporters write for ops the graph
 * dialect has become those ops: hard-swish, hard-sigmoid, SiLU, GELU
 * (erf and tanh forms), layer norm, and a matmul by constant weights (a
 * fully connected layer). */
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

/* mul(x, sigmoid(x)) in either order -> silu(x) (the kernel computes
 * the same two float steps: bit exact). */
static bool
silu(IrOp *op, IrRewriter *rw, const void *data)
{
	(void)data;
	IrValue *y = ir_op_result(op, 0);
	double lo, hi;
	if (!gu_is_f32(gu_elem(y)) || graph_act_range(op, &lo, &hi))
		return false;
	for (unsigned k = 0; k < 2; k++) {
		IrValue *x = ir_op_operand(op, k);
		IrOp *s = single(ir_op_operand(op, 1 - k), "graph.sigmoid");
		if (s && ir_op_operand(s, 0) == x && x->type == y->type)
			return unary(rw, op, "graph.silu", x);
	}
	return false;
}

/* Is v a float splat constant within a relative 1e-6 of c (exporters
 * write sqrt(2) and friends as f32 or f64 literals)? */
static bool
splat_near(IrValue *v, double c)
{
	double x;
	return gu_const_splat(v, &x) && fabs(x - c) <= 1e-6 * fabs(c);
}

/* The operand of binary op `name` (v's single-use producer) that is not
 * a splat near c, when the other is; NULL otherwise. */
static IrValue *
by_const(IrValue *v, const char *name, double c)
{
	IrOp *o = single(v, name);
	double lo, hi;
	if (!o || graph_act_range(o, &lo, &hi))
		return NULL;
	for (unsigned k = 0; k < 2; k++)
		if (splat_near(ir_op_operand(o, 1 - k), c) &&
		    (k == 0 || ir_op_is(o, "graph.mul") ||
		    ir_op_is(o, "graph.add")))
			return ir_op_operand(o, k);
	return NULL;
}

/* Is op a product of exactly the values a and b (either order)? */
static bool
product_of(IrOp *op, IrValue *a, IrValue *b)
{
	double lo, hi;
	if (!op || !ir_op_is(op, "graph.mul") || graph_act_range(op, &lo, &hi))
		return false;
	IrValue *p = ir_op_operand(op, 0), *q = ir_op_operand(op, 1);
	return (p == a && q == b) || (p == b && q == a);
}

/* Is v x^3: pow(x, 3), x * (x * x) or (x * x) * x, used once? */
static bool
cube_of(IrValue *v, IrValue *x)
{
	IrOp *p = single(v, "graph.pow");
	if (p)
		return ir_op_operand(p, 0) == x &&
		    splat_is(ir_op_operand(p, 1), 3);
	IrOp *m = single(v, "graph.mul");
	if (!m)
		return false;
	for (unsigned k = 0; k < 2; k++)
		if (ir_op_operand(m, k) == x &&
		    product_of(single(ir_op_operand(m, 1 - k), "graph.mul"),
		    x, x))
			return true;
	return false;
}

/* The x of GELU's inner argument when e (erf's or tanh's operand) is
 * x / sqrt(2) or x * (1 / sqrt(2)) (erf), or sqrt(2 / pi) * (x +
 * 0.044715 x^3) (tanh, the cube as cube_of); NULL otherwise. */
static IrValue *
gelu_arg(IrValue *e, bool tanh_form)
{
	if (!tanh_form) {
		IrValue *x = by_const(e, "graph.div", sqrt(2));
		return x ? x : by_const(e, "graph.mul", sqrt(0.5));
	}
	IrValue *in = by_const(e, "graph.mul", sqrt(2 / 3.14159265358979323846));
	IrOp *a = in ? single(in, "graph.add") : NULL;
	double lo, hi;
	if (!a || graph_act_range(a, &lo, &hi))
		return NULL;
	for (unsigned k = 0; k < 2; k++) {
		IrValue *x = ir_op_operand(a, k);
		IrValue *c = by_const(ir_op_operand(a, 1 - k), "graph.mul",
		    0.044715);
		if (c && cube_of(c, x))
			return x;
	}
	return NULL;
}

/* The leaves of the tree of f32 multiplies rooted at op whose inner
 * products are used once and clamp nothing, into leaf[] (at most max);
 * their number, or max + 1 when there are more. */
static unsigned
mul_leaves(IrOp *op, IrValue **leaf, unsigned n, unsigned max)
{
	for (unsigned k = 0; k < 2 && n <= max; k++) {
		IrValue *v = ir_op_operand(op, k);
		IrOp *m = single(v, "graph.mul");
		double lo, hi;
		if (m && !graph_act_range(m, &lo, &hi))
			n = mul_leaves(m, leaf, n, max);
		else if (n < max)
			leaf[n++] = v;
		else
			n++;
	}
	return n;
}

/* 0.5 * x * (1 + erf(x / sqrt(2))) -> gelu(x), and 0.5 * x * (1 +
 * tanh(sqrt(2 / pi) * (x + 0.044715 x^3))) -> gelu(x){approximate}: the
 * three factors multiplied in any order and grouping. The kernel rounds
 * differently from the decomposition (a few f32 ulps). */
static bool
gelu(IrOp *op, IrRewriter *rw, const void *data)
{
	(void)data;
	IrValue *y = ir_op_result(op, 0), *leaf[3];
	double lo, hi;
	if (!gu_is_f32(gu_elem(y)) || graph_act_range(op, &lo, &hi) ||
	    mul_leaves(op, leaf, 0, 3) != 3)
		return false;
	for (unsigned h = 0; h < 3; h++) {
		if (!splat_near(leaf[h], 0.5))
			continue;
		for (unsigned t = 0; t < 3; t++) {
			if (t == h)
				continue;
			IrValue *x = leaf[3 - h - t];
			IrValue *f = by_const(leaf[t], "graph.add", 1);
			IrOp *e = f ? single(f, "graph.erf") : NULL;
			IrOp *th = f ? single(f, "graph.tanh") : NULL;
			IrOp *u = e ? e : th;
			if (!u || x->type != y->type ||
			    gelu_arg(ir_op_operand(u, 0), th != NULL) != x)
				continue;
			IrContext *ctx = ir_rewriter_context(rw);
			IrNamedAttr na = { ir_ident_cstr(ctx, "approximate"),
			    ir_attr_bool(ctx, th != NULL) };
			IrValue *g = ir_op_result(gu_create(rw, "graph.gelu",
			    1, &x, y->type, th ? ir_attr_dict(ctx, 1, &na) :
			    NULL), 0);
			ir_rewriter_replace_op(rw, op, &g);
			return true;
		}
	}
	return false;
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
	{ "idiom-silu", "graph.mul", 1, silu, NULL },
	{ "idiom-gelu", "graph.mul", 6, gelu, NULL },
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
	.summary = "Replace decomposed hard-swish, hard-sigmoid, SiLU, GELU "
	    "and layer norm, and matmuls by constants, by their single ops",
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
	    "- x * sigmoid(x) -> `graph.silu(x)` (bit exact);\n"
	    "- 0.5 * x * (1 + erf(x / sqrt(2))) (or erf(x * (1 / sqrt(2))))\n"
	    "  -> `graph.gelu(x)`, and 0.5 * x * (1 + tanh(sqrt(2 / pi) * (x +\n"
	    "  0.044715 * x^3))) (the cube as pow(x, 3) or products) ->\n"
	    "  `graph.gelu(x) {approximate = true}`: the three factors in any\n"
	    "  order and grouping, constants within a relative 1e-6 (f32\n"
	    "  literals); results move by a few f32 ulps (the kernel orders\n"
	    "  its steps differently).",
};
