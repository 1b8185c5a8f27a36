/* import/tflite/fbb.c: a flatbuffer builder. Objects are written back to
 * front, children before their parents, as flatbuffers are meant to be
 * built: every reference points forward in the finished buffer. A
 * reference (FbRef) is an object's distance from the end of the buffer,
 * which does not change as the buffer grows at the front. Layout facts
 * (the same the reader in fb.c checks): root uoffset at 0, file
 * identifier at 4; a table starts with an soffset to its vtable (u16
 * vtable bytes, u16 table bytes, u16 field offsets); vectors are a u32
 * count then the elements; strings add a NUL.
 *
 * The large byte vectors of a model (weights, the command stream and
 * its flash blob) can be referenced instead of copied (fbb_bytes_ref):
 * buf then holds only the builder's own bytes, positions and alignment
 * still count the referenced ones, and the finished buffer is put
 * together, or written to a file, piece by piece. So a model's blobs
 * exist once in memory while it is written, not three times (the IR,
 * a growing copy, the doubled buffer). */
#include <stdlib.h>
#include <string.h>

#include "import/tflite/write.h"

void
fbb_init(FbBuilder *b)
{
	memset(b, 0, sizeof(*b));
	b->minalign = 1;
}

void
fbb_free(FbBuilder *b)
{
	free(b->buf);
	free(b->ex);
	free(b->vtables);
	memset(b, 0, sizeof(*b));
}

/* Bytes in buf. */
static size_t
phys(const FbBuilder *b)
{
	return b->cap - b->head;
}

/* Bytes of the buffer so far, referenced data included: what offsets
 * and alignment are computed from. */
static size_t
used(const FbBuilder *b)
{
	return phys(b) + b->ext;
}

/* Makes room for n more bytes at the front. */
static void
grow(FbBuilder *b, size_t n)
{
	if (b->head >= n)
		return;
	size_t len = phys(b), cap = b->cap ? b->cap : 256;
	while (cap - len < n)
		cap *= 2;
	uint8_t *nb = ir_xmalloc(cap);
	if (len)
		memcpy(nb + cap - len, b->buf + b->head, len);
	free(b->buf);
	b->buf = nb;
	b->head = cap - len;
	b->cap = cap;
}

static void
push(FbBuilder *b, const void *p, size_t n)
{
	if (!n)
		return; /* an empty buffer has no pointer to add 0 to */
	grow(b, n);
	b->head -= n;
	memcpy(b->buf + b->head, p, n);
}

static void
pad(FbBuilder *b, size_t n)
{
	if (!n)
		return;
	grow(b, n);
	b->head -= n;
	memset(b->buf + b->head, 0, n);
}

/* Pads so that after `extra` more bytes the size is a multiple of
 * align (a power of two). */
static void
prep(FbBuilder *b, size_t align, size_t extra)
{
	if (align > b->minalign)
		b->minalign = align;
	pad(b, (0 - (used(b) + extra)) & (align - 1));
}

static void
push_le(FbBuilder *b, uint64_t v, size_t n)
{
	uint8_t t[8];
	for (size_t i = 0; i < n; i++)
		t[i] = (uint8_t)(v >> (8 * i));
	push(b, t, n);
}

/* A uoffset to ref, stored at the front. */
static void
push_ref(FbBuilder *b, FbRef ref)
{
	prep(b, 4, 0);
	push_le(b, (uint32_t)(used(b) + 4 - ref), 4);
}

FbRef
fbb_bytes(FbBuilder *b, const void *data, size_t n, size_t align)
{
	prep(b, 4, n);
	prep(b, align, n);
	push(b, data, n);
	push_le(b, (uint32_t)n, 4);
	return (FbRef)used(b);
}

FbRef
fbb_bytes_ref(FbBuilder *b, const void *data, size_t n, size_t align)
{
	prep(b, 4, n);
	prep(b, align, n);
	if (n) {
		if (b->nex == b->excap) {
			b->excap = b->excap ? 2 * b->excap : 16;
			b->ex = ir_xrealloc(b->ex, b->excap * sizeof(*b->ex));
		}
		b->ex[b->nex++] = (FbExtern){ data, n, phys(b) };
		b->ext += n;
	}
	push_le(b, (uint32_t)n, 4);
	return (FbRef)used(b);
}

FbRef
fbb_string(FbBuilder *b, const char *s, size_t n)
{
	prep(b, 4, n + 1);
	pad(b, 1);
	push(b, s, n);
	push_le(b, (uint32_t)n, 4);
	return (FbRef)used(b);
}

FbRef
fbb_ints(FbBuilder *b, const int64_t *v, size_t n, size_t size)
{
	prep(b, 4, n * size);
	prep(b, size, n * size);
	for (size_t i = n; i-- > 0;)
		push_le(b, (uint64_t)v[i], size);
	push_le(b, (uint32_t)n, 4);
	return (FbRef)used(b);
}

FbRef
fbb_refs(FbBuilder *b, const FbRef *v, size_t n)
{
	prep(b, 4, n * 4);
	for (size_t i = n; i-- > 0;)
		push_ref(b, v[i]);
	push_le(b, (uint32_t)n, 4);
	return (FbRef)used(b);
}

void
fbb_table_start(FbBuilder *b)
{
	b->nfields = 0;
	b->table_start = used(b);
}

static void
note_field(FbBuilder *b, unsigned i)
{
	if (i >= FBB_MAX_FIELDS)
		ir_unreachable("flatbuffer table field beyond FBB_MAX_FIELDS");
	while (b->nfields <= i)
		b->fields[b->nfields++] = 0;
	b->fields[i] = (uint32_t)used(b);
}

void
fbb_field_int(FbBuilder *b, unsigned i, uint64_t v, size_t size)
{
	prep(b, size, 0);
	push_le(b, v, size);
	note_field(b, i);
}

void
fbb_field_f32(FbBuilder *b, unsigned i, float v)
{
	uint32_t u;
	memcpy(&u, &v, 4);
	fbb_field_int(b, i, u, 4);
}

void
fbb_field_ref(FbBuilder *b, unsigned i, FbRef ref)
{
	push_ref(b, ref);
	note_field(b, i);
}

/* Is the vtable `at` bytes from the end of buf equal to vt[0..n)? Its
 * first u16 is its size: only one of the same size is compared (a
 * shorter one may end the buffer). */
static bool
same_vtable(const FbBuilder *b, size_t at, const uint16_t *vt, size_t n)
{
	const uint8_t *p = b->buf + b->cap - at;
	return !memcmp(p, vt, 2) && !memcmp(p, vt, n * 2);
}

FbRef
fbb_table_end(FbBuilder *b)
{
	prep(b, 4, 0);
	push_le(b, 0, 4); /* the soffset, patched below */
	FbRef obj = (FbRef)used(b);
	size_t objphys = phys(b);
	uint16_t vt[2 + FBB_MAX_FIELDS];
	size_t n = b->nfields;
	while (n && !b->fields[n - 1])
		n--;
	vt[0] = (uint16_t)(4 + 2 * n);
	vt[1] = (uint16_t)(obj - b->table_start);
	for (size_t i = 0; i < n; i++)
		vt[2 + i] = b->fields[i] ? (uint16_t)(obj - b->fields[i]) : 0;
	/* Little-endian u16s, as the host may not be. */
	uint16_t le[2 + FBB_MAX_FIELDS];
	for (size_t i = 0; i < n + 2; i++) {
		uint8_t *p = (uint8_t *)&le[i];
		p[0] = (uint8_t)vt[i];
		p[1] = (uint8_t)(vt[i] >> 8);
	}
	/* Tables of one shape share one vtable. */
	FbRef vtref = 0;
	for (size_t k = 0; k < b->nvtables && !vtref; k++)
		if (same_vtable(b, b->vtables[k].phys, le, n + 2))
			vtref = b->vtables[k].ref;
	if (!vtref) {
		push(b, le, (n + 2) * 2);
		vtref = (FbRef)used(b);
		if (b->nvtables == b->vtcap) {
			b->vtcap = b->vtcap ? 2 * b->vtcap : 16;
			b->vtables = ir_xrealloc(b->vtables,
			    b->vtcap * sizeof(*b->vtables));
		}
		b->vtables[b->nvtables++] = (FbVtable){ vtref, phys(b) };
	}
	/* soffset = table position - vtable position. */
	int32_t so = (int32_t)((int64_t)vtref - (int64_t)obj);
	uint8_t *p = b->buf + b->cap - objphys;
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)((uint32_t)so >> (8 * i));
	b->nfields = 0;
	return obj;
}

size_t
fbb_close(FbBuilder *b, FbRef root, const char ident[4])
{
	prep(b, b->minalign, 8);
	push(b, ident, 4);
	push_ref(b, root);
	return used(b);
}

/* Receives the finished buffer's pieces in order. */
typedef bool (*FbSink)(void *user, const void *p, size_t n);

/* The closed buffer, front to back: the own bytes between referenced
 * data, and the data (the last added lies first). */
static bool
each_piece(const FbBuilder *b, FbSink sink, void *user)
{
	const uint8_t *own = b->buf + b->head;
	size_t n = phys(b), at = 0;
	for (size_t i = b->nex; i-- > 0;) {
		size_t pos = n - b->ex[i].phys;
		if (!sink(user, own + at, pos - at) ||
		    !sink(user, b->ex[i].data, b->ex[i].n))
			return false;
		at = pos;
	}
	return sink(user, own + at, n - at);
}

static bool
to_file(void *user, const void *p, size_t n)
{
	return !n || fwrite(p, 1, n, user) == n;
}

bool
fbb_write(const FbBuilder *b, FILE *f)
{
	return each_piece(b, to_file, f);
}

static bool
to_memory(void *user, const void *p, size_t n)
{
	uint8_t **at = user;
	if (n)
		memcpy(*at, p, n);
	*at += n;
	return true;
}

uint8_t *
fbb_finish(FbBuilder *b, FbRef root, const char ident[4], size_t *len)
{
	*len = fbb_close(b, root, ident);
	if (b->nex) {
		/* one buffer of the final size, each piece copied once */
		uint8_t *out = ir_xmalloc(*len), *at = out;
		each_piece(b, to_memory, &at);
		return out;
	}
	/* The builder's own storage, moved to its front and handed over:
	 * no second copy of a model-sized buffer at the end. */
	uint8_t *out = b->buf;
	memmove(out, out + b->head, *len);
	b->buf = NULL;
	b->cap = b->head = 0;
	return ir_xrealloc(out, *len ? *len : 1);
}
