/* import/onnx/model.c: walks ModelProto, GraphProto, NodeProto,
 * AttributeProto, TensorProto and ValueInfoProto in the mapped file;
 * arrays are counted first, then filled, so allocation is bounded by the
 * file size. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "import/onnx/model.h"

/* Where errors go while one model is read. */
typedef struct Rd {
	IrArena *arena;
	char *err;
	size_t errlen;
} Rd;

static bool IR_PRINTF(3, 4)
rd_fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return false;
}

bool
onnx_eq(PbSlice s, const char *c)
{
	size_t n = strlen(c);
	return s.n == n && (n == 0 || !memcmp(s.p, c, n));
}

/* Counts the fields numbered num (any wire type) in msg; -1 when
 * malformed. */
static int64_t
count_field(PbSlice msg, uint32_t num, char *err, size_t errlen)
{
	PbReader r = pb_reader(msg);
	PbField f;
	int64_t n = 0;
	int k;
	while ((k = pb_next(&r, &f)) > 0)
		n += f.num == num;
	if (k < 0) {
		rd_fail(err, errlen, "%s", r.error);
		return -1;
	}
	return n;
}

/* Allocates n zeroed entries of size sz. */
static void *
rd_array(Rd *rd, int64_t n, size_t sz)
{
	return n > 0 ? ir_arena_alloc(rd->arena, (size_t)n * sz, 8) : NULL;
}

/* -------------------------------------------------------------- tensors */

bool
onnx_tensor_read(PbSlice msg, OnnxTensor *t, char *err, size_t errlen)
{
	PbReader r = pb_reader(msg);
	PbField f;
	int k;
	memset(t, 0, sizeof *t);
	t->msg = msg;
	while ((k = pb_next(&r, &f)) > 0) {
		switch (f.num) {
		case 1: /* dims: one varint or packed */
			if (f.wire == PB_VARINT) {
				if (t->rank >= ONNX_MAX_RANK)
					return rd_fail(err, errlen, "tensor "
					    "rank exceeds %d", ONNX_MAX_RANK);
				t->dims[t->rank++] = (int64_t)f.u;
			} else if (f.wire == PB_LEN) {
				const uint8_t *p = f.s.p, *e = f.s.p + f.s.n;
				uint64_t v;
				while (p < e) {
					if (!pb_varint(&p, e, &v))
						return rd_fail(err, errlen,
						    "malformed tensor dims");
					if (t->rank >= ONNX_MAX_RANK)
						return rd_fail(err, errlen,
						    "tensor rank exceeds %d",
						    ONNX_MAX_RANK);
					t->dims[t->rank++] = (int64_t)v;
				}
			}
			break;
		case 2:
			t->dtype = (int32_t)f.u;
			break;
		case 8:
			t->name = f.s;
			break;
		case 9:
			t->raw = f.s;
			t->has_raw = true;
			break;
		case 13:
			t->external = true;
			break;
		case 14:
			t->external |= f.u == 1;
			break;
		default:
			break;
		}
	}
	if (k < 0)
		return rd_fail(err, errlen, "malformed tensor: %s", r.error);
	for (int64_t i = 0; i < t->rank; i++)
		if (t->dims[i] < 0)
			return rd_fail(err, errlen, "tensor '%.*s' has a "
			    "negative dimension", (int)t->name.n,
			    (const char *)t->name.p);
	return true;
}

/* -------------------------------------------------------------- attributes */

static bool
attr_read(Rd *rd, PbSlice msg, OnnxAttr *a)
{
	PbReader r = pb_reader(msg);
	PbField f;
	int k;
	float fl;
	uint32_t bits;
	a->msg = msg;
	while ((k = pb_next(&r, &f)) > 0) {
		switch (f.num) {
		case 1:
			a->name = f.s;
			break;
		case 20:
			a->type = (int32_t)f.u;
			break;
		case 2:
			bits = (uint32_t)f.u;
			memcpy(&fl, &bits, 4);
			a->f = fl;
			if (!a->type)
				a->type = ONNX_ATTR_FLOAT;
			break;
		case 3:
			a->i = (int64_t)f.u;
			if (!a->type)
				a->type = ONNX_ATTR_INT;
			break;
		case 4:
			a->s = f.s;
			break;
		case 5:
			if (f.wire != PB_LEN || !onnx_tensor_read(f.s, &a->t,
			    rd->err, rd->errlen))
				return f.wire == PB_LEN ? false :
				    rd_fail(rd->err, rd->errlen,
				    "malformed attribute tensor");
			a->has_t = true;
			break;
		default:
			break;
		}
	}
	if (k < 0)
		return rd_fail(rd->err, rd->errlen, "malformed attribute: %s",
		    r.error);
	a->nints = onnx_attr_ints(a, NULL, 0);
	a->nfloats = onnx_attr_floats(a, NULL, 0);
	if (a->nints < 0 || a->nfloats < 0)
		return rd_fail(rd->err, rd->errlen, "malformed attribute "
		    "'%.*s'", (int)a->name.n, (const char *)a->name.p);
	return true;
}

int64_t
onnx_attr_ints(const OnnxAttr *a, int64_t *out, int64_t max)
{
	PbReader r = pb_reader(a->msg);
	PbField f;
	int64_t n = 0;
	int k;
	while ((k = pb_next(&r, &f)) > 0) {
		if (f.num != 8)
			continue;
		if (f.wire == PB_VARINT) {
			if (n < max)
				out[n] = (int64_t)f.u;
			n++;
		} else if (f.wire == PB_LEN) {
			const uint8_t *p = f.s.p, *e = f.s.p + f.s.n;
			uint64_t v;
			while (p < e) {
				if (!pb_varint(&p, e, &v))
					return -1;
				if (n < max)
					out[n] = (int64_t)v;
				n++;
			}
		} else {
			return -1;
		}
	}
	return k < 0 ? -1 : n;
}

int64_t
onnx_attr_floats(const OnnxAttr *a, double *out, int64_t max)
{
	PbReader r = pb_reader(a->msg);
	PbField f;
	int64_t n = 0;
	int k;
	float fl;
	uint32_t bits;
	while ((k = pb_next(&r, &f)) > 0) {
		if (f.num != 7)
			continue;
		if (f.wire == PB_I32) {
			bits = (uint32_t)f.u;
			memcpy(&fl, &bits, 4);
			if (n < max)
				out[n] = fl;
			n++;
		} else if (f.wire == PB_LEN) {
			if (f.s.n % 4)
				return -1;
			for (size_t i = 0; i < f.s.n; i += 4) {
				bits = (uint32_t)f.s.p[i] |
				    (uint32_t)f.s.p[i + 1] << 8 |
				    (uint32_t)f.s.p[i + 2] << 16 |
				    (uint32_t)f.s.p[i + 3] << 24;
				memcpy(&fl, &bits, 4);
				if (n < max)
					out[n] = fl;
				n++;
			}
		} else {
			return -1;
		}
	}
	return k < 0 ? -1 : n;
}

/* -------------------------------------------------------------- nodes */

/* Fills the repeated string field num of msg into *out / *n. */
static bool
strings_read(Rd *rd, PbSlice msg, uint32_t num, PbSlice **out, size_t *n)
{
	int64_t c = count_field(msg, num, rd->err, rd->errlen);
	if (c < 0)
		return false;
	*out = rd_array(rd, c, sizeof **out);
	*n = 0;
	PbReader r = pb_reader(msg);
	PbField f;
	while (pb_next(&r, &f) > 0) {
		if (f.num != num)
			continue;
		if (f.wire != PB_LEN)
			return rd_fail(rd->err, rd->errlen, "a node's input or "
			    "output name is not a string");
		(*out)[(*n)++] = f.s;
	}
	return true;
}

static bool
node_read(Rd *rd, PbSlice msg, OnnxNode *nd)
{
	if (!strings_read(rd, msg, 1, &nd->in, &nd->nin) ||
	    !strings_read(rd, msg, 2, &nd->out, &nd->nout))
		return false;
	int64_t na = count_field(msg, 5, rd->err, rd->errlen);
	if (na < 0)
		return false;
	nd->attrs = rd_array(rd, na, sizeof *nd->attrs);
	PbReader r = pb_reader(msg);
	PbField f;
	while (pb_next(&r, &f) > 0) {
		if (f.wire != PB_LEN && (f.num == 3 || f.num == 4 ||
		    f.num == 5 || f.num == 7))
			return rd_fail(rd->err, rd->errlen, "malformed node "
			    "(field %u has the wrong wire type)", f.num);
		if (f.num == 3)
			nd->name = f.s;
		else if (f.num == 4)
			nd->op_type = f.s;
		else if (f.num == 7)
			nd->domain = f.s;
		else if (f.num == 5 &&
		    !attr_read(rd, f.s, &nd->attrs[nd->nattrs++]))
			return false;
	}
	if (!nd->op_type.n)
		return rd_fail(rd->err, rd->errlen, "a node has no op_type");
	return true;
}

/* -------------------------------------------------------------- value infos */

/* TensorShapeProto.Dimension: dim_value (1) or dim_param (2). */
static bool
dim_read(Rd *rd, PbSlice msg, int64_t *d)
{
	PbReader r = pb_reader(msg);
	PbField f;
	int k;
	*d = IR_DYNAMIC;
	while ((k = pb_next(&r, &f)) > 0)
		if (f.num == 1 && f.wire == PB_VARINT)
			*d = (int64_t)f.u;
	if (k < 0)
		return rd_fail(rd->err, rd->errlen, "malformed dimension: %s",
		    r.error);
	if (*d != IR_DYNAMIC && *d < 0)
		return rd_fail(rd->err, rd->errlen, "negative dimension %lld",
		    (long long)*d);
	return true;
}

/* TypeProto.Tensor: elem_type (1), shape (2) of dims (1). */
static bool
tensor_type_read(Rd *rd, PbSlice msg, OnnxValueInfo *v)
{
	PbReader r = pb_reader(msg);
	PbField f;
	while (pb_next(&r, &f) > 0) {
		if (f.num == 1 && f.wire == PB_VARINT)
			v->elem = (int32_t)f.u;
		if (f.num != 2 || f.wire != PB_LEN)
			continue;
		v->rank = 0;
		PbReader s = pb_reader(f.s);
		PbField g;
		int k;
		while ((k = pb_next(&s, &g)) > 0) {
			if (g.num != 1 || g.wire != PB_LEN)
				continue;
			if (v->rank >= ONNX_MAX_RANK)
				return rd_fail(rd->err, rd->errlen, "rank "
				    "exceeds %d", ONNX_MAX_RANK);
			if (!dim_read(rd, g.s, &v->dims[v->rank++]))
				return false;
		}
		if (k < 0)
			return rd_fail(rd->err, rd->errlen, "malformed shape: "
			    "%s", s.error);
	}
	return r.error ? rd_fail(rd->err, rd->errlen, "malformed tensor "
	    "type: %s", r.error) : true;
}

static bool
value_info_read(Rd *rd, PbSlice msg, OnnxValueInfo *v)
{
	PbReader r = pb_reader(msg);
	PbField f;
	v->rank = -1;
	while (pb_next(&r, &f) > 0) {
		if (f.num == 1 && f.wire == PB_LEN)
			v->name = f.s;
		if (f.num != 2 || f.wire != PB_LEN)
			continue;
		PbReader t = pb_reader(f.s);
		PbField g;
		while (pb_next(&t, &g) > 0)
			if (g.num == 1 && g.wire == PB_LEN &&
			    !tensor_type_read(rd, g.s, v))
				return false;
		if (t.error)
			return rd_fail(rd->err, rd->errlen, "malformed type: "
			    "%s", t.error);
	}
	return r.error ? rd_fail(rd->err, rd->errlen, "malformed value "
	    "info: %s", r.error) : true;
}

/* -------------------------------------------------------------- graph */

static bool
graph_read(Rd *rd, PbSlice msg, OnnxGraph *g)
{
	int64_t c[4];
	static const uint32_t nums[4] = { 1, 5, 11, 12 };
	for (int i = 0; i < 4; i++)
		if ((c[i] = count_field(msg, nums[i], rd->err,
		    rd->errlen)) < 0)
			return false;
	g->nodes = rd_array(rd, c[0], sizeof *g->nodes);
	g->inits = rd_array(rd, c[1], sizeof *g->inits);
	g->inputs = rd_array(rd, c[2], sizeof *g->inputs);
	g->outputs = rd_array(rd, c[3], sizeof *g->outputs);
	PbReader r = pb_reader(msg);
	PbField f;
	while (pb_next(&r, &f) > 0) {
		bool ok = true;
		if (f.wire != PB_LEN)
			continue;
		switch (f.num) {
		case 1:
			ok = node_read(rd, f.s, &g->nodes[g->nnodes++]);
			break;
		case 5:
			ok = onnx_tensor_read(f.s, &g->inits[g->ninits++],
			    rd->err, rd->errlen);
			break;
		case 11:
			ok = value_info_read(rd, f.s,
			    &g->inputs[g->ninputs++]);
			break;
		case 12:
			ok = value_info_read(rd, f.s,
			    &g->outputs[g->noutputs++]);
			break;
		default:
			break;
		}
		if (!ok)
			return false;
	}
	return true;
}

/* OperatorSetIdProto: domain (1), version (2). */
static void
opset_read(PbSlice msg, OnnxModel *m)
{
	PbReader r = pb_reader(msg);
	PbField f;
	PbSlice domain = { NULL, 0 };
	int64_t version = 0;
	while (pb_next(&r, &f) > 0) {
		if (f.num == 1 && f.wire == PB_LEN)
			domain = f.s;
		if (f.num == 2 && f.wire == PB_VARINT)
			version = (int64_t)f.u;
	}
	if (domain.n == 0 || onnx_eq(domain, "ai.onnx"))
		m->opset = version;
}

bool
onnx_model_read(const uint8_t *data, size_t size, IrArena *arena,
    OnnxModel *m, char *err, size_t errlen)
{
	Rd rd = { arena, err, errlen };
	PbSlice all = { data, size };
	PbReader r = pb_reader(all);
	PbField f;
	PbSlice graph = { NULL, 0 };
	bool has_graph = false;
	int k;
	memset(m, 0, sizeof *m);
	while ((k = pb_next(&r, &f)) > 0) {
		if (f.num == 1 && f.wire == PB_VARINT)
			m->ir_version = (int64_t)f.u;
		else if (f.num == 7 && f.wire == PB_LEN) {
			graph = f.s;
			has_graph = true;
		} else if (f.num == 8 && f.wire == PB_LEN)
			opset_read(f.s, m);
	}
	if (k < 0)
		return rd_fail(err, errlen, "not an ONNX model (%s)", r.error);
	if (m->ir_version < 3 || m->ir_version > 10)
		return rd_fail(err, errlen, "not an ONNX model or unsupported "
		    "IR version %lld (3 to 10 are read)",
		    (long long)m->ir_version);
	if (!has_graph)
		return rd_fail(err, errlen, "the model has no graph");
	if (m->opset == 0)
		m->opset = 1;
	return graph_read(&rd, graph, &m->graph);
}
