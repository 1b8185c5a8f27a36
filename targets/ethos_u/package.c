/* targets/ethos_u/package.c: compiled Ethos-U code packaged for a device.
 * The .tflite form is what Vela 3.10 writes: per ethos_u.stream op, a
 * custom operator `ethos-u` whose inputs are four uint8 tensors named
 * `_split_<k>_command_stream` (the COP1 payload), `_flash`, `_scratch`
 * and `_scratch_fast` (arenas without data) and then the feature maps;
 * custom options the 3-byte flexbuffer Vela writes; tensors sorted by
 * name; and the OfflineMemoryAllocation metadata giving the scratch
 * arenas offset 0 and each feature map its offset in the arena. The raw
 * and C-header forms hold one stream, its flash and its sizes. */
#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/dialect.h"
#include "import/tflite/write.h"
#include "targets/ethos_u/cmdstream.h"
#include "targets/ethos_u/ethos_u.h"
#include "interp/tensor.h"
#include "targets/ethos_u/package.h"
#include "targets/ethos_u/sim.h"

/* Vela's custom options for `ethos-u`: a flexbuffer holding the integer
 * 1 (value, type INT with width 8 bits, root width 1). */
static const uint8_t vela_options[] = { 0x01, 0x04, 0x01 };

/* The module's function (the first func.func), or NULL. */
static IrOp *
main_func(IrOp *module)
{
	IrBlock *b = ir_module_body(module);
	for (IrOp *op = b ? b->first : NULL; op; op = op->next)
		if (!strcmp(ir_op_name_str(op), "func.func"))
			return op;
	return NULL;
}

static bool
is_stream(const IrOp *op)
{
	return !strcmp(ir_op_name_str(op), "ethos_u.stream");
}

/* The bytes of a one-byte dense attribute (a splat expanded into *own). */
static const uint8_t *
dense_bytes(const IrAttr *a, size_t *n, uint8_t **own)
{
	*n = 0;
	*own = NULL;
	if (!a || a->kind != IR_ATTR_DENSE)
		return NULL;
	int64_t ne = ir_type_num_elements(a->u.dense.type);
	if (ne <= 0)
		return NULL;
	*n = (size_t)ne;
	if (!a->u.dense.splat)
		return a->u.dense.data;
	*own = ir_xmalloc(*n);
	memset(*own, a->u.dense.data[0], *n);
	return *own;
}

/* ------------------------------------------------------------ .tflite */

typedef struct Pack {
	TflWriter *w;
	unsigned nstreams;
} Pack;

/* Places tensor t at offset off, unless another stream put it
 * elsewhere. */
static bool
place(Pack *p, IrOp *op, int32_t t, int64_t off)
{
	int64_t was = tfl_writer_get_offset(p->w, t);
	if (was >= 0 && was != off) {
		ir_op_emit_error(op, "a feature map lies at arena offset %lld "
		    "here and at %lld in another stream; one .tflite arena "
		    "cannot hold both", (long long)off, (long long)was);
		return false;
	}
	tfl_writer_offset(p->w, t, off);
	return true;
}

static bool
add_stream(Pack *p, IrOp *op)
{
	const IrOpDef *d = op->name->def;
	char name[64];
	size_t ncs, nfl;
	uint8_t *own_cs, *own_fl;
	const uint8_t *cs = dense_bytes(ir_op_attr(op, "command_stream"),
	    &ncs, &own_cs);
	const uint8_t *fl = dense_bytes(ir_op_attr(op, "flash"), &nfl,
	    &own_fl);
	int32_t in[4 + 64], out[64];
	unsigned k = ++p->nstreams;
	static const char *const parts[] = { "command_stream", "flash",
	    "scratch", "scratch_fast" };
	int64_t sizes[4] = { (int64_t)ncs, (int64_t)nfl,
	    dialect_get_int(d, op->attrs, "scratch_size"),
	    dialect_get_int(d, op->attrs, "fast_scratch_size") };
	const uint8_t *data[4] = { cs, fl ? fl : (const uint8_t *)"" };
	const uint8_t *own[4] = { own_cs, own_fl };
	for (int i = 0; i < 4; i++) {
		snprintf(name, sizeof(name), "_split_%u_%s", k, parts[i]);
		/* The attributes' bytes are referenced (the module outlives
		 * the writer); only an expanded splat is copied. */
		in[i] = (own[i] ? tfl_writer_bytes : tfl_writer_bytes_ref)(p->w,
		    name, data[i], (size_t)sizes[i]);
	}
	free(own_cs);
	free(own_fl);
	int64_t ioff[64], ooff[64];
	dialect_get_ints(d, op->attrs, "input_offsets", ioff, 64);
	dialect_get_ints(d, op->attrs, "output_offsets", ooff, 64);
	for (unsigned i = 0; i < op->noperands; i++)
		if ((in[4 + i] = tfl_writer_value(p->w, ir_op_operand(op, i),
		    ir_op_loc(op))) < 0)
			return false;
	for (unsigned i = 0; i < op->nresults; i++)
		if ((out[i] = tfl_writer_value(p->w, ir_op_result(op, i),
		    ir_op_loc(op))) < 0)
			return false;
	tfl_writer_offset(p->w, in[2], 0);
	tfl_writer_offset(p->w, in[3], 0);
	for (unsigned i = 0; i < op->noperands; i++)
		if (!place(p, op, in[4 + i], ioff[i]))
			return false;
	for (unsigned i = 0; i < op->nresults; i++)
		if (!place(p, op, out[i], ooff[i]))
			return false;
	tfl_writer_custom(p->w, "ethos-u", in, 4 + (int)op->noperands, out,
	    (int)op->nresults, vela_options, sizeof(vela_options));
	return true;
}

static bool add_block(Pack *p, IrBlock *b);

/* An npu.cpu region is written in place: its ops are ordinary graph
 * ops over the region's arguments (the op's operands) and its yield
 * gives the op's results, so the region's values stand for them. */
static bool
add_cpu(Pack *p, IrOp *op)
{
	IrBlock *b = ir_op_region(op, 0)->first;
	if (!b || b->nargs != op->noperands) {
		ir_op_emit_error(op, "malformed npu.cpu region");
		return false;
	}
	for (unsigned i = 0; i < b->nargs; i++)
		if (tfl_writer_alias(p->w, b->args[i], ir_op_operand(op, i),
		    ir_op_loc(op)) < 0)
			return false;
	IrOp *y = b->last;
	if (!y || y->noperands != op->nresults) {
		ir_op_emit_error(op, "malformed npu.cpu region");
		return false;
	}
	if (!add_block(p, b))
		return false;
	for (unsigned i = 0; i < op->nresults; i++)
		if (tfl_writer_alias(p->w, ir_op_result(op, i),
		    ir_op_operand(y, i), ir_op_loc(op)) < 0)
			return false;
	return true;
}

static bool
add_block(Pack *p, IrBlock *b)
{
	for (IrOp *op = b->first; op; op = op->next) {
		const char *n = ir_op_name_str(op);
		bool ok;
		if (is_stream(op))
			ok = add_stream(p, op);
		else if (!strcmp(n, "npu.cpu"))
			ok = add_cpu(p, op);
		else if (!strcmp(n, "func.return") || !strcmp(n, "npu.yield"))
			ok = true;
		else if (tfl_writer_knows(op))
			ok = tfl_writer_graph_op(p->w, op);
		else {
			ir_op_emit_error(op, "cannot be packaged for Ethos-U: "
			    "neither an ethos_u.stream nor a graph op TFLite "
			    "can run on the CPU");
			ok = false;
		}
		if (!ok)
			return false;
	}
	return true;
}

/* Counts stream ops, nested ones included. */
static IrWalkResult
count_stream(IrOp *op, void *user)
{
	if (is_stream(op))
		(*(unsigned *)user)++;
	return IR_WALK_ADVANCE;
}

static IrOp *
checked_func(IrOp *module)
{
	IrOp *f = main_func(module);
	unsigned n = 0;
	if (f)
		ir_op_walk(f, IR_WALK_PRE, count_stream, &n);
	if (!f || !n) {
		ir_op_emit_error(f ? f : module, "has no ethos_u.stream op to "
		    "package (compile the model with ethos-u-compile, or "
		    "import a Vela-compiled .tflite)");
		return NULL;
	}
	return f;
}

/* The subgraph's inputs (made first, so that the arguments' tensors
 * exist before any op uses them) or outputs (after the ops). */
static bool
add_io(Pack *p, IrOp *f, bool outputs)
{
	IrBlock *b = ir_func_entry(f);
	IrOp *ret = b->last;
	unsigned n = outputs ? (ret ? ret->noperands : 0) : b->nargs;
	int32_t t[256];
	if (n > 256) {
		ir_op_emit_error(f, "more than 256 inputs or outputs");
		return false;
	}
	for (unsigned i = 0; i < n; i++) {
		IrValue *v = outputs ? ir_op_operand(ret, i) : b->args[i];
		if ((t[i] = tfl_writer_value(p->w, v, ir_op_loc(f))) < 0)
			return false;
	}
	tfl_writer_io(p->w, t, (int)n, outputs);
	return true;
}

struct EthosuTflite {
	Pack p;
	char subgraph[256];
};

EthosuTflite *
ethosu_tflite_create(IrOp *module)
{
	IrOp *f = checked_func(module);
	if (!f)
		return NULL;
	EthosuTflite *t = ir_xcalloc(1, sizeof(*t));
	t->p.w = tfl_writer_create(ir_op_context(module));
	if (!add_io(&t->p, f, false) || !add_block(&t->p, ir_func_entry(f)) ||
	    !add_io(&t->p, f, true)) {
		ethosu_tflite_destroy(t);
		return NULL;
	}
	const IrAttr *nm = ir_op_attr(f, "sym_name");
	if (nm && nm->kind == IR_ATTR_STRING)
		snprintf(t->subgraph, sizeof(t->subgraph), "%s",
		    nm->u.string.data);
	return t;
}

bool
ethosu_tflite_write(EthosuTflite *t, FILE *f, size_t *len)
{
	return tfl_writer_write(t->p.w, t->subgraph, "npu-ir " NPUIR_VERSION,
	    f, len);
}

void
ethosu_tflite_destroy(EthosuTflite *t)
{
	if (!t)
		return;
	tfl_writer_destroy(t->p.w);
	free(t);
}

uint8_t *
ethosu_package_tflite(IrOp *module, size_t *len)
{
	EthosuTflite *t = ethosu_tflite_create(module);
	if (!t)
		return NULL;
	uint8_t *out = tfl_writer_finish(t->p.w, t->subgraph,
	    "npu-ir " NPUIR_VERSION, len);
	ethosu_tflite_destroy(t);
	return out;
}

/* ------------------------------------------------------- raw and header */

/* The one stream op of f, which must hold nothing else but constants
 * (the raw and header forms have no CPU part). */
static IrOp *
only_stream(IrOp *f)
{
	IrOp *s = NULL;
	for (IrOp *op = ir_func_entry(f)->first; op; op = op->next) {
		const char *n = ir_op_name_str(op);
		if (!strcmp(n, "func.return") || !strcmp(n, "graph.constant"))
			continue;
		if (!is_stream(op) || s) {
			ir_op_emit_error(op, "cannot be packaged raw or as a "
			    "C header: these hold one ethos_u.stream and "
			    "nothing for the CPU (--emit=ethos-u writes a "
			    ".tflite that can)");
			return NULL;
		}
		s = op;
	}
	return s;
}

static int64_t
value_bytes(const IrValue *v)
{
	int64_t n = ir_type_num_elements(v->type);
	const IrType *e = dialect_storage_type(v->type->u.shaped.elem);
	return n < 0 ? -1 : n * (int64_t)ir_tensor_elem_bytes(e);
}

bool
ethosu_package_get(IrOp *module, EthosuPackage *p)
{
	memset(p, 0, sizeof(*p));
	IrOp *f = checked_func(module), *op = f ? only_stream(f) : NULL;
	if (!op)
		return false;
	const IrOpDef *d = op->name->def;
	uint8_t *own;
	size_t n;
	const uint8_t *cs = dense_bytes(ir_op_attr(op, "command_stream"), &n,
	    &own);
	EthosuPayload pl;
	char err[300];
	if (!ethosu_payload_decode(cs, n, &pl, err, sizeof(err))) {
		free(own);
		ir_op_emit_error(op, "bad command stream: %s", err);
		return false;
	}
	const EthosuStream *s = ethosu_payload_stream(&pl);
	p->config = ethosu_payload_config(&pl);
	p->stream = s ? ethosu_stream_encode(s, &p->nstream) : NULL;
	/* The driver payload as the runtime wants it: COP1 as given, a
	 * bare stream re-encoded as one. */
	p->payload = ethosu_payload_encode(&pl, &p->npayload);
	ethosu_payload_free(&pl);
	free(own);
	if (!s) {
		ir_op_emit_error(op, "the payload has no command stream");
		ethosu_package_free(p);
		return false;
	}
	p->flash = dense_bytes(ir_op_attr(op, "flash"), &p->nflash,
	    &p->flash_own);
	p->scratch = dialect_get_int(d, op->attrs, "scratch_size");
	p->fast_scratch = dialect_get_int(d, op->attrs, "fast_scratch_size");
	p->nin = op->noperands;
	p->nout = op->nresults;
	dialect_get_ints(d, op->attrs, "input_offsets", p->in_offset, 64);
	dialect_get_ints(d, op->attrs, "output_offsets", p->out_offset, 64);
	for (unsigned i = 0; i < p->nin; i++)
		p->in_size[i] = value_bytes(ir_op_operand(op, i));
	for (unsigned i = 0; i < p->nout; i++)
		p->out_size[i] = value_bytes(ir_op_result(op, i));
	return true;
}

void
ethosu_package_free(EthosuPackage *p)
{
	free(p->payload);
	free(p->stream);
	free(p->flash_own);
	memset(p, 0, sizeof(*p));
}

void
ethosu_package_print_sizes(FILE *out, const EthosuPackage *p)
{
	fprintf(out, "config 0x%08x\n", (unsigned)p->config);
	fprintf(out, "command_stream %zu\n", p->nstream);
	fprintf(out, "flash %zu\n", p->nflash);
	fprintf(out, "scratch %lld\n", (long long)p->scratch);
	fprintf(out, "scratch_fast %lld\n", (long long)p->fast_scratch);
	for (unsigned i = 0; i < p->nin; i++)
		fprintf(out, "input %u %lld %lld\n", i,
		    (long long)p->in_offset[i], (long long)p->in_size[i]);
	for (unsigned i = 0; i < p->nout; i++)
		fprintf(out, "output %u %lld %lld\n", i,
		    (long long)p->out_offset[i], (long long)p->out_size[i]);
}

/* An array of bytes, 16 a line, inside a function that returns it: an
 * unused static inline function draws no warning, where an unused
 * static array would under -Wall. */
static void
print_array(FILE *out, const char *prefix, const char *what,
    const char *doc, const uint8_t *d, size_t n)
{
	fprintf(out, "/* %s (%zu bytes). */\nstatic inline const uint8_t *\n"
	    "%s_%s(void)\n{\n\tstatic const _Alignas(16) uint8_t data[] = "
	    "{", doc, n, prefix, what);
	for (size_t i = 0; i < n; i++)
		fprintf(out, "%s0x%02x,", i % 16 ? " " : "\n\t\t", d[i]);
	/* An empty array is not C: one zero byte stands in. */
	fprintf(out, "%s\n\t};\n\treturn data;\n}\n\n", n ? "" : "\n\t\t0");
}

void
ethosu_package_print_header(FILE *out, const EthosuPackage *p,
    const char *prefix)
{
	char up[128];
	size_t k = 0;
	for (; prefix[k] && k + 1 < sizeof(up); k++)
		up[k] = (char)toupper((unsigned char)prefix[k]);
	up[k] = 0;
	fprintf(out, "/* %s.h: an Ethos-U network compiled by npu-ir "
	    "(npu-translate --emit=c-header):\n * the driver payload, the "
	    "flash blob and the arena sizes. Generated; do not edit. */\n"
	    "#ifndef %s_H\n#define %s_H\n\n#include <stdint.h>\n\n", prefix,
	    up, up);
	fprintf(out, "/* Configuration word of the payload: the accelerator "
	    "it was compiled for. */\n#define %s_CONFIG 0x%08xu\n", up,
	    (unsigned)p->config);
	fprintf(out, "#define %s_PAYLOAD_SIZE %zuu\n", up, p->npayload);
	fprintf(out, "#define %s_COMMAND_STREAM_SIZE %zuu\n", up, p->nstream);
	fprintf(out, "#define %s_FLASH_SIZE %zuu\n", up, p->nflash);
	fprintf(out, "/* Region 1 (arena, feature maps) and region 2 (fast "
	    "scratch) sizes. */\n#define %s_SCRATCH_SIZE %lldu\n", up,
	    (long long)p->scratch);
	fprintf(out, "#define %s_FAST_SCRATCH_SIZE %lldu\n", up,
	    (long long)p->fast_scratch);
	fprintf(out, "#define %s_NUM_INPUTS %uu\n#define %s_NUM_OUTPUTS "
	    "%uu\n", up, p->nin, up, p->nout);
	fprintf(out, "/* Where each input and output lies in the arena "
	    "(bytes). */\n");
	for (unsigned i = 0; i < p->nin; i++)
		fprintf(out, "#define %s_INPUT%u_OFFSET %lldu\n#define "
		    "%s_INPUT%u_SIZE %lldu\n", up, i,
		    (long long)p->in_offset[i], up, i,
		    (long long)p->in_size[i]);
	for (unsigned i = 0; i < p->nout; i++)
		fprintf(out, "#define %s_OUTPUT%u_OFFSET %lldu\n#define "
		    "%s_OUTPUT%u_SIZE %lldu\n", up, i,
		    (long long)p->out_offset[i], up, i,
		    (long long)p->out_size[i]);
	fputc('\n', out);
	print_array(out, prefix, "payload", "The COP1 driver payload "
	    "(configuration, then the command stream): what the Ethos-U "
	    "driver's invoke takes", p->payload, p->npayload);
	print_array(out, prefix, "flash", "Region 0: encoded weights, "
	    "biases, scales and tables", p->flash, p->nflash);
	fprintf(out, "#endif /* %s_H */\n", up);
}

/* ------------------------------------------------------------ summary */

typedef struct SummaryWalk {
	FILE *out;
	unsigned nstreams, ncpu;
	int64_t flash, scratch, fast;
} SummaryWalk;

/* NPU operations in a payload (DMA starts included, as the decoder
 * counts them; *dmas those), or -1 when it does not decode. */
static long
count_operations(const uint8_t *p, size_t n, long *dmas)
{
	EthosuPayload pl;
	char err[256];
	*dmas = 0;
	if (!ethosu_payload_decode(p, n, &pl, err, sizeof err))
		return -1;
	long k = 0;
	const EthosuStream *s = ethosu_payload_stream(&pl);
	for (size_t i = 0; s && i < s->n; i++) {
		k += ethosu_cmd_is_operation(s->cmds[i].id);
		*dmas += s->cmds[i].id == ETHOSU_OP_DMA_START;
	}
	ethosu_payload_free(&pl);
	return k;
}

static IrWalkResult
summary_op(IrOp *op, void *user)
{
	SummaryWalk *w = user;
	const char *n = ir_op_name_str(op);
	if (!is_stream(op)) {
		if (strcmp(n, "builtin.module") && strcmp(n, "func.func") &&
		    strcmp(n, "func.return") && strcmp(n, "npu.cpu") &&
		    strcmp(n, "npu.yield") && strcmp(n, "graph.constant")) {
			fprintf(w->out, "  CPU: %s\n", n);
			w->ncpu++;
		}
		return IR_WALK_ADVANCE;
	}
	const IrOpDef *d = op->name->def;
	size_t ncs, nfl;
	uint8_t *own_cs, *own_fl;
	const uint8_t *cs = dense_bytes(ir_op_attr(op, "command_stream"),
	    &ncs, &own_cs);
	dense_bytes(ir_op_attr(op, "flash"), &nfl, &own_fl);
	int64_t scratch = dialect_get_int(d, op->attrs, "scratch_size");
	int64_t fast = dialect_get_int(d, op->attrs, "fast_scratch_size");
	long dmas = 0, nops = cs ? count_operations(cs, ncs, &dmas) : -1L;
	fprintf(w->out, "  ethos-u op %u: %ld NPU operations (%ld DMAs), "
	    "%zu-byte command stream, flash %zu B, scratch %" PRId64 " B, "
	    "fast scratch %" PRId64 " B\n", ++w->nstreams, nops, dmas, ncs,
	    nfl, scratch, fast);
	w->flash += (int64_t)nfl;
	w->scratch = scratch > w->scratch ? scratch : w->scratch;
	w->fast = fast > w->fast ? fast : w->fast;
	free(own_cs);
	free(own_fl);
	return IR_WALK_ADVANCE;
}

void
ethosu_package_print_summary(FILE *out, IrOp *module, const char *name,
    size_t len)
{
	SummaryWalk w = { .out = out };
	fprintf(out, "%s: %zu bytes\n", name, len);
	ir_op_walk(module, IR_WALK_PRE, summary_op, &w);
	fprintf(out, "total: %u ethos-u op%s, %u CPU op%s; flash %" PRId64
	    " B, scratch %" PRId64 " B, fast scratch %" PRId64 " B\n",
	    w.nstreams, w.nstreams == 1 ? "" : "s", w.ncpu,
	    w.ncpu == 1 ? "" : "s", w.flash, w.scratch, w.fast);
}
