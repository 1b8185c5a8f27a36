/* targets/ethos_u/schedule_ir.c: the ethos-u-schedule pass: searches
 * cascades and stripes (schedule.c) and writes the plan as ordinary npu
 * IR: each stripe an npu op with explicit padding on `npu.slice` views
 * of its input rows, rows kept from an earlier stripe joined by an
 * `npu.concat` view, and the stripes of a cascade's last op assembled
 * into its output by an `npu.concat` view; stripes whose rows are kept
 * are marked `ethos_u.ring` (a rolling buffer's height) for the code
 * generator. The result runs in npu-run and costs in ethos-u-estimate
 * like any npu program. */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/dialect.h"
#include "ir/output.h"
#include "targets/ethos_u/ethos_u.h"
#include "targets/ethos_u/schedule.h"

/* ------------------------------------------------------------ building IR */

typedef struct Emit {
	IrContext *ctx;
	IrOp *before;           /* new ops go here */
	bool stream;            /* stripes stream their weights */
} Emit;

static const IrAttr *
i64(IrContext *ctx, int64_t v)
{
	return ir_attr_int(ctx, ir_type_int(ctx, 64, IR_SIGNLESS), v);
}

static const IrAttr *
ints(IrContext *ctx, const int64_t *v, size_t n)
{
	const IrAttr *e[8];
	for (size_t i = 0; i < n; i++)
		e[i] = i64(ctx, v[i]);
	return ir_attr_array(ctx, n, e);
}

static const IrAttr *
str(IrContext *ctx, const char *s)
{
	return ir_attr_string(ctx, s, strlen(s), NULL);
}

/* v's type with h rows. */
static const IrType *
with_rows(IrContext *ctx, const IrType *t, int64_t h)
{
	int64_t d[4];
	memcpy(d, t->u.shaped.dims, sizeof d);
	d[1] = h;
	return dialect_tensor(ctx, 4, d, t->u.shaped.elem);
}

static IrOp *
create(Emit *e, const char *name, size_t n, IrValue *const *opnds,
    const IrType *rt, const IrAttr *attrs, const IrLoc *loc)
{
	IrOpState st = { 0 };
	IrBuilder b;
	ir_builder_init(&b, e->ctx);
	ir_builder_set_before(&b, e->before);
	st.name = ir_op_name_get(e->ctx, name, strlen(name));
	st.loc = loc;
	st.noperands = n;
	st.operands = opnds;
	st.nresults = 1;
	st.result_types = &rt;
	st.attrs = attrs;
	return ir_builder_create(&b, &st);
}

/* Rows [lo, hi) of x: x itself, or an npu.slice view. */
static IrValue *
rows(Emit *e, IrValue *x, int64_t lo, int64_t hi, const IrLoc *loc)
{
	const IrType *t = x->type;
	if (lo == 0 && hi == t->u.shaped.dims[1])
		return x;
	int64_t begin[4] = { 0, lo, 0, 0 }, size[4];
	memcpy(size, t->u.shaped.dims, sizeof size);
	size[1] = hi - lo;
	IrNamedAttr a[3] = {
		{ ir_ident_cstr(e->ctx, "begin"), ints(e->ctx, begin, 4) },
		{ ir_ident_cstr(e->ctx, "ethos_u.view"), str(e->ctx, "rows") },
		{ ir_ident_cstr(e->ctx, "size"), ints(e->ctx, size, 4) },
	};
	IrOp *s = create(e, "npu.slice", 1, &x, with_rows(e->ctx, t, hi - lo),
	    ir_attr_dict(e->ctx, 3, a), loc);
	return ir_op_result(s, 0);
}

/* Joins pieces along H with an npu.concat view (view: "rows" or
 * "output"). */
static IrValue *
join(Emit *e, IrValue **v, int n, const char *view, const IrLoc *loc)
{
	if (n == 1)
		return v[0];
	int64_t h = 0;
	for (int i = 0; i < n; i++)
		h += v[i]->type->u.shaped.dims[1];
	IrNamedAttr a[2] = {
		{ ir_ident_cstr(e->ctx, "axis"), i64(e->ctx, 1) },
		{ ir_ident_cstr(e->ctx, "ethos_u.view"), str(e->ctx, view) },
	};
	IrOp *c = create(e, "npu.concat", (size_t)n, v, with_rows(e->ctx,
	    v[0]->type, h), ir_attr_dict(e->ctx, 2, a), loc);
	return ir_op_result(c, 0);
}

/* Rows [r.lo, r.hi) of op k's output, from its stripes so far. */
static IrValue *
gather(Emit *e, IrValue **V, const SchedRange *prod, int S, SchedRange r,
    const IrLoc *loc)
{
	IrValue **piece = ir_xcalloc((size_t)S, sizeof *piece);
	int n = 0;
	for (int s = 0; s < S; s++) {
		SchedRange p = prod[s];
		if (!V[s] || p.hi <= r.lo || p.lo >= r.hi)
			continue;
		int64_t lo = r.lo > p.lo ? r.lo : p.lo;
		int64_t hi = r.hi < p.hi ? r.hi : p.hi;
		piece[n++] = rows(e, V[s], lo - p.lo, hi - p.lo, loc);
	}
	IrValue *v = join(e, piece, n, "rows", loc);
	free(piece);
	return v;
}

/* The left and right padding of a window op (unchanged by striping). */
static void
pad_columns(IrOp *op, int64_t lr[2])
{
	IrValue *x = ir_op_operand(op, 0);
	int64_t W = x->type->u.shaped.dims[2];
	int64_t OW = ir_op_result(op, 0)->type->u.shaped.dims[2];
	const IrOpDef *def = op->name->def;
	int64_t v[4], kw, sw = 1, dw = 1;
	bool pool = ir_op_is(op, "npu.pool");
	if (pool)
		kw = dialect_get_ints(def, op->attrs, "kernel", v, 2) == 2 ?
		    v[1] : 1;
	else
		kw = ir_op_operand(op, 1)->type->u.shaped.dims[2];
	if (dialect_get_ints(def, op->attrs, "strides", v, 2) == 2)
		sw = v[1];
	if (!pool && dialect_get_ints(def, op->attrs, "dilations", v, 2) == 2)
		dw = v[1];
	DialectPad p = dialect_get_pad(op->name->def, op->attrs, "padding");
	lr[0] = lr[1] = 0;
	if (p.kind == DIALECT_PAD_EXPLICIT) {
		lr[0] = p.left, lr[1] = p.right;
	} else if (p.kind == DIALECT_PAD_SAME) {
		int64_t total = (OW - 1) * sw + (kw - 1) * dw + 1 - W;
		lr[0] = dialect_same_pad_before(W, kw, sw, dw);
		lr[1] = total > lr[0] ? total - lr[0] : 0;
	}
}

/* One stripe of op: the same op on its input rows, writing rows out. */
static IrValue *
stripe_op(Emit *e, IrOp *op, const SchedGeom *g, IrValue *chained,
    int chain, SchedRange out, int64_t pt, int64_t pb, const int64_t st[3])
{
	IrValue **opnd = ir_xcalloc(op->noperands + 1, sizeof *opnd);
	for (unsigned i = 0; i < op->noperands; i++) {
		IrValue *x = ir_op_operand(op, i);
		if ((int)i == chain)
			opnd[i] = chained;
		else if (!g->window && x->type->u.shaped.dims[1] == g->out_h)
			opnd[i] = rows(e, x, out.lo, out.hi, ir_op_loc(op));
		else
			opnd[i] = x;
	}
	IrOp *s = create(e, ir_op_name_str(op), op->noperands, opnd,
	    with_rows(e->ctx, ir_op_result(op, 0)->type, out.hi - out.lo),
	    op->attrs, ir_op_loc(op));
	free(opnd);
	if (g->window) {
		int64_t lr[2], pad[4];
		pad_columns(op, lr);
		pad[0] = pt, pad[1] = pb, pad[2] = lr[0], pad[3] = lr[1];
		ir_op_set_attr(s, "padding", ints(e->ctx, pad, 4));
	}
	ir_op_set_attr(s, "ethos_u.stripe", ints(e->ctx, st, 3));
	if (e->stream)
		ir_op_set_attr(s, "ethos_u.weights", str(e->ctx, "stream"));
	return ir_op_result(s, 0);
}

/* Marks op k's stripes as one rolling buffer (ethos_u.ring = [rows,
 * first row]) when its consumer keeps rows: the code generator keeps
 * them in a ring of that many rows and reads a window that wraps its
 * end through two tiles, so no row is copied and only the ring is
 * live. Stripes no window joins stay apart (each dies at its reader,
 * where a ring would live through the cascade). */
static void
mark_ring(IrContext *ctx, IrValue **V, const SchedRange *prod,
    const SchedRange *next_prod, const SchedRange *next_in, int S)
{
	int64_t rows = ethos_u_sched_ring(prod, next_prod, next_in, S);
	for (int s = 0; s < S && rows; s++)
		if (V[s]) {
			int64_t v[2] = { rows, prod[s].lo };
			ir_op_set_attr(ir_value_def_op(V[s]), "ethos_u.ring",
			    ints(ctx, v, 2));
		}
}

/* Writes cascade c as stripes before its last op, then erases its ops. */
static void
rewrite_cascade(IrContext *ctx, const SchedProblem *p, SchedCascade c,
    int64_t *next_id)
{
	int n = c.last - c.first + 1, S = c.stripes;
	size_t cells = (size_t)n * (size_t)S;
	SchedGeom g[64];
	SchedRange *prod = ir_xcalloc(cells, sizeof *prod);
	SchedRange *in = ir_xcalloc(cells, sizeof *in);
	int64_t *pads = ir_xcalloc(2 * cells, sizeof *pads);
	IrValue **V = ir_xcalloc(cells, sizeof *V);
	for (int k = 0; k < n; k++)
		g[k] = *ethos_u_sched_geom(p, c.first + k);
	g[n - 1].unit = c.unit;
	ethos_u_sched_cascade(g, n, S, prod, in, pads, pads + cells);
	IrOp *last = ethos_u_sched_op(p, c.last);
	Emit e = { ctx, last, c.stream };
	int64_t id0 = *next_id;
	*next_id += n;
	for (int s = 0; s < S; s++)
		for (int k = 0; k < n; k++) {
			size_t i = (size_t)k * (size_t)S + (size_t)s;
			if (prod[i].lo >= prod[i].hi)
				continue;
			IrOp *op = ethos_u_sched_op(p, c.first + k);
			int chain = 0;
			IrValue *x;
			if (k == 0 && !g[k].window)
				chain = -1, x = NULL;   /* rows of each input */
			else if (k == 0)
				x = rows(&e, ir_op_operand(op, 0), in[i].lo,
				    in[i].hi, ir_op_loc(op));
			else {
				IrValue *prev = ir_op_result(ethos_u_sched_op(
				    p, c.first + k - 1), 0);
				for (unsigned a = 0; a < op->noperands; a++)
					if (ir_op_operand(op, a) == prev)
						chain = (int)a;
				size_t at = (size_t)(k - 1) * (size_t)S;
				x = gather(&e, V + at, prod + at, S, in[i],
				    ir_op_loc(op));
			}
			int64_t st[3] = { id0 + k, s, S };
			V[i] = stripe_op(&e, op, &g[k], x, chain, prod[i],
			    pads[i], pads[cells + i], st);
		}
	for (int k = 0; k + 1 < n; k++)
		mark_ring(ctx, V + (size_t)k * (size_t)S, prod + (size_t)k *
		    (size_t)S, prod + (size_t)(k + 1) * (size_t)S, in +
		    (size_t)(k + 1) * (size_t)S, S);
	int nout = 0;
	for (int s = 0; s < S; s++)
		if (V[(size_t)(n - 1) * (size_t)S + (size_t)s])
			V[(size_t)(n - 1) * (size_t)S + (size_t)nout++] =
			    V[(size_t)(n - 1) * (size_t)S + (size_t)s];
	IrValue *out = join(&e, V + (size_t)(n - 1) * (size_t)S, nout,
	    "output", ir_op_loc(last));
	ir_value_replace_all_uses(ir_op_result(last, 0), out);
	for (int k = n - 1; k >= 0; k--)
		ir_op_erase(ethos_u_sched_op(p, c.first + k));
	free(prod);
	free(in);
	free(pads);
	free(V);
}

/* ------------------------------------------------------------ the curve */

/* The Pareto front of SRAM against cycles as an SVG: a step line
 * through the non-dominated plans, the unstriped plan and the chosen
 * one marked. */
static void
write_svg(FILE *f, const SchedResult *r, const char *title)
{
	const double W = 640, H = 420, L = 80, R = 20, T = 40, B = 60;
	double xmax = (double)r->whole.peak, ymax = r->whole.cycles;
	double ymin = r->whole.cycles;
	for (int i = 0; i < r->npareto; i++) {
		xmax = fmax(xmax, (double)r->pareto[i].peak);
		ymax = fmax(ymax, r->pareto[i].cycles);
		ymin = fmin(ymin, r->pareto[i].cycles);
	}
	xmax = xmax * 1.05 / 1024 + 1;
	ymin = floor(ymin * 0.95);
	ymax = ymax * 1.02 + 1;
	fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" "
	    "height=\"%.0f\" font-family=\"sans-serif\" font-size=\"12\">\n",
	    W, H);
	fprintf(f, "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n"
	    "<text x=\"%.0f\" y=\"24\" text-anchor=\"middle\" "
	    "font-size=\"14\">%s</text>\n", W / 2, title);
#define X(v) (L + (v) / 1024 / xmax * (W - L - R))
#define Y(v) (H - B - ((v) - ymin) / (ymax - ymin) * (H - T - B))
	fprintf(f, "<path d=\"M%.1f %.1fV%.1fH%.1f\" stroke=\"black\" "
	    "fill=\"none\"/>\n", L, (double)T, H - B, W - R);
	for (int i = 0; i <= 5; i++) {
		double xv = xmax * i / 5 * 1024, yv = ymin + (ymax - ymin) *
		    i / 5;
		fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">"
		    "%.0f</text>\n", X(xv), H - B + 16, xv / 1024);
		fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">"
		    "%.0f</text>\n", L - 6, Y(yv) + 4, yv / 1000);
	}
	fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">SRAM "
	    "peak (KiB)</text>\n", (L + W - R) / 2, H - 20);
	fprintf(f, "<text transform=\"translate(18 %.1f) rotate(-90)\" "
	    "text-anchor=\"middle\">cycles (thousands)</text>\n",
	    (T + H - B) / 2);
	fprintf(f, "<path fill=\"none\" stroke=\"#1f77b4\" d=\"");
	for (int i = 0; i < r->npareto; i++) {
		double x = X((double)r->pareto[i].peak);
		double y = Y(r->pareto[i].cycles);
		if (!i)
			fprintf(f, "M%.1f %.1f", x, y);
		else
			fprintf(f, "H%.1fV%.1f", x, y);
	}
	fprintf(f, "\"/>\n");
	for (int i = 0; i < r->npareto; i++)
		fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" "
		    "fill=\"#1f77b4\"><title>%" PRId64 " bytes, %.0f cycles"
		    "</title></circle>\n", X((double)r->pareto[i].peak),
		    Y(r->pareto[i].cycles), r->pareto[i].peak,
		    r->pareto[i].cycles);
	fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"6\" fill=\"none\" "
	    "stroke=\"#d62728\" stroke-width=\"2\"><title>every op whole: %"
	    PRId64 " bytes, %.0f cycles</title></circle>\n",
	    X((double)r->whole.peak), Y(r->whole.cycles), r->whole.peak,
	    r->whole.cycles);
	fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"6\" fill=\"none\" "
	    "stroke=\"#2ca02c\" stroke-width=\"2\"><title>chosen: %" PRId64
	    " bytes, %.0f cycles</title></circle>\n",
	    X((double)r->chosen.peak), Y(r->chosen.cycles), r->chosen.peak,
	    r->chosen.cycles);
	fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" fill=\"#d62728\">red: every "
	    "op whole</text>\n<text x=\"%.1f\" y=\"%.1f\" fill=\"#2ca02c\">"
	    "green: chosen</text>\n</svg>\n", W - 200, (double)T + 10,
	    W - 200, (double)T + 26);
#undef X
#undef Y
}

static bool
write_curve(IrContext *ctx, const IrLoc *loc, const char *path,
    const SchedResult *r, const char *title)
{
	char err[512];
	IrOutput *out = ir_output_open(path, false, err, sizeof err);
	if (!out) {
		ir_emit_error(ctx, loc, "%s", err);
		return false;
	}
	write_svg(ir_output_stream(out), r, title);
	if (!ir_output_close(out, true, err, sizeof err)) {
		ir_emit_error(ctx, loc, "%s", err);
		return false;
	}
	return true;
}

/* ------------------------------------------------------------ the pass */

static bool
dynamic(const IrType *t)
{
	if (t->kind != IR_TYPE_TENSOR)
		return false;
	for (int64_t i = 0; i < t->u.shaped.rank; i++)
		if (t->u.shaped.dims[i] < 0)
			return true;
	return t->u.shaped.rank < 0;
}

/* A function with a dynamic shape (a model's batch, say) has no SRAM
 * sizes to schedule: an error naming the argument or op and its type
 * (legalize leaves such ops to the CPU, so this would else pass
 * silently). */
static bool
static_shapes(IrOp *func)
{
	IrBlock *b = ir_func_entry(func);
	for (size_t i = 0; b && i < b->nargs; i++)
		if (dynamic(b->args[i]->type)) {
			char *ts = ir_type_str(b->args[i]->type);
			ir_op_emit_error(func, "ethos-u-schedule: argument #%zu "
			    "has a dynamic shape (%s): its SRAM is unknown "
			    "(give the model static shapes first, e.g. "
			    "npu-translate --input-shape)", i, ts);
			free(ts);
			return false;
		}
	for (IrOp *op = b ? b->first : NULL; op; op = op->next)
		for (unsigned r = 0; r < op->nresults; r++)
			if (dynamic(ir_op_result(op, r)->type)) {
				char *ts = ir_type_str(ir_op_result(op,
				    r)->type);
				ir_op_emit_error(op, "ethos-u-schedule: result "
				    "#%u has a dynamic shape (%s): its SRAM is "
				    "unknown (give the model static shapes "
				    "first, e.g. npu-translate --input-shape)",
				    r, ts);
				free(ts);
				return false;
			}
	return true;
}

static bool
schedule_func(IrOp *func, const EthosUTarget *t, IrPass *pass, bool first)
{
	IrContext *ctx = ir_pass_context(pass);
	bool size = !strcmp(ir_pass_string(pass, "optimise"), "size");
	int64_t budget = ir_pass_int(pass, "sram-budget");
	if (budget < 0 || ir_pass_int(pass, "max-cascade") < 1 ||
	    ir_pass_int(pass, "max-cycles") < 0 ||
	    ir_pass_int(pass, "force-stripes") < 0) {
		ir_emit_error(ctx, ir_op_loc(func), "ethos-u-schedule: "
		    "sram-budget, max-cycles and force-stripes must be >= 0 "
		    "and max-cascade >= 1 (got sram-budget=%" PRId64
		    " max-cycles=%" PRId64 " force-stripes=%" PRId64
		    " max-cascade=%" PRId64 ")", budget, ir_pass_int(pass,
		    "max-cycles"), ir_pass_int(pass, "force-stripes"),
		    ir_pass_int(pass, "max-cascade"));
		return false;
	}
	if (budget == 0 && !size)
		budget = t->arena_cache_size;
	if (!static_shapes(func))
		return false;
	SchedProblem p;
	SchedResult r;
	if (!ethos_u_sched_build(t, func, size, ir_pass_string(pass,
	    "weight-sizes"), &p)) {
		ethos_u_sched_free(&p, NULL);
		return false;
	}
	p.max_len = (int)ir_pass_int(pass, "max-cascade");
	int64_t force = ir_pass_int(pass, "force-stripes");
	if (force > 0)
		ethos_u_sched_force(&p, (int)(force < 4096 ? force : 4096), &r);
	else if (!ethos_u_sched_search(&p, budget, (double)ir_pass_int(pass,
	    "max-cycles"), size, &r)) {
		IrOp *op = ethos_u_sched_op(&p, r.worst_op);
		ir_op_emit_error(op, "does not fit the SRAM budget: it needs "
		    "at least %" PRId64 " bytes of SRAM in any stripes "
		    "(sram-budget=%" PRId64 ")", r.worst_bytes, budget);
		ethos_u_sched_free(&p, &r);
		return false;
	}
	const char *curve = ir_pass_string(pass, "pareto");
	bool ok = true;
	if (first && *curve)
		ok = write_curve(ctx, ir_op_loc(func), curve, &r,
		    "ethos-u-schedule: SRAM peak against cycles");
	int64_t id = 0, ncasc = 0, nstripes = 0;
	for (int i = 0; ok && i < r.ncascades; i++) {
		if (r.cascades[i].stripes < 2) {
			if (r.cascades[i].stream)
				ir_op_set_attr(ethos_u_sched_op(&p,
				    r.cascades[i].first), "ethos_u.weights",
				    str(ctx, "stream"));
			continue;
		}
		rewrite_cascade(ctx, &p, r.cascades[i], &id);
		ncasc++;
		nstripes += r.cascades[i].stripes;
	}
	if (ok) {
		IrNamedAttr a[4] = {
			{ ir_ident_cstr(ctx, "cascades"), i64(ctx, ncasc) },
			{ ir_ident_cstr(ctx, "cycles"), i64(ctx,
			    (int64_t)llround(r.chosen.cycles)) },
			{ ir_ident_cstr(ctx, "sram_peak"), i64(ctx,
			    r.chosen.peak) },
			{ ir_ident_cstr(ctx, "unstriped_sram_peak"), i64(ctx,
			    r.whole.peak) },
		};
		ir_op_set_attr(func, "ethos_u.schedule", ir_attr_dict(ctx, 4,
		    a));
		ir_pass_stat_add(pass, "cascades", (uint64_t)ncasc);
		ir_pass_stat_add(pass, "stripes", (uint64_t)nstripes);
		ir_pass_stat_add(pass, "plans-evaluated",
		    (uint64_t)p.evaluated);
		ir_pass_stat_add(pass, "block-searches",
		    (uint64_t)p.nconfigs);
		ir_pass_stat_add(pass, "perf-queries",
		    (uint64_t)p.perf_queries);
	}
	ethos_u_sched_free(&p, &r);
	return ok;
}

static bool
schedule_run(IrOp *module, IrPass *pass)
{
	EthosUTarget t;
	if (!ethos_u_target_of_module(module, &t))
		return false;
	IrBlock *body = ir_op_regions(module)[0].first;
	bool first = true;
	for (IrOp *f = body ? body->first : NULL; f; f = f->next) {
		if (!ir_op_is(f, "func.func") || ir_region_empty(ir_op_region(f,
		    0)))
			continue;
		if (!schedule_func(f, &t, pass, first))
			return false;
		first = false;
	}
	/* The stripes were chosen for this optimise: the code generator
	 * reads it from npu.target (its optimise=module), as it reads the
	 * estimate's. */
	ethos_u_target_set_optimise(module, !strcmp(ir_pass_string(pass,
	    "optimise"), "size"));
	return true;
}

static const char *const optimise_choices[] = { "performance", "size",
	NULL };

static const IrPassOption schedule_options[] = {
	{ "optimise", IR_OPT_ENUM, "performance",
	  "performance: the fewest cycles within the budget (then the least "
	  "SRAM at no more cycles than whole ops); size: the least SRAM "
	  "(recorded in npu.target for ethos-u-codegen)",
	  optimise_choices },
	{ "sram-budget", IR_OPT_INT, "0",
	  "bytes of SRAM the plan may use (0: the target's arena cache size "
	  "with optimise=performance, none with size)", NULL },
	{ "max-cycles", IR_OPT_INT, "0",
	  "the least SRAM among plans within this many cycles (0: no "
	  "limit)", NULL },
	{ "weight-sizes", IR_OPT_STRING, NULL,
	  "a file of '<bytes> <weights name>' lines: encoded weight sizes, "
	  "as ethos-u-estimate reads them", NULL },
	{ "max-cascade", IR_OPT_INT, "24",
	  "the most ops one cascade may hold", NULL },
	{ "force-stripes", IR_OPT_INT, "0",
	  "no search: every run of chained ops one cascade of this many "
	  "stripes (to test the striping)", NULL },
	{ "pareto", IR_OPT_STRING, NULL,
	  "write the SRAM/cycles Pareto front of the first function as SVG",
	  NULL },
};

static const IrPassStatistic schedule_stats[] = {
	{ "cascades", "cascades of stripes written" },
	{ "stripes", "stripes over all cascades" },
	{ "plans-evaluated", "cascade and stripe choices costed" },
	{ "perf-queries", "performance model calls" },
	{ "block-searches", "block configurations searched (one per "
	  "stripe shape)" },
};

const IrPassDef pass_ethos_u_schedule = {
	.argument = "ethos-u-schedule",
	.summary = "Stripe and cascade Ethos-U ops along H under an SRAM "
	    "budget (Vela's cascading)",
	.anchor = "builtin.module",
	.options = schedule_options,
	.noptions = sizeof schedule_options / sizeof schedule_options[0],
	.run = schedule_run,
	.stats = schedule_stats,
	.nstats = sizeof schedule_stats / sizeof schedule_stats[0],
	.description =
	    "Cuts runs of npu conv2d, depthwise_conv2d, pool and elementwise "
	    "ops (each result read only by the next op) into stripes of "
	    "output rows and runs them stripe by stripe, so their "
	    "intermediate maps never exist whole; rows an op computed for "
	    "an earlier stripe are kept, not computed again. A search over "
	    "every run and stripe count, costed with the Ethos-U "
	    "performance model and an SRAM liveness of the stripes, keeps "
	    "the Pareto front of SRAM peak against cycles and picks from it "
	    "per `optimise` and `sram-budget`. Each stripe is the original "
	    "op on `npu.slice` views of its input rows with explicit "
	    "padding, tagged `ethos_u.stripe = [op, stripe, stripes]`; "
	    "views carry `ethos_u.view`. The stripes of an op whose "
	    "consumer keeps rows from one stripe for the next carry "
	    "`ethos_u.ring = [rows, first row]`: ethos-u-codegen keeps them "
	    "in a ring of that many rows (a rolling buffer, read through "
	    "two feature-map tiles where a window wraps). See "
	    "docs/memory.md.",
};
