/* targets/ethos_u/decode.c: `npu-translate --decode=ethos-u`: finds the
 * command streams of a file (a raw stream, a COP1 payload, or the
 * `ethos-u` custom ops of a .tflite) and lists them. */
#include <stdlib.h>
#include <string.h>

#include "import/tflite/tflite.h"
#include "targets/ethos_u/ethos_u.h"

/* TFLite schema field numbers used here. */
enum { M_OPCODES = 1, M_SUBGRAPHS = 2, M_BUFFERS = 4 };
enum { SG_TENSORS = 0, SG_OPERATORS = 3 };
enum { TS_BUFFER = 2 };
enum { BF_DATA = 0, BF_OFFSET = 1, BF_SIZE = 2 };
enum { OC_CUSTOM = 1 };
enum { OP_OPCODE = 0, OP_INPUTS = 1 };

/* The bytes of tensor `t` of a subgraph; *n = 0 when it has none. */
static bool
tensor_bytes(const ImportFile *f, const FbVec *tensors, const FbVec *bufs,
    int32_t t, const uint8_t **p, size_t *n)
{
	FbTable tt, bt;
	FbVec data;
	uint32_t bi;
	*p = NULL;
	*n = 0;
	if (t < 0 || (uint32_t)t >= tensors->n) {
		import_file_error(f, "ethos-u op input tensor %d out of range",
		    t);
		return false;
	}
	if (!fb_vec_table(f, tensors, (uint32_t)t, &tt) ||
	    !fb_u32(&tt, TS_BUFFER, 0, &bi))
		return false;
	if (bi == 0 || bi >= bufs->n)
		return true;
	if (!fb_vec_table(f, bufs, bi, &bt) || !fb_vec(&bt, BF_DATA, 1, &data))
		return false;
	uint64_t off = 0, size = 0;
	uint32_t po = fb_field(&bt, BF_OFFSET), ps = fb_field(&bt, BF_SIZE);
	if (po && ps && (!import_read_u64(f, po, &off) ||
	    !import_read_u64(f, ps, &size)))
		return false;
	if (off > 1) {
		if (!import_in_bounds(f, off, size)) {
			import_file_error(f, "buffer %u lies outside the file",
			    bi);
			return false;
		}
		*p = f->data + off;
		*n = (size_t)size;
	} else {
		*p = f->data + data.pos;
		*n = data.n;
	}
	return true;
}

/* Is operator code `k` the custom code "ethos-u"? */
static bool
is_ethosu_code(const ImportFile *f, const FbVec *codes, uint32_t k,
    bool *yes)
{
	FbTable oc;
	const char *s;
	uint32_t len;
	*yes = false;
	if (k >= codes->n) {
		import_file_error(f, "operator code %u out of range", k);
		return false;
	}
	if (!fb_vec_table(f, codes, k, &oc) || !fb_str(&oc, OC_CUSTOM, &s,
	    &len))
		return false;
	*yes = len == 7 && !memcmp(s, "ethos-u", 7);
	return true;
}

bool
ethosu_tflite_streams(const ImportFile *f, EthosuTfliteStream *out,
    size_t max, size_t *n)
{
	FbTable model, sg, op;
	FbVec codes, sgs, bufs, tensors, ops, ins;
	*n = 0;
	if (!fb_root(f, "TFL3", &model) ||
	    !fb_vec(&model, M_OPCODES, 4, &codes) ||
	    !fb_vec(&model, M_SUBGRAPHS, 4, &sgs) ||
	    !fb_vec(&model, M_BUFFERS, 4, &bufs))
		return false;
	for (uint32_t g = 0; g < sgs.n; g++) {
		if (!fb_vec_table(f, &sgs, g, &sg) ||
		    !fb_vec(&sg, SG_TENSORS, 4, &tensors) ||
		    !fb_vec(&sg, SG_OPERATORS, 4, &ops))
			return false;
		for (uint32_t i = 0; i < ops.n; i++) {
			uint32_t code;
			bool yes;
			if (!fb_vec_table(f, &ops, i, &op) ||
			    !fb_u32(&op, OP_OPCODE, 0, &code) ||
			    !is_ethosu_code(f, &codes, code, &yes) ||
			    !fb_vec(&op, OP_INPUTS, 4, &ins))
				return false;
			if (!yes)
				continue;
			if (ins.n < 1 || *n == max) {
				import_file_error(f, "ethos-u operator %u has "
				    "no command stream input (or too many "
				    "ethos-u operators)", i);
				return false;
			}
			EthosuTfliteStream *s = &out[(*n)++];
			s->subgraph = g;
			s->op = i;
			if (!tensor_bytes(f, &tensors, &bufs,
			    fb_vec_i32(f, &ins, 0), &s->data, &s->size))
				return false;
		}
	}
	if (*n == 0) {
		import_file_error(f, "no ethos-u custom operator in this "
		    "model");
		return false;
	}
	return true;
}

/* Decodes and prints one payload; reports with `where` on error. */
static bool
decode_one(const ImportFile *f, const char *where, const uint8_t *p,
    size_t n, FILE *out)
{
	EthosuPayload pl;
	char err[256];
	if (!ethosu_payload_decode(p, n, &pl, err, sizeof(err))) {
		import_file_error(f, "%s%s", where, err);
		return false;
	}
	/* Re-encoding from the decoded fields must give the input back:
	 * the listing says so, which checks the table on every stream. */
	size_t len;
	uint8_t *again = ethosu_payload_encode(&pl, &len);
	size_t k = 0;
	while (k < len && k < n && again[k] == p[k])
		k++;
	free(again);
	if (k != n || len != n) {
		import_file_error(f, "%sre-encoding differs from the input at "
		    "byte %zu", where, k);
		ethosu_payload_free(&pl);
		return false;
	}
	fprintf(out, "re-encoded from the decoded fields: %zu bytes, "
	    "identical\n", n);
	ethosu_payload_print(out, &pl);
	ethosu_payload_free(&pl);
	return true;
}

bool
ethosu_decode_file(const ImportFile *f, FILE *out)
{
	if (f->size >= 8 && !memcmp(f->data + 4, "TFL3", 4)) {
		EthosuTfliteStream s[64];
		size_t n;
		if (!ethosu_tflite_streams(f, s, 64, &n))
			return false;
		for (size_t i = 0; i < n; i++) {
			char where[96];
			snprintf(where, sizeof(where), "ethos-u operator %u of "
			    "subgraph %u: ", s[i].op, s[i].subgraph);
			fprintf(out, "%s# ethos-u operator %u of subgraph %u: "
			    "%zu-byte command stream tensor\n", i ? "\n" : "",
			    s[i].op, s[i].subgraph, s[i].size);
			if (!decode_one(f, where, s[i].data, s[i].size, out))
				return false;
		}
		return true;
	}
	return decode_one(f, "", f->data, f->size, out);
}
