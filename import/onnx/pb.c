/* import/onnx/pb.c: the protobuf wire-format reader: every read checked
 * against the end of its message. */
#include "import/onnx/pb.h"

PbReader
pb_reader(PbSlice s)
{
	PbReader r = { s.p, s.p + s.n, NULL };
	return r;
}

bool
pb_varint(const uint8_t **p, const uint8_t *end, uint64_t *v)
{
	uint64_t x = 0;
	const uint8_t *q = *p;
	for (unsigned shift = 0; shift < 70; shift += 7) {
		if (q >= end)
			return false;
		uint8_t b = *q++;
		if (shift == 63 && b > 1)
			return false;
		x |= (uint64_t)(b & 0x7f) << shift;
		if (!(b & 0x80)) {
			*p = q;
			*v = x;
			return true;
		}
	}
	return false;
}

static int
fail(PbReader *r, const char *why)
{
	r->error = why;
	r->cur = r->end;
	return -1;
}

/* Reads n little-endian bytes. */
static uint64_t
fixed(const uint8_t *p, unsigned n)
{
	uint64_t v = 0;
	for (unsigned i = 0; i < n; i++)
		v |= (uint64_t)p[i] << (8 * i);
	return v;
}

int
pb_next(PbReader *r, PbField *f)
{
	uint64_t key;
	if (r->cur >= r->end)
		return 0;
	if (!pb_varint(&r->cur, r->end, &key))
		return fail(r, "truncated field key");
	if ((key >> 3) == 0 || (key >> 3) > 0x1fffffff)
		return fail(r, "invalid field number");
	f->num = (uint32_t)(key >> 3);
	f->wire = (unsigned)(key & 7);
	f->u = 0;
	f->s.p = NULL;
	f->s.n = 0;
	size_t left;
	switch (f->wire) {
	case PB_VARINT:
		if (!pb_varint(&r->cur, r->end, &f->u))
			return fail(r, "truncated varint");
		return 1;
	case PB_I64:
	case PB_I32:
		left = (size_t)(r->end - r->cur);
		if (left < (f->wire == PB_I64 ? 8u : 4u))
			return fail(r, "truncated fixed-size field");
		f->u = fixed(r->cur, f->wire == PB_I64 ? 8 : 4);
		r->cur += f->wire == PB_I64 ? 8 : 4;
		return 1;
	case PB_LEN:
		if (!pb_varint(&r->cur, r->end, &f->u))
			return fail(r, "truncated length");
		left = (size_t)(r->end - r->cur);
		if (f->u > left)
			return fail(r, "length runs past the end of its "
			    "message");
		f->s.p = r->cur;
		f->s.n = (size_t)f->u;
		r->cur += f->s.n;
		return 1;
	default:
		return fail(r, "unsupported wire type");
	}
}

int64_t
pb_packed_count(PbSlice s)
{
	const uint8_t *p = s.p, *end = s.p + s.n;
	int64_t n = 0;
	uint64_t v;
	while (p < end) {
		if (!pb_varint(&p, end, &v))
			return -1;
		n++;
	}
	return n;
}
