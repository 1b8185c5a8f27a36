/* targets/ethos_u/estimate.c: the ethos-u-estimate pass: collects the NPU
 * operations of each function (layers.c), places their feature maps and
 * weights as Vela's scheduler does, runs the performance model, sizes
 * the SRAM in use and writes the reports. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "targets/ethos_u/ethos_u.h"
#include "targets/ethos_u/layers.h"
#include "targets/ethos_u/report.h"
#include "targets/ethos_u/schedule.h"

/* ------------------------------------------------------------ placement */

/* Ops that only rename a feature map (Vela removes them). */
static bool
is_alias(const IrOp *op)
{
	if (ethos_u_is_reshape(op) || ethos_u_is_view(op))
		return true;
	return ethos_u_is_relu(op) && op->noperands &&
	    ir_value_def_op(ir_op_operand(op, 0)) &&
	    ethos_u_fused_activation(ir_op_operand(op, 0)) == op;
}

/* The layer whose output v is (through aliases), or NULL for a network
 * input or anything else. */
static EthosULayer *
producer(EthosULayers *ls, IrValue *v)
{
	for (int hops = 0; v && hops < 64; hops++) {
		for (size_t i = 0; i < ls->n; i++)
			if (ls->v[i].out == v)
				return &ls->v[i];
		IrOp *def = ir_value_def_op(v);
		if (!def || !is_alias(def))
			return NULL;
		v = ir_op_operand(def, 0);
	}
	return NULL;
}

/* Is v (or an alias of it) returned from the function, or used by the
 * CPU? Vela keeps such tensors in NHWC, where the CPU reads them. */
static bool
leaves_npu(IrValue *v, int depth)
{
	for (IrUse *u = v->uses; u && depth < 64; u = u->next) {
		IrOp *user = u->owner;
		if (ir_op_has_trait(user, IR_TRAIT_RETURN_LIKE) &&
		    !ir_op_is(user, "npu.yield"))
			return true;
		if (ir_op_is(user, "npu.cpu"))
			return true;
		if (is_alias(user) && leaves_npu(ir_op_result(user, 0),
		    depth + 1))
			return true;
	}
	return false;
}

/* Reshapes need their tensors in NHWC (a plain byte order), and so does
 * a softmax, whose lowering reads its input reshaped. */
static bool
reshaped(IrValue *v)
{
	for (IrUse *u = v->uses; u; u = u->next)
		if (ethos_u_is_reshape(u->owner) ||
		    ir_op_is(u->owner, "npu.softmax") ||
		    ir_op_is(u->owner, "graph.softmax"))
			return true;
	return false;
}

static bool
same_fm(const EthosUFm *a, const EthosUFm *b)
{
	return a->shape.n == b->shape.n && a->shape.h == b->shape.h &&
	    a->shape.w == b->shape.w && a->shape.c == b->shape.c &&
	    a->bits == b->bits;
}

/* Where a layer's output lives and in which layout. */
static void
place_output(const EthosUTarget *t, EthosULayer *l)
{
	EthosUQuery *q = &l->q;
	/* Network outputs stay in the arena; intermediate maps go to the
	 * fast storage (the SRAM cache when the arena is in DRAM). */
	bool out = leaves_npu(l->out, 0);
	q->ofm.mem = out ? t->arena_mem : t->cache_mem;
	q->ofm.format = ETHOS_U_NHCWB16;
	if (out || q->block == ETHOS_U_DMA || reshaped(l->out))
		q->ofm.format = ETHOS_U_NHWC;
	/* An elementwise op whose output may overwrite an NHWC input of
	 * the same shape keeps NHWC when the depth is not whole bricks. */
	if (q->block == ETHOS_U_ELEMENTWISE && q->ofm.shape.c % 16 &&
	    ((same_fm(&q->ifm, &q->ofm) && q->ifm.format == ETHOS_U_NHWC) ||
	    (q->has_ifm2 && same_fm(&q->ifm2, &q->ofm) &&
	    q->ifm2.format == ETHOS_U_NHWC)))
		q->ofm.format = ETHOS_U_NHWC;
}

/* The last op of a lowering writes the lowered op's output: only its
 * memory and layout change. */
static void
place_softmax_output(const EthosUTarget *t, EthosULayer *l)
{
	bool out = leaves_npu(l->out, 0);
	l->q.ofm.mem = out ? t->arena_mem : t->cache_mem;
	l->q.ofm.format = out || l->linear || reshaped(l->out) ? ETHOS_U_NHWC :
	    ETHOS_U_NHCWB16;
}

static void
place_input(const EthosUTarget *t, EthosULayers *ls, IrValue *v, EthosUFm *fm)
{
	EthosULayer *p = producer(ls, v);
	fm->format = p ? p->q.ofm.format : ETHOS_U_NHWC;
	fm->mem = p ? p->q.ofm.mem : t->arena_mem;
}

/* Weights are DMA'd into the fast storage when they live in DRAM or
 * flash, except for fully connected layers (Vela's weight buffering). */
static void
place_weights(const EthosUTarget *t, EthosULayer *l)
{
	bool far = t->const_mem == ETHOS_U_DRAM ||
	    t->const_mem == ETHOS_U_OFF_CHIP_FLASH;
	l->w.buffered = l->w.present && far && t->const_mem != t->cache_mem &&
	    l->q.block != ETHOS_U_VECTOR && !l->unbuffered;
}

/* The op layer i runs for: its output's producer, or for a map inside
 * a lowering (no value) the op whose result the lowering's last layer
 * writes. */
static IrOp *
layer_op(const EthosULayers *ls, size_t i)
{
	for (size_t k = i; k < ls->n; k++)
		if (ls->v[k].out)
			return ir_value_def_op(ls->v[k].out);
	return NULL;
}

void
ethos_u_place(const EthosUTarget *t, EthosULayers *ls, bool size)
{
	for (size_t i = 0; i < ls->n; i++) {
		EthosULayer *l = &ls->v[i];
		if (l->in)
			place_input(t, ls, l->in, &l->q.ifm);
		if (l->in2)
			place_input(t, ls, l->in2, &l->q.ifm2);
		if (l->out && !l->fixed)
			place_output(t, l);
		else if (l->out)
			place_softmax_output(t, l);
		place_weights(t, l);
		/* Optimising for size, no SRAM goes to weight buffers: the
		 * weights stream from where they live. */
		if (size)
			l->w.buffered = false;
		/* A later stripe of a buffered op finds its weights in the
		 * buffer the first stripe filled (ethos-u-schedule). */
		int64_t st[3];
		IrOp *def = layer_op(ls, i);
		if (l->w.buffered && def && ethos_u_stripe_of(def, st) &&
		    st[1] > 0)
			l->w.buffered = false, l->w.resident = true;
		if (def && ethos_u_streams_weights(def))
			l->w.buffered = l->w.resident = false;
	}
}

/* ------------------------------------------------------------ SRAM usage */

static int64_t
fm_bytes(const EthosUFm *fm)
{
	EthosUShape s = fm->shape;
	if (fm->format == ETHOS_U_NHCWB16)
		s.c = (s.c + 15) / 16 * 16;
	/* Vela's allocator aligns every tensor to 16 bytes. */
	return (s.n * s.h * s.w * s.c * fm->bits / 8 + 15) / 16 * 16;
}

/* What each layer reads: reads[2 i] and reads[2 i + 1] are the outputs
 * of the producers of its in and in2 (NULL: none). Found once, not per
 * pair of layers (producer walks the layers). */
static IrValue **
layer_reads(EthosULayers *ls)
{
	IrValue **r = ir_xcalloc(2 * ls->n + 1, sizeof *r);
	for (size_t i = 0; i < ls->n; i++) {
		EthosULayer *p = producer(ls, ls->v[i].in);
		EthosULayer *p2 = ls->v[i].in2 ? producer(ls, ls->v[i].in2) :
		    NULL;
		r[2 * i] = p ? p->out : NULL;
		r[2 * i + 1] = p2 ? p2->out : NULL;
	}
	return r;
}

/* The last layer index that reads v (through aliases); nlayers when
 * it leaves the NPU. */
static size_t
last_use(EthosULayers *ls, IrValue *const *reads, IrValue *v, size_t from)
{
	size_t last = from;
	if (leaves_npu(v, 0))
		return ls->n;
	for (size_t i = from; i < ls->n; i++)
		if (reads[2 * i] == v || reads[2 * i + 1] == v)
			last = i;
	return last;
}

/* A map inside a lowering is read by the op after it (most are; the
 * exponentials live longer, which this undercounts). */
static size_t
lowering_end(EthosULayers *ls, size_t i)
{
	return i + 1 < ls->n ? i + 1 : i;
}

/* Bytes of SRAM live during each layer: its own feature maps, every map
 * produced earlier and read later, and its buffered weights (unless
 * maps_only). */
static void
sram_usage(const EthosUTarget *t, EthosULayers *ls, bool maps_only)
{
	size_t *end = ir_xcalloc(ls->n + 1, sizeof *end);
	IrValue **reads = layer_reads(ls);
	for (size_t i = 0; i < ls->n; i++)
		end[i] = ls->v[i].out ? last_use(ls, reads, ls->v[i].out, i) :
		    lowering_end(ls, i);
	for (size_t i = 0; i < ls->n; i++) {
		EthosULayer *l = &ls->v[i];
		int64_t use = 0;
		for (size_t j = 0; j <= i; j++)
			if (end[j] >= i && ls->v[j].q.ofm.mem == ETHOS_U_SRAM)
				use += ethos_u_map_bytes(&ls->v[j], 0);
		/* A copy within one memory is no copy: in and out share. */
		bool shared = l->q.block == ETHOS_U_DMA &&
		    l->q.ifm.mem == l->q.ofm.mem;
		if (l->in && !reads[2 * i] &&
		    l->q.ifm.mem == ETHOS_U_SRAM && !shared)
			use += fm_bytes(&l->q.ifm);
		if (l->w.buffered && t->cache_mem == ETHOS_U_SRAM &&
		    !maps_only)
			use += l->perf.weight_buffer;
		l->sram_usage = use;
	}
	free(reads);
	free(end);
}

/* Vela gives weight buffers only the SRAM its schedule leaves under a
 * limit (the arena cache size; optimising for size, the peak of the
 * schedule without buffers, so buffers never raise it): each layer's
 * buffers may take the limit less the feature maps live while it runs.
 * limit 0: that default. */
void
ethos_u_limit_buffers(const EthosUTarget *t, EthosULayers *ls, bool size,
    int64_t limit)
{
	if (t->cache_mem != ETHOS_U_SRAM)
		return;
	sram_usage(t, ls, true);
	int64_t peak = 0;
	for (size_t i = 0; i < ls->n; i++)
		peak = ls->v[i].sram_usage > peak ? ls->v[i].sram_usage : peak;
	if (!limit)
		limit = size ? peak : t->arena_cache_size;
	for (size_t i = 0; i < ls->n; i++) {
		EthosUWeights *w = &ls->v[i].w;
		w->buffer_limit = limit - ls->v[i].sram_usage;
		if (w->buffer_limit <= 0)
			w->buffered = false;
	}
}

/* ------------------------------------------------------------ weights */

/* Reads "bytes name" lines (a weight constant's location name and the
 * size of its encoded weights, e.g. from a weight encoder or Vela's
 * allocation log) and uses them for the layers whose weights match. */
bool
ethos_u_read_weight_sizes(IrContext *ctx, const IrLoc *loc, const char *path,
    EthosULayers *ls)
{
	FILE *f = fopen(path, "r");
	if (!f) {
		ir_emit_error(ctx, loc, "cannot read weight sizes '%s'", path);
		return false;
	}
	char line[4096];
	unsigned lineno = 0;
	bool ok = true;
	while (ok && fgets(line, sizeof line, f)) {
		lineno++;
		line[strcspn(line, "\r\n")] = '\0';
		char *end;
		long long bytes = strtoll(line, &end, 10);
		if (!*line || *line == '#')
			continue;
		if (end == line || *end != ' ' || bytes < 0) {
			ir_emit_error(ctx, ir_loc_file(ctx, ir_ident_cstr(ctx,
			    path), lineno, 1), "expected '<bytes> <weights "
			    "name>'");
			ok = false;
			break;
		}
		for (size_t i = 0; i < ls->n; i++)
			if (ls->v[i].weights_name &&
			    !strcmp(ls->v[i].weights_name, end + 1))
				ls->v[i].w.encoded_bytes = bytes;
	}
	fclose(f);
	return ok;
}

/* ------------------------------------------------------------ the pass */

static bool
collect_op(const EthosUTarget *t, EthosULayers *ls, IrOp *op)
{
	bool skip;
	if (ethos_u_is_view(op))
		return true;
	if (ethos_u_add_op(t, ls, op, &skip))
		return true;
	ir_op_emit_error(op, "cannot estimate this op on the Ethos-U: it "
	    "needs static shapes and integer (8, 16 or 32-bit) feature maps");
	return false;
}

/* The layers of every function of the module, in order. */
static bool
collect(const EthosUTarget *t, IrOp *module, EthosULayers *ls)
{
	IrBlock *body = ir_op_regions(module)[0].first;
	for (IrOp *f = body ? body->first : NULL; f; f = f->next) {
		if (!ir_op_is(f, "func.func") || ir_region_empty(ir_op_region(f,
		    0)))
			continue;
		for (IrOp *op = ir_func_entry(f)->first; op; op = op->next)
			if (!collect_op(t, ls, op))
				return false;
	}
	return true;
}

/* The model's name: the file its ops came from, without directory and
 * extension, as Vela names its reports. */
static const char *
network_name(IrOp *module, EthosULayers *ls, char *buf, size_t n)
{
	const IrLoc *loc = ir_loc_file_of(ir_op_loc(module));
	for (size_t i = 0; !loc && i < ls->n; i++)
		if (ls->v[i].out && ir_value_def_op(ls->v[i].out))
			loc = ir_loc_file_of(ir_op_loc(ir_value_def_op(
			    ls->v[i].out)));
	const char *s = loc ? loc->u.file.file->str : "network";
	const char *slash = strrchr(s, '/');
	s = slash ? slash + 1 : s;
	snprintf(buf, n, "%s", s);
	char *dot = strrchr(buf, '.');
	if (dot && dot != buf)
		*dot = '\0';
	return buf;
}

static bool
run_model(IrOp *module, const EthosUTarget *t, EthosULayers *ls,
    EthosUReport *r)
{
	double slack = 0;
	memset(r, 0, sizeof *r);
	r->target = t;
	r->layers = ls->v;
	r->nlayers = ls->n;
	for (size_t i = 0; i < ls->n; i++) {
		EthosULayer *l = &ls->v[i];
		IrOp *def = l->out ? ir_value_def_op(l->out) : NULL;
		if (!ethos_u_estimate_next(t, &l->q, &l->w, NULL, &slack,
		    &l->perf)) {
			ir_emit_error(ir_op_context(module), def ?
			    ir_op_loc(def) : ir_op_loc(module), "no Ethos-U "
			    "block configuration fits this op in SHRAM");
			return false;
		}
		for (int c = 0; c < ETHOS_U_NCYC; c++)
			r->cycles[c] += l->perf.cycles[c];
		for (int m = 0; m < ETHOS_U_NMEM; m++)
			for (int k = 0; k < 4; k++)
				r->bytes[m][k / 2][k % 2] +=
				    l->perf.bytes[m][k / 2][k % 2];
		r->macs += l->perf.macs;
		if (l->w.present) {
			r->original_weights += l->w.elements;
			r->encoded_weights += l->w.encoded_bytes;
		}
	}
	return true;
}

static bool
write_reports(IrOp *module, IrPass *pass, const EthosUReport *r)
{
	IrContext *ctx = ir_pass_context(pass);
	const IrLoc *loc = ir_op_loc(module);
	const char *report = ir_pass_string(pass, "report");
	const char *summary = ir_pass_string(pass, "summary");
	const char *trace = ir_pass_string(pass, "trace");
	if (*report && !ethos_u_write_file(ctx, loc, report,
	    ethos_u_write_layer_csv, r))
		return false;
	if (*summary && !ethos_u_write_file(ctx, loc, summary,
	    ethos_u_write_summary_csv, r))
		return false;
	if (*trace && !ethos_u_write_file(ctx, loc, trace,
	    ethos_u_write_trace, r))
		return false;
	if (ir_pass_bool(pass, "table"))
		ethos_u_write_table(r, stderr);
	return true;
}

static bool
estimate_run(IrOp *module, IrPass *pass)
{
	EthosUTarget t;
	if (!ethos_u_target_of_module(module, &t))
		return false;
	EthosULayers ls = { 0 };
	EthosUReport r;
	char name[256];
	if (ir_pass_int(pass, "sram-limit") < 0) {
		ir_emit_error(ir_pass_context(pass), ir_op_loc(module),
		    "sram-limit must not be negative (got %lld)",
		    (long long)ir_pass_int(pass, "sram-limit"));
		return false;
	}
	bool ok = collect(&t, module, &ls);
	const char *sizes = ir_pass_string(pass, "weight-sizes");
	if (ok && *sizes)
		ok = ethos_u_read_weight_sizes(ir_pass_context(pass),
		    ir_op_loc(module), sizes, &ls);
	if (ok && ir_pass_bool(pass, "encode-weights"))
		ethos_u_encode_weights(&t, &ls);
	bool size = !strcmp(ir_pass_string(pass, "optimise"), "size");
	bool striped = ok && ethos_u_has_stripes(module);
	if (ok) {
		/* ethos-u-schedule's stripes have their SRAM already: with
		 * optimise=size their weights stream. */
		ethos_u_place(&t, &ls, size && striped);
		if (!striped)
			ethos_u_limit_buffers(&t, &ls, size, ir_pass_int(pass,
			    "sram-limit"));
		ok = run_model(module, &t, &ls, &r);
	}
	if (ok) {
		/* Weight buffers are sized by the model: usage comes after. */
		if (striped)
			ethos_u_sram_usage_values(&t, &ls);
		else
			sram_usage(&t, &ls, false);
		for (size_t i = 0; i < ls.n; i++)
			if (ls.v[i].sram_usage > r.sram_peak)
				r.sram_peak = ls.v[i].sram_usage;
	}
	if (ok) {
		r.network = network_name(module, &ls, name, sizeof name);
		ok = write_reports(module, pass, &r);
	}
	/* ethos-u-codegen buffers by this record what the report counted. */
	if (ok)
		ethos_u_target_set_optimise(module, size);
	/* The module's npu.target is all the estimate changes. */
	ir_pass_mark_attrs_only(pass);
	free(ls.v);
	return ok;
}

static const char *const optimise_choices[] = { "performance", "size",
	NULL };

static const IrPassOption estimate_options[] = {
	{ "report", IR_OPT_STRING, NULL,
	  "write Vela's per-layer CSV to this file", NULL },
	{ "summary", IR_OPT_STRING, NULL,
	  "write Vela's summary CSV to this file", NULL },
	{ "trace", IR_OPT_STRING, NULL,
	  "write a Chrome/Perfetto trace (JSON) of the layers to this file",
	  NULL },
	{ "weight-sizes", IR_OPT_STRING, NULL,
	  "a file of '<bytes> <weights name>' lines: encoded weight sizes",
	  NULL },
	{ "table", IR_OPT_BOOL, "true",
	  "print the per-layer table on stderr", NULL },
	{ "optimise", IR_OPT_ENUM, "performance",
	  "performance: weights DMA'd into SRAM buffers; size: buffers "
	  "only where they keep the SRAM peak (recorded in npu.target for "
	  "ethos-u-codegen)", optimise_choices },
	{ "encode-weights", IR_OPT_BOOL, "false",
	  "size depth-sliced weights with the weight encoder (Vela's bytes: "
	  "the full-depth DMA and each slice) instead of in proportion",
	  NULL },
	{ "sram-limit", IR_OPT_INT, "0",
	  "SRAM bytes feature maps and weight buffers may take (0: the "
	  "arena cache size; with optimise=size, the feature maps' peak)",
	  NULL },
};

const IrPassDef pass_ethos_u_estimate = {
	.argument = "ethos-u-estimate",
	.summary = "Estimate Ethos-U cycles, traffic and SRAM per layer "
	    "(Vela's performance model)",
	.anchor = "builtin.module",
	.options = estimate_options,
	.noptions = sizeof estimate_options / sizeof estimate_options[0],
	.run = estimate_run,
	.description =
	    "Runs Vela 3.10's performance model over the NPU operations of "
	    "every function, using the target the module carries "
	    "(`npu.target`, from ethos-u-target): for each op the block "
	    "configuration Vela would choose, NPU cycles from MAC, micro-"
	    "block and output-stage utilisation, weight DMA under the op "
	    "before, SRAM/DRAM/flash access cycles from bytes, burst "
	    "efficiency and bandwidth, MACs, utilisation and SRAM usage. It "
	    "reads npu dialect ops and, until they are legalized, quantized "
	    "graph ops (a fused activation is the ReLU that is its "
	    "producer's only user). Prints the per-layer table on stderr "
	    "and writes Vela's per-layer and summary CSVs and a trace. The "
	    "IR is unchanged but for the `optimise` choice, recorded in "
	    "`npu.target` (an `optimise = \"size\"` entry; none: "
	    "performance) so that ethos-u-codegen buffers the weights the "
	    "report counted. See docs/targets/ethos-u.md.",
};
