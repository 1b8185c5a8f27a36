/* import/onnx/onnx.c: import_onnx: reads the model, builds @main's
 * arguments from the graph inputs, converts the nodes in order through
 * the value table and returns the verified module. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "interp/npy.h"
#include "import/onnx/conv.h"

/* ------------------------------------------------------------ element types */

const IrType *
onnx_elem_type(IrContext *ctx, int32_t dtype)
{
	switch (dtype) {
	case ONNX_FLOAT: return ir_type_float(ctx, IR_F32);
	case ONNX_DOUBLE: return ir_type_float(ctx, IR_F64);
	case ONNX_FLOAT16: return ir_type_float(ctx, IR_F16);
	case ONNX_BFLOAT16: return ir_type_float(ctx, IR_BF16);
	case ONNX_UINT8: return ir_type_int(ctx, 8, IR_UNSIGNED);
	case ONNX_INT8: return ir_type_int(ctx, 8, IR_SIGNLESS);
	case ONNX_UINT16: return ir_type_int(ctx, 16, IR_UNSIGNED);
	case ONNX_INT16: return ir_type_int(ctx, 16, IR_SIGNLESS);
	case ONNX_INT32: return ir_type_int(ctx, 32, IR_SIGNLESS);
	case ONNX_INT64: return ir_type_int(ctx, 64, IR_SIGNLESS);
	case ONNX_UINT32: return ir_type_int(ctx, 32, IR_UNSIGNED);
	case ONNX_UINT64: return ir_type_int(ctx, 64, IR_UNSIGNED);
	case ONNX_BOOL: return ir_type_int(ctx, 1, IR_SIGNLESS);
	default: return NULL;
	}
}

size_t
onnx_elem_size(int32_t dtype)
{
	switch (dtype) {
	case ONNX_UINT8: case ONNX_INT8: case ONNX_BOOL: return 1;
	case ONNX_UINT16: case ONNX_INT16: case ONNX_FLOAT16:
	case ONNX_BFLOAT16: return 2;
	case ONNX_FLOAT: case ONNX_INT32: case ONNX_UINT32: return 4;
	case ONNX_DOUBLE: case ONNX_INT64: case ONNX_UINT64: return 8;
	default: return 0;
	}
}

/* ------------------------------------------------------------ value table */

OnnxEntry *
onnx_entry(OnnxCv *cv, PbSlice name, bool add)
{
	const IrIdent *id = ir_ident_get(cv->ctx, name.n ?
	    (const char *)name.p : "", name.n);
	size_t mask = cv->cap - 1, i = (size_t)id->hash & mask;
	for (; cv->tab[i].name; i = (i + 1) & mask)
		if (cv->tab[i].name == id)
			return &cv->tab[i];
	if (!add)
		return NULL;
	cv->tab[i].name = id;
	return &cv->tab[i];
}

/* ------------------------------------------------------------ constants */

static bool
shape_count(OnnxCv *cv, int64_t rank, const int64_t *dims, int64_t *n)
{
	*n = 1;
	for (int64_t i = 0; i < rank; i++) {
		if (dims[i] < 0 || !dialect_mul(*n, dims[i], n) ||
		    *n > ((int64_t)1 << 40)) {
			ir_emit_error(cv->ctx, cv->loc, "constant shape is "
			    "negative or too large");
			return false;
		}
	}
	return true;
}

OnnxConst *
onnx_const_new(OnnxCv *cv, int32_t dtype, int64_t rank, const int64_t *dims)
{
	const IrType *elem = onnx_elem_type(cv->ctx, dtype);
	int64_t n;
	if (!elem) {
		ir_emit_error(cv->ctx, cv->loc, "unsupported ONNX element "
		    "type %d", (int)dtype);
		return NULL;
	}
	if (rank > ONNX_MAX_RANK || !shape_count(cv, rank, dims, &n))
		return NULL;
	if (n > ONNX_MAX_MADE) {
		ir_emit_error(cv->ctx, cv->loc, "a constant of %lld elements "
		    "is too large to build (the limit is %lld)", (long long)n,
		    (long long)ONNX_MAX_MADE);
		return NULL;
	}
	OnnxConst *c = ir_arena_alloc(&cv->arena, sizeof *c, 8);
	c->type = ir_type_tensor(cv->ctx, rank, dims, elem, NULL);
	c->dtype = dtype;
	c->n = n;
	c->size = (size_t)n * onnx_elem_size(dtype);
	c->data = c->size ? ir_arena_alloc(&cv->arena, c->size, 8) : NULL;
	return c;
}

/* Little-endian load of n bytes at p. */
static uint64_t
le(const uint8_t *p, unsigned n)
{
	uint64_t v = 0;
	for (unsigned i = 0; i < n; i++)
		v |= (uint64_t)p[i] << (8 * i);
	return v;
}

int64_t
onnx_const_int(const OnnxConst *c, int64_t i)
{
	const uint8_t *p = c->data + (size_t)i * onnx_elem_size(c->dtype);
	switch (c->dtype) {
	case ONNX_UINT8: case ONNX_BOOL: return p[0];
	case ONNX_INT8: return (int8_t)p[0];
	case ONNX_UINT16: return (uint16_t)le(p, 2);
	case ONNX_INT16: return (int16_t)le(p, 2);
	case ONNX_INT32: return (int32_t)le(p, 4);
	case ONNX_UINT32: return (uint32_t)le(p, 4);
	case ONNX_INT64: case ONNX_UINT64: return (int64_t)le(p, 8);
	default: return (int64_t)onnx_const_f(c, i);
	}
}

double
onnx_const_f(const OnnxConst *c, int64_t i)
{
	const uint8_t *p = c->data + (size_t)i * onnx_elem_size(c->dtype);
	uint32_t u32;
	uint64_t u64;
	float f;
	double d;
	switch (c->dtype) {
	case ONNX_FLOAT:
		u32 = (uint32_t)le(p, 4);
		memcpy(&f, &u32, 4);
		return f;
	case ONNX_DOUBLE:
		u64 = le(p, 8);
		memcpy(&d, &u64, 8);
		return d;
	case ONNX_BFLOAT16:
		u32 = (uint32_t)le(p, 2) << 16;
		memcpy(&f, &u32, 4);
		return f;
	case ONNX_FLOAT16:
		return ir_f16_to_f32((uint16_t)le(p, 2));
	default:
		return (double)onnx_const_int(c, i);
	}
}

static void
st_le(uint8_t *p, uint64_t v, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

void
onnx_const_set(OnnxConst *c, int64_t i, double v)
{
	uint8_t *p = (uint8_t *)c->data + (size_t)i *
	    onnx_elem_size(c->dtype);
	float f = (float)v;
	uint32_t u32;
	uint64_t u64;
	switch (c->dtype) {
	case ONNX_FLOAT:
		memcpy(&u32, &f, 4);
		st_le(p, u32, 4);
		return;
	case ONNX_DOUBLE:
		memcpy(&u64, &v, 8);
		st_le(p, u64, 8);
		return;
	case ONNX_FLOAT16:
		st_le(p, ir_f16_from_f32(f), 2);
		return;
	case ONNX_BFLOAT16:
		memcpy(&u32, &f, 4);
		st_le(p, u32 >> 16, 2);
		return;
	case ONNX_BOOL:
		p[0] = v != 0;
		return;
	default:
		if (v != v)
			v = 0;
		if (v > 9.2e18)
			v = 9.2e18;
		if (v < -9.2e18)
			v = -9.2e18;
		st_le(p, (uint64_t)(int64_t)v, (unsigned)onnx_elem_size(
		    c->dtype));
		return;
	}
}

/* Reads the typed repeated field of t into c (packed or not). */
static bool
typed_read(OnnxCv *cv, const OnnxTensor *t, OnnxConst *c)
{
	uint32_t num;
	switch (t->dtype) {
	case ONNX_FLOAT: num = 4; break;
	case ONNX_DOUBLE: num = 10; break;
	case ONNX_INT64: num = 7; break;
	case ONNX_UINT32: case ONNX_UINT64: num = 11; break;
	default: num = 5; break;
	}
	PbReader r = pb_reader(t->msg);
	PbField f;
	int64_t k = 0;
	while (pb_next(&r, &f) > 0) {
		if (f.num != num)
			continue;
		bool packed = f.wire == PB_LEN;
		const uint8_t *p = f.s.p, *e = packed ? f.s.p + f.s.n : NULL;
		do {
			uint64_t v = f.u;
			if (packed && (num == 4 || num == 10)) {
				unsigned w = num == 4 ? 4 : 8;
				if ((size_t)(e - p) < w)
					goto bad;
				v = le(p, w);
				p += w;
			} else if (packed && !pb_varint(&p, e, &v)) {
				goto bad;
			}
			if (k >= c->n)
				goto bad;
			uint8_t *d = (uint8_t *)c->data + (size_t)k *
			    onnx_elem_size(c->dtype);
			st_le(d, v, (unsigned)onnx_elem_size(c->dtype));
			k++;
		} while (packed && p < e);
	}
	if (k == c->n)
		return true;
bad:
	ir_emit_error(cv->ctx, cv->loc, "tensor '%.*s' holds the wrong "
	    "number of elements for its shape", (int)t->name.n,
	    (const char *)t->name.p);
	return false;
}

OnnxConst *
onnx_const_from_tensor(OnnxCv *cv, const OnnxTensor *t)
{
	if (t->external) {
		ir_emit_error(cv->ctx, cv->loc, "tensor '%.*s' keeps its data "
		    "in an external file, which is not supported",
		    (int)t->name.n, (const char *)t->name.p);
		return NULL;
	}
	if (!t->has_raw) {
		/* each typed element takes at least one byte of the message,
		 * so a larger shape cannot be filled: reject before
		 * allocating */
		int64_t n;
		if (!shape_count(cv, t->rank, t->dims, &n))
			return NULL;
		if ((uint64_t)n > t->msg.n) {
			ir_emit_error(cv->ctx, cv->loc, "tensor '%.*s' holds "
			    "fewer elements than its shape needs",
			    (int)t->name.n, (const char *)t->name.p);
			return NULL;
		}
		OnnxConst *c = onnx_const_new(cv, t->dtype, t->rank, t->dims);
		return c && typed_read(cv, t, c) ? c : NULL;
	}
	/* raw_data is little-endian packed: point at the file's bytes. */
	const IrType *elem = onnx_elem_type(cv->ctx, t->dtype);
	int64_t n;
	if (!elem) {
		ir_emit_error(cv->ctx, cv->loc, "tensor '%.*s' has the "
		    "unsupported element type %d", (int)t->name.n,
		    (const char *)t->name.p, (int)t->dtype);
		return NULL;
	}
	if (!shape_count(cv, t->rank, t->dims, &n))
		return NULL;
	size_t es = onnx_elem_size(t->dtype);
	if ((uint64_t)n > t->raw.n / es || (size_t)n * es != t->raw.n) {
		ir_emit_error(cv->ctx, cv->loc, "tensor '%.*s' has %zu bytes "
		    "of data, its shape needs %lld", (int)t->name.n,
		    (const char *)t->name.p, t->raw.n,
		    (long long)((uint64_t)n * es));
		return NULL;
	}
	OnnxConst *c = ir_arena_alloc(&cv->arena, sizeof *c, 8);
	c->type = ir_type_tensor(cv->ctx, t->rank, t->dims, elem, NULL);
	c->dtype = t->dtype;
	c->n = n;
	c->data = t->raw.p;
	c->size = t->raw.n;
	return c;
}

IrValue *
onnx_const_value(OnnxCv *cv, OnnxConst *c)
{
	if (c->mat)
		return c->mat;
	if (c->n == 0) {
		ir_emit_error(cv->ctx, cv->loc, "a constant with a zero-size "
		    "dimension cannot be an operand or result");
		return NULL;
	}
	const IrLoc *loc = c->name.n ? import_loc(cv->f,
	    (const char *)c->name.p, c->name.n) : cv->loc;
	c->mat = import_constant(&cv->b, loc, c->type, c->data, c->size);
	return c->mat;
}

/* ------------------------------------------------------------ the graph */

/* The tensor type of a graph input, with --input-shape applied. */
static const IrType *
input_type(OnnxCv *cv, const OnnxValueInfo *vi)
{
	const IrType *elem = onnx_elem_type(cv->ctx, vi->elem);
	int64_t rank = vi->rank;
	const int64_t *dims = vi->dims;
	if (!elem) {
		import_file_error(cv->f, "input '%.*s' has an unsupported "
		    "element type (%d)", (int)vi->name.n,
		    (const char *)vi->name.p, (int)vi->elem);
		return NULL;
	}
	for (size_t i = 0; cv->opts && i < cv->opts->nshapes; i++) {
		const ImportShape *s = &cv->opts->shapes[i];
		if (!onnx_eq(vi->name, s->name))
			continue;
		if (vi->rank >= 0 && (int64_t)s->rank != vi->rank) {
			import_file_error(cv->f, "--input-shape for '%s' has "
			    "rank %zu, the model says %lld", s->name, s->rank,
			    (long long)vi->rank);
			return NULL;
		}
		rank = (int64_t)s->rank;
		dims = s->dims;
	}
	if (rank < 0) {
		import_file_error(cv->f, "input '%.*s' has no shape; give "
		    "one with --input-shape", (int)vi->name.n,
		    (const char *)vi->name.p);
		return NULL;
	}
	for (int64_t i = 0; i < rank; i++)
		if (dims[i] == 0) {
			import_file_error(cv->f, "input '%.*s' has a "
			    "zero-size dimension", (int)vi->name.n,
			    (const char *)vi->name.p);
			return NULL;
		}
	return ir_type_tensor(cv->ctx, rank, dims, elem, NULL);
}

/* Is name an initializer (old models list them among the inputs)? The
 * table holds every initializer once table_init ran. */
static bool
is_init(OnnxCv *cv, PbSlice name)
{
	OnnxEntry *e = onnx_entry(cv, name, false);
	return e && e->c;
}

static bool
table_init(OnnxCv *cv)
{
	const OnnxGraph *g = &cv->m->graph;
	size_t n = g->ninits + g->ninputs + 16;
	for (size_t i = 0; i < g->nnodes; i++)
		n += g->nodes[i].nout;
	cv->cap = 64;
	while (cv->cap < 2 * n)
		cv->cap *= 2;
	cv->tab = ir_xcalloc(cv->cap, sizeof *cv->tab);
	cv->loc = import_loc(cv->f, "", 0);
	for (size_t i = 0; i < g->ninits; i++) {
		OnnxConst *c = onnx_const_from_tensor(cv, &g->inits[i]);
		if (!c)
			return false;
		c->name = g->inits[i].name;
		onnx_entry(cv, g->inits[i].name, true)->c = c;
	}
	return true;
}

/* The model's real inputs (initializers left out) as "'a', 'b'", for
 * an --input-shape that names none of them. */
static char *
input_names(OnnxCv *cv)
{
	const OnnxGraph *g = &cv->m->graph;
	size_t len = 0, cap = 64;
	char *s = ir_xmalloc(cap);
	s[0] = 0;
	for (size_t i = 0; i < g->ninputs; i++) {
		PbSlice nm = g->inputs[i].name;
		size_t k = 0; /* the table is not built yet: scan */
		while (k < g->ninits && !(g->inits[k].name.n == nm.n &&
		    !memcmp(g->inits[k].name.p, nm.p, nm.n)))
			k++;
		if (k < g->ninits)
			continue;
		while (len + nm.n + 8 > cap)
			s = ir_xrealloc(s, cap *= 2);
		len += (size_t)snprintf(s + len, cap - len, "%s'%.*s'",
		    len ? ", " : "", (int)nm.n, (const char *)nm.p);
	}
	if (!len)
		snprintf(s, cap, "none");
	return s;
}

/* Does every --input-shape name a graph input? */
static bool
shapes_known(OnnxCv *cv)
{
	const OnnxGraph *g = &cv->m->graph;
	for (size_t i = 0; cv->opts && i < cv->opts->nshapes; i++) {
		size_t k = 0;
		while (k < g->ninputs && !onnx_eq(g->inputs[k].name,
		    cv->opts->shapes[i].name))
			k++;
		if (k == g->ninputs) {
			char *names = input_names(cv);
			import_file_error(cv->f, "--input-shape names '%s', "
			    "which is not an input of the model (its inputs: "
			    "%s)", cv->opts->shapes[i].name, names);
			free(names);
			return false;
		}
	}
	return true;
}

/* Creates the module and @main with one argument per real input. */
static IrOp *
begin_main(OnnxCv *cv, IrOp **func)
{
	const OnnxGraph *g = &cv->m->graph;
	const IrType **types = ir_xcalloc(g->ninputs + 1, sizeof *types);
	const OnnxValueInfo **vis = ir_xcalloc(g->ninputs + 1, sizeof *vis);
	size_t n = 0;
	IrOp *module = NULL;
	for (size_t i = 0; i < g->ninputs; i++) {
		if (is_init(cv, g->inputs[i].name))
			continue;
		if (!(types[n] = input_type(cv, &g->inputs[i])))
			goto out;
		vis[n++] = &g->inputs[i];
	}
	module = import_main_begin(cv->ctx, import_loc(cv->f, "", 0), n,
	    types, func);
	/* npu-run's default arithmetic: onnxruntime's MLAS requantizes as
	 * XNNPack does (float32 scale in * w / out, ties to even). */
	ir_op_set_attr(module, "npuir.arith", ir_attr_string(cv->ctx,
	    "xnnpack", 7, NULL));
	IrBlock *body = ir_func_entry(*func);
	for (size_t i = 0; i < n; i++) {
		OnnxEntry *e = onnx_entry(cv, vis[i]->name, true);
		e->c = NULL;
		e->v = body->args[i];
		/* the input's name, as the TFLite importer records it (npu-run
		 * --list-inputs shows it) */
		ir_value_set_loc(e->v, import_loc(cv->f,
		    (const char *)vis[i]->name.p, vis[i]->name.n));
	}
	cv->entry = body;
	ir_builder_init(&cv->b, cv->ctx);
	ir_builder_set_end(&cv->b, body);
out:
	free(types);
	free(vis);
	return module;
}

/* Converts every node; unsupported ones are collected. */
static bool
convert_nodes(OnnxCv *cv)
{
	const OnnxGraph *g = &cv->m->graph;
	bool ok = true;
	for (size_t i = 0; i < g->nnodes && ok; i++) {
		const OnnxNode *nd = &g->nodes[i];
		PbSlice nm = nd->name.n || !nd->nout ? nd->name : nd->out[0];
		cv->nd = nd;
		cv->loc = import_loc(cv->f, nm.n ? (const char *)nm.p : "",
		    nm.n);
		int r = onnx_convert_node(cv);
		ok = r != CV_FAIL;
	}
	return ok;
}

/* The values of the graph outputs, in order. */
static IrValue **
outputs(OnnxCv *cv)
{
	const OnnxGraph *g = &cv->m->graph;
	IrValue **res = ir_xcalloc(g->noutputs + 1, sizeof *res);
	cv->loc = import_loc(cv->f, "", 0);
	for (size_t i = 0; i < g->noutputs; i++) {
		OnnxEntry *e = onnx_entry(cv, g->outputs[i].name, false);
		if (e && e->c)
			res[i] = onnx_const_value(cv, e->c);
		else if (e && e->v)
			res[i] = onnx_output_value(cv, e->v);
		if (!res[i]) {
			if (!e)
				import_file_error(cv->f, "graph output "
				    "'%.*s' is never computed",
				    (int)g->outputs[i].name.n,
				    (const char *)g->outputs[i].name.p);
			free(res);
			return NULL;
		}
	}
	return res;
}

static IrOp *
import_model(OnnxCv *cv)
{
	IrOp *func = NULL, *module;
	if (!shapes_known(cv) || !table_init(cv) ||
	    !(module = begin_main(cv, &func)))
		return NULL;
	bool ok = convert_nodes(cv);
	if (ok && !import_unsupported_report(cv->f, &cv->unsup))
		ok = false;
	IrValue **res = ok ? outputs(cv) : NULL;
	if (!res) {
		ir_op_destroy(module);
		return NULL;
	}
	import_main_finish(func, import_loc(cv->f, "", 0),
	    cv->m->graph.noutputs, res);
	free(res);
	if (!ir_verify(module)) {
		ir_op_destroy(module);
		return NULL;
	}
	return module;
}

IrOp *
onnx_import_file(IrContext *ctx, const ImportFile *f,
    const ImportOptions *opts)
{
	OnnxCv cv = { 0 };
	OnnxModel m;
	char err[256];
	cv.ctx = ctx;
	cv.f = f;
	cv.m = &m;
	cv.opts = opts;
	IrOp *module = NULL;
	if (!onnx_model_read(f->data, f->size, &cv.arena, &m, err,
	    sizeof err))
		import_file_error(f, "%s", err);
	else
		module = import_model(&cv);
	import_unsupported_free(&cv.unsup);
	free(cv.tab);
	free(cv.u8vals);
	ir_arena_free(&cv.arena);
	return module;
}

IrOp *
import_onnx(IrContext *ctx, const char *path, const ImportOptions *opts)
{
	return import_path(ctx, path, opts, onnx_import_file);
}
