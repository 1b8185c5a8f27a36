/* import/tflite/fb.c: a zero-copy flatbuffer reader in which every read is
 * checked against the file's bounds (tables, vtables, vectors, strings).
 * Layout facts: the root is a uoffset at 0, the file identifier is bytes
 * 4..8; a table starts with an soffset back to its vtable (u16 vtable
 * size, u16 table size, u16 field offsets); offsets to tables, vectors and
 * strings are unsigned and relative to where they are stored. */
#include <string.h>

#include "import/tflite/tflite.h"

bool
fb_table_at(const ImportFile *f, uint32_t pos, FbTable *out)
{
	uint32_t so;
	memset(out, 0, sizeof(*out));
	if (pos == 0 || !import_read_u32(f, pos, &so)) {
		import_file_error(f, "table offset %u is outside the file "
		    "(%zu bytes)", pos, f->size);
		return false;
	}
	int64_t vt = (int64_t)pos - (int32_t)so;
	uint16_t vs, ts;
	if (vt < 0 || !import_read_u16(f, (uint64_t)vt, &vs) ||
	    !import_read_u16(f, (uint64_t)vt + 2, &ts) || vs < 4 || vs & 1 ||
	    !import_in_bounds(f, (uint64_t)vt, vs) ||
	    !import_in_bounds(f, pos, ts < 4 ? 4 : ts)) {
		import_file_error(f, "table at offset %u has a bad vtable",
		    pos);
		return false;
	}
	out->f = f;
	out->pos = pos;
	out->vt = (uint32_t)vt;
	out->vtsize = vs;
	out->tsize = ts;
	return true;
}

bool
fb_root(const ImportFile *f, const char *ident, FbTable *out)
{
	uint32_t root;
	if (f->size < 8 || !import_read_u32(f, 0, &root)) {
		import_file_error(f, "file too short (%zu bytes) for a "
		    "flatbuffer", f->size);
		return false;
	}
	if (memcmp(f->data + 4, ident, 4) != 0) {
		import_file_error(f, "wrong magic: expected file identifier "
		    "'%s', found '%.4s'", ident, (const char *)f->data + 4);
		return false;
	}
	return fb_table_at(f, root, out);
}

uint32_t
fb_field(const FbTable *t, unsigned i)
{
	uint16_t off;
	if (!t->pos || 4 + 2 * i + 2 > t->vtsize ||
	    !import_read_u16(t->f, t->vt + 4 + 2 * i, &off) || off == 0 ||
	    off >= t->tsize)
		return 0;
	return t->pos + off;
}

static bool
field_bad(const FbTable *t, unsigned i)
{
	import_file_error(t->f, "field %u of the table at offset %u is "
	    "outside the file", i, t->pos);
	return false;
}

bool
fb_u8(const FbTable *t, unsigned i, uint8_t def, uint8_t *out)
{
	uint32_t p = fb_field(t, i);
	*out = def;
	return !p || import_read_u8(t->f, p, out) || field_bad(t, i);
}

bool
fb_u32(const FbTable *t, unsigned i, uint32_t def, uint32_t *out)
{
	uint32_t p = fb_field(t, i);
	*out = def;
	return !p || import_read_u32(t->f, p, out) || field_bad(t, i);
}

bool
fb_i32(const FbTable *t, unsigned i, int32_t def, int32_t *out)
{
	uint32_t v = (uint32_t)def;
	bool ok = fb_u32(t, i, v, &v);
	*out = (int32_t)v;
	return ok;
}

bool
fb_f32(const FbTable *t, unsigned i, float def, float *out)
{
	uint32_t v;
	memcpy(&v, &def, 4);
	bool ok = fb_u32(t, i, v, &v);
	memcpy(out, &v, 4);
	return ok;
}

/* Follows the uoffset stored at field i; 0 when absent. */
static bool
deref(const FbTable *t, unsigned i, uint32_t *target)
{
	uint32_t p = fb_field(t, i), off;
	*target = 0;
	if (!p)
		return true;
	if (!import_read_u32(t->f, p, &off) ||
	    !import_in_bounds(t->f, (uint64_t)p + off, 4) || off == 0)
		return field_bad(t, i);
	*target = p + off;
	return true;
}

bool
fb_sub(const FbTable *t, unsigned i, FbTable *out)
{
	uint32_t pos;
	memset(out, 0, sizeof(*out));
	if (!deref(t, i, &pos))
		return false;
	return !pos || fb_table_at(t->f, pos, out);
}

bool
fb_vec(const FbTable *t, unsigned i, uint32_t esize, FbVec *out)
{
	uint32_t pos, n;
	out->n = 0;
	out->pos = 0;
	if (!deref(t, i, &pos))
		return false;
	if (!pos)
		return true;
	if (!import_read_u32(t->f, pos, &n) ||
	    !import_in_bounds(t->f, (uint64_t)pos + 4, (uint64_t)n * esize)) {
		import_file_error(t->f, "vector at offset %u (%u elements) "
		    "runs past the end of the file", pos, n);
		return false;
	}
	out->n = n;
	out->pos = pos + 4;
	return true;
}

bool
fb_vec_table(const ImportFile *f, const FbVec *v, uint32_t k, FbTable *out)
{
	uint32_t p = v->pos + 4 * k, off;
	if (k >= v->n || !import_read_u32(f, p, &off) || off == 0 ||
	    (uint64_t)p + off > UINT32_MAX) {
		import_file_error(f, "bad table offset in the vector at %u",
		    v->pos);
		return false;
	}
	return fb_table_at(f, p + off, out);
}

bool
fb_str(const FbTable *t, unsigned i, const char **s, uint32_t *len)
{
	FbVec v;
	*s = "";
	*len = 0;
	if (!fb_vec(t, i, 1, &v))
		return false;
	if (v.pos) {
		*s = (const char *)t->f->data + v.pos;
		*len = v.n;
	}
	return true;
}

int32_t
fb_vec_i32(const ImportFile *f, const FbVec *v, uint32_t k)
{
	uint32_t x = 0;
	import_read_u32(f, v->pos + 4 * (uint64_t)k, &x);
	return (int32_t)x;
}

int64_t
fb_vec_i64(const ImportFile *f, const FbVec *v, uint32_t k)
{
	uint64_t x = 0;
	import_read_u64(f, v->pos + 8 * (uint64_t)k, &x);
	return (int64_t)x;
}

float
fb_vec_f32(const ImportFile *f, const FbVec *v, uint32_t k)
{
	uint32_t x = 0;
	float r;
	import_read_u32(f, v->pos + 4 * (uint64_t)k, &x);
	memcpy(&r, &x, 4);
	return r;
}
