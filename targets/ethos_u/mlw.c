/* targets/ethos_u/mlw.c: the Ethos-U compressed weight bitstream: a
 * bounds-checked decoder and an encoder that makes Vela 3.10's choices. */
#define _DEFAULT_SOURCE 1 /* madvise */
#include "targets/ethos_u/mlw.h"

#include <assert.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "ir/ir.h"

/* The format, as the hardware's weight decoder reads it. Bits are taken
 * least significant first, fields least significant bit first. A stream
 * is a run of slices, each with a header:
 *   ZDIV 3      zero-run Golomb-Rice divisor 0..3, 6 = no zero runs,
 *               7 = end of stream (then pad to a byte with ones)
 *   SLICELEN 15 weights in the slice minus one
 *   WDIV 3      weight divisor 0..5, 7 = uncompressed
 *   WTRUNC 1    truncated unary (quotients 0..2)
 *   NEWPAL 1    a palette follows:
 *     DIROFS 5, PALSIZE 5 (entries - 1, 0 = none), PALBITS 3 (bits - 2),
 *     PALSIZE entries of PALBITS bits (sign-magnitude codes)
 * then chunks that interleave the weight and zero-run codes (see
 * decode_slice). A weight index below the palette size selects a
 * palette entry; above, index - palsize + DIROFS is itself the
 * sign-magnitude code (magnitude << 1 | sign). With zero runs, each
 * weight is followed by the number of zeros after it, and a slice that
 * sets a palette also starts with the zeros before its first weight. */

enum {
	ZDIV_NONE = 6,          /* no zero runs in this slice */
	ZDIV_EOS = 7,           /* end of stream */
	WDIV_RAW = 7,           /* uncompressed weight indices */
	MAX_SLICE = 32768,      /* SLICELEN is 15 bits */
};

static void
seterr(EthosuWeightError *e, size_t off, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void
seterr(EthosuWeightError *e, size_t off, const char *fmt, ...)
{
	va_list ap;
	int k;
	if (!e)
		return;
	e->offset = off;
	k = snprintf(e->msg, sizeof(e->msg), "byte %zu: ", off);
	va_start(ap, fmt);
	vsnprintf(e->msg + k, sizeof(e->msg) - (size_t)k, fmt, ap);
	va_end(ap);
}

/* Sign-magnitude code of a weight, and back. */
static int
smcode(int w)
{
	return w < 0 ? (-w << 1) | 1 : w << 1;
}

static int
smvalue(int code)
{
	return code & 1 ? -(code >> 1) : code >> 1;
}

/* ================================================================ decode */

typedef struct BitReader {
	const uint8_t *p;
	size_t nbits;
	size_t pos;
	EthosuWeightError *e;
} BitReader;

/* Reads len (0..15) bits into *v; false (error set) past the end. The
 * bits span at most three bytes. */
static bool
br_get(BitReader *r, int len, const char *what, int *v)
{
	size_t byte = r->pos >> 3, nbytes = r->nbits >> 3;
	uint32_t w;
	if (r->nbits - r->pos < (size_t)len) {
		seterr(r->e, r->pos / 8, "stream ends inside %s", what);
		return false;
	}
	if (len == 0) {
		*v = 0;
		return true;
	}
	w = r->p[byte];
	if (byte + 1 < nbytes)
		w |= (uint32_t)r->p[byte + 1] << 8;
	if (byte + 2 < nbytes)
		w |= (uint32_t)r->p[byte + 2] << 16;
	*v = (int)(w >> (r->pos & 7) & ((1u << len) - 1));
	r->pos += (size_t)len;
	return true;
}

/* One slice's header and palette. The palette persists across slices
 * until the next NEWPAL. */
typedef struct SliceHdr {
	int zdiv, len, wdiv, wtrunc, newpal;
	bool zruns;             /* zero runs coded */
	bool raw;               /* uncompressed weight indices */
	int rbits;              /* remainder bits of a weight */
} SliceHdr;

typedef struct DecPal {
	int size, bits, diroff;
	int16_t lut[32];
	bool set;               /* a palette was defined since the last EOS */
	bool zruns;             /* the zero-run mode it was defined with */
} DecPal;

static bool
read_palette(BitReader *r, DecPal *pal)
{
	int v;
	if (!br_get(r, 5, "DIROFS", &pal->diroff) ||
	    !br_get(r, 5, "PALSIZE", &pal->size) ||
	    !br_get(r, 3, "PALBITS", &pal->bits))
		return false;
	if (pal->size > 0)
		pal->size++;
	pal->bits += 2;
	for (int i = 0; i < pal->size; i++) {
		if (!br_get(r, pal->bits, "a palette entry", &v))
			return false;
		pal->lut[i] = (int16_t)v;
	}
	return true;
}

static bool
read_header(BitReader *r, int zdiv, DecPal *pal, SliceHdr *h)
{
	size_t at = r->pos / 8;
	h->zdiv = zdiv;
	if (zdiv > 3 && zdiv != ZDIV_NONE) {
		seterr(r->e, at, "invalid ZDIV %d", zdiv);
		return false;
	}
	h->zruns = zdiv != ZDIV_NONE;
	if (!br_get(r, 15, "SLICELEN", &h->len) ||
	    !br_get(r, 3, "WDIV", &h->wdiv) ||
	    !br_get(r, 1, "WTRUNC", &h->wtrunc) ||
	    !br_get(r, 1, "NEWPAL", &h->newpal))
		return false;
	h->len++;
	if (h->wdiv > 5 && h->wdiv != WDIV_RAW) {
		seterr(r->e, at, "invalid WDIV %d", h->wdiv);
		return false;
	}
	if (!h->newpal && !pal->set) {
		seterr(r->e, at, "slice without a palette (the first slice "
		    "after a stream start must set one)");
		return false;
	}
	if (!h->newpal && pal->zruns != h->zruns) {
		seterr(r->e, at, "slice switches zero-run mode without a new "
		    "palette");
		return false;
	}
	if (h->newpal) {
		if (!read_palette(r, pal))
			return false;
		pal->set = true;
		pal->zruns = h->zruns;
	}
	h->raw = h->wdiv == WDIV_RAW;
	h->rbits = h->wdiv;
	if (h->raw) {
		/* Raw indices are as wide as the palette needs, or PALBITS
		 * without a palette. */
		int b = 0;
		if (pal->size > 0)
			while ((1 << b) < pal->size)
				b++;
		else
			b = pal->bits;
		h->rbits = b;
	}
	return true;
}

/* Caps a unary quotient so a hostile run of ones cannot overflow: no
 * weight index reaches 512 and no zero run exceeds the output cap. */
#define Q_CAP (1 << 24)

/* The decoder's working state for one stream. */
typedef struct Dec {
	BitReader r;
	DecPal pal;
	int *w;                 /* weight indices of the slice */
	int *z;                 /* zero runs of the slice */
	int slice_cap;          /* entries of w; z has one more */
	int16_t *out;
	size_t n, cap, max;
} Dec;

/* Symbols of one chunk: quotients whose unary code ended in it, their
 * remainders read one chunk later. */
typedef struct Chunk {
	bool on;
	int n;
	int q[12];
} Chunk;

/* Zero-run unary part: zlen bits, a one adds to the quotient, a zero
 * ends the symbol (the quotient carries across chunks). */
static bool
z_unary(Dec *d, int zlen, int *carry, Chunk *c)
{
	int u, cnt = *carry;
	if (!br_get(&d->r, zlen, "ZUNARY", &u))
		return false;
	c->n = 0;
	for (int i = 0; i < zlen; i++) {
		if (u >> i & 1) {
			cnt++;
		} else {
			c->q[c->n++] = cnt;
			cnt = 0;
		}
	}
	if (cnt > Q_CAP) {
		seterr(d->r.e, d->r.pos / 8, "zero run too long");
		return false;
	}
	*carry = cnt;
	return true;
}

/* Weight unary part: npos symbol positions; WUNARY0 (read by the caller
 * before the zero-run unary) says which add one, WUNARY1 (one bit per
 * set WUNARY0 bit) which add a second. Without truncation a position
 * worth two continues the quotient. */
static bool
w_unary(Dec *d, const SliceHdr *h, int u0, int *carry, Chunk *c)
{
	int npos = h->raw && h->rbits > 5 ? 8 : 12, n1 = 0, u1;
	int cnt = *carry;
	for (int i = 0; i < npos; i++)
		n1 += u0 >> i & 1;
	if (!br_get(&d->r, n1, "WUNARY1", &u1))
		return false;
	c->n = 0;
	for (int i = 0; i < npos; i++) {
		int code = 0;
		if (u0 >> i & 1) {
			code = 1 + (u1 & 1);
			u1 >>= 1;
		}
		cnt += code;
		if (code < 2 || h->wtrunc) {
			c->q[c->n++] = cnt;
			cnt = 0;
		}
	}
	if (cnt > Q_CAP) {
		seterr(d->r.e, d->r.pos / 8, "weight code too long");
		return false;
	}
	*carry = cnt;
	return true;
}

/* Reads the remainders of the previous chunk's symbols into vals. */
static bool
remainders(Dec *d, const Chunk *c, int bits, int *vals, int *pos, int end,
    bool weights)
{
	for (int i = 0; i < c->n && *pos < end; i++, ++*pos) {
		int rem;
		if (!br_get(&d->r, bits, weights ? "WREMAIN" : "ZREMAIN", &rem))
			return false;
		if (weights && c->q[i] > (511 >> bits)) {
			seterr(d->r.e, d->r.pos / 8, "weight index above 511");
			return false;
		}
		vals[*pos] = (c->q[i] << bits) + rem;
		if (vals[*pos] > (weights ? 511 : Q_CAP)) {
			seterr(d->r.e, d->r.pos / 8, "%s above %d",
			    weights ? "weight index" : "zero run",
			    weights ? 511 : Q_CAP);
			return false;
		}
	}
	return true;
}

static bool
emit(Dec *d, int v, int count)
{
	if (count > 0 && d->max - d->n < (size_t)count) {
		seterr(d->r.e, d->r.pos / 8, "stream holds more than %zu "
		    "weights", d->max);
		return false;
	}
	if (d->n + (size_t)count > d->cap) {
		while (d->n + (size_t)count > d->cap)
			d->cap = d->cap ? d->cap * 2 : 256;
		d->out = ir_xrealloc(d->out, d->cap * sizeof(*d->out));
	}
	for (int i = 0; i < count; i++)
		d->out[d->n++] = (int16_t)v;
	return true;
}

/* Turns the slice's indices and zero runs into weights. */
static bool
slice_output(Dec *d, const SliceHdr *h)
{
	const DecPal *p = &d->pal;
	int zi = h->newpal ? 1 : 0;
	if (h->zruns && h->newpal && !emit(d, 0, d->z[0]))
		return false;
	for (int i = 0; i < h->len; i++) {
		int code, v = d->w[i];
		if (v < p->size) {
			code = p->lut[v];
		} else {
			code = v - p->size + p->diroff;
			if (code > 511) {
				seterr(d->r.e, d->r.pos / 8, "direct weight code "
				    "%d above 511", code);
				return false;
			}
		}
		if (!emit(d, smvalue(code), 1))
			return false;
		if (h->zruns && !emit(d, 0, d->z[i + zi]))
			return false;
	}
	return true;
}

/* Decodes the chunks of one slice: each chunk holds WUNARY0, ZUNARY,
 * WUNARY1, then the previous chunk's weight and zero-run remainders.
 * The zero runs may run ahead of the weights by up to 8 but not fall
 * behind (the hardware's flow control). */
static bool
decode_slice(Dec *d, const SliceHdr *h)
{
	int zn = h->len + (h->newpal ? 1 : 0);
	int zlen = h->zdiv < 3 ? 12 : 8;
	int wpos = 0, zpos = 0, wdone = 0, zdone = 0, wcarry = 0, zcarry = 0;
	Chunk wc = {0}, zc = {0}, wp = {0}, zp = {0};
	if (h->len > d->slice_cap) {
		/* Grown to the longest slice so far (at most 32768). */
		d->slice_cap = h->len;
		d->w = ir_xrealloc(d->w, (size_t)h->len * sizeof(int));
		d->z = ir_xrealloc(d->z, ((size_t)h->len + 1) * sizeof(int));
	}
	do {
		int bal = h->zruns ? wpos - zpos : 0, u0 = 0;
		wc.on = (bal < 8 || !h->zruns) && wpos < h->len;
		zc.on = bal >= 0 && h->zruns && zpos < zn;
		if (wc.on && !h->raw && !br_get(&d->r, 12, "WUNARY0", &u0))
			return false;
		if (zc.on) {
			if (!z_unary(d, zlen, &zcarry, &zc))
				return false;
			zpos += zc.n;
		}
		if (wc.on) {
			if (!w_unary(d, h, u0, &wcarry, &wc))
				return false;
			wpos += wc.n;
		}
		if (wp.on && !remainders(d, &wp, h->rbits, d->w, &wdone,
		    h->len, true))
			return false;
		if (zp.on && !remainders(d, &zp, h->zdiv, d->z, &zdone, zn,
		    false))
			return false;
		wp = wc;
		zp = zc;
	} while (wp.on || zp.on);
	return slice_output(d, h);
}

bool
ethosu_mlw_decode(const uint8_t *data, size_t n, size_t max_values,
    int16_t **values, size_t *nvalues, EthosuWeightError *e)
{
	Dec *d = ir_xcalloc(1, sizeof(*d));
	bool ended = true, ok = true;
	*values = NULL;
	*nvalues = 0;
	d->r = (BitReader){ data, n * 8, 0, e };
	d->max = max_values;
	if (n > SIZE_MAX / 8) {
		seterr(e, 0, "stream too large");
		ok = false;
	}
	while (ok && d->r.pos < d->r.nbits) {
		SliceHdr h;
		int zdiv;
		if (!br_get(&d->r, 3, "ZDIV", &zdiv)) {
			ok = false;
		} else if (zdiv == ZDIV_EOS) {
			/* The marker's byte is padded with ones; a new part
			 * may follow and must set a palette again. */
			d->r.pos = (d->r.pos + 7) & ~(size_t)7;
			d->pal.set = false;
			ended = true;
		} else {
			ended = false;
			ok = read_header(&d->r, zdiv, &d->pal, &h) &&
			    decode_slice(d, &h);
		}
	}
	if (ok && !ended) {
		seterr(e, n, "stream ends without an end-of-stream marker");
		ok = false;
	}
	if (ok) {
		*values = d->out;
		*nvalues = d->n;
	} else {
		free(d->out);
	}
	free(d->w);
	free(d->z);
	free(d);
	return ok;
}

/* ================================================================ encode */

/* The encoder is compiled twice from one source: once for the baseline
 * (SSE2 on x86-64, plain C elsewhere) and once for CPUs with AVX2 and
 * BMI2, chosen per call (mlw_encode). Every function below is forced
 * inline into the two entry points, so each copy is built whole for
 * its instruction set; the C is the same, hence the bytes. */
#define ENC static inline __attribute__((always_inline))

/* The fast build exists where GCC and Clang can target AVX2 per
 * function (x86 with SSE2 as the baseline). */
#if (defined(__x86_64__) || defined(__i386__)) && defined(__SSE2__) && \
    (defined(__GNUC__) || defined(__clang__))
#define MLW_DISPATCH 1
#define MLW_FAST "avx2,bmi,bmi2,popcnt"
#include <immintrin.h>
#endif

/* The encoder follows Vela 3.10's mlw_encode decision for decision so
 * that its bytes are Vela's: where to start a new palette (a greedy
 * scan estimating the bits a fresh palette would save), which values
 * go in a palette and whether zeros are coded as runs, and per slice the
 * Golomb-Rice parameters from a shortest-path search over the values.
 * The arithmetic (integer divisions, tie-breaks, constants) is Vela's,
 * since any change would change the bytes. */

typedef struct BitWriter {
	uint8_t *buf;
	size_t cap;             /* bytes */
	size_t nbytes;          /* whole bytes stored */
	size_t start;           /* where the stream began in buf */
	uint64_t acc;           /* bits not yet stored, first in bit 0 */
	int nacc;               /* how many: 0..7 between calls */
} BitWriter;

/* A grow-only block of the scratch: its contents are not kept when it
 * grows (each user fills it afresh). Reused, its pages are already
 * mapped: a fresh block per stream costs a page fault per 4 KiB
 * touched. A small block grows by free + malloc (a realloc would copy
 * what nobody reads); a large one (GROW_REMAP or more: mapped on its
 * own under ir_malloc_tune's threshold) by realloc, which glibc does
 * with mremap: the pages already touched move with the block, none
 * copied, and only the new tail faults. free + malloc there gave a
 * fresh mapping whose every page faulted again (MobileNet-v2's values
 * and indices grow 188 -> 311 -> 618 -> 823 KiB; the flow's minor
 * faults 4,661 -> 4,078 at threads=1). */
#define GROW_REMAP ((size_t)128 * 1024)

typedef struct Grow {
	void *p;
	size_t cap;             /* bytes */
} Grow;

/* A block of 2 MiB or more that the stream which sizes it writes whole
 * (the values and the search's path: a large classifier's, MobileNet-
 * v2's 1.28 M values, fill two of 2.5 MiB; not the zero runs, written
 * only as far as the section has weights) starts on a 2 MiB
 * boundary and asks for transparent huge pages, one fault per 2 MiB
 * where the kernel has them (THP "madvise" or "always") instead of 512;
 * the tail past the last whole 2 MiB stays in 4 KiB pages, so nothing
 * unwritten becomes resident. Growing such a block maps it afresh (its
 * pages are few faults to get back). The flow's minor faults 4,058 ->
 * 3,035 at threads=1, task-clock 71-78 -> 63 ms (perf stat -r 15,
 * loaded machine), peak RSS unchanged. */
#define HUGE_BLOCK ((size_t)2 << 20)

static void *
huge_alloc(size_t bytes)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
	void *p = NULL;
	if (!posix_memalign(&p, HUGE_BLOCK, bytes)) {
		(void)madvise(p, bytes & ~(HUGE_BLOCK - 1), MADV_HUGEPAGE);
		return p;
	}
#endif
	return ir_xmalloc(bytes);
}

/* whole: the caller writes all the bytes it asks for (a huge page is
 * resident whole). */
static void *
grow_as(Grow *g, size_t bytes, bool whole)
{
	if (bytes > g->cap) {
		if (whole && bytes >= HUGE_BLOCK) {
			free(g->p);
			g->p = huge_alloc(bytes);
		} else if (g->cap >= GROW_REMAP) {
			g->p = ir_xrealloc(g->p, bytes);
		} else {
			free(g->p);
			g->p = ir_xmalloc(bytes);
		}
		g->cap = bytes;
	}
	return g->p;
}

static void *
grow(Grow *g, size_t bytes)
{
	return grow_as(g, bytes, false);
}

/* Bits of the stream written so far. */
ENC size_t
bw_pos(const BitWriter *w)
{
	return (w->nbytes - w->start) * 8 + (size_t)w->nacc;
}

/* Makes room for `bytes` more bytes plus the 8 bw_put may store past
 * the end; callers reserve once per chunk, not per field. */
ENC void
bw_reserve(BitWriter *w, size_t bytes)
{
	if (w->cap - w->nbytes >= bytes + 8)
		return;
	while (w->cap - w->nbytes < bytes + 8)
		w->cap = w->cap ? w->cap * 2 : 1024;
	w->buf = ir_xrealloc(w->buf, w->cap);
}

/* Stores v's eight bytes little-endian at p. */
ENC void
store_le64(uint8_t *p, uint64_t v)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	memcpy(p, &v, 8);
#else
	for (int k = 0; k < 8; k++)
		p[k] = (uint8_t)(v >> 8 * k);
#endif
}

/* Appends v's len (<= 56) bits, first bit first (v has none set at or
 * above len: no masking), into room
 * bw_reserve made: the accumulator is stored whole (8 bytes, the tail
 * rewritten by the next call) and advanced by its complete bytes, so
 * there is no branch. (No assert on len and the room: it runs several
 * times a weight, and an assert here was 2% of the encoder; every
 * caller reserves per chunk.) */
ENC void
bw_put_clean(BitWriter *w, int len, uint64_t v)
{
	int nb;
	w->acc |= v << w->nacc;
	w->nacc += len;
	store_le64(w->buf + w->nbytes, w->acc);
	nb = w->nacc >> 3;
	w->nbytes += (size_t)nb;
	w->acc >>= 8 * nb;
	w->nacc &= 7;
}

/* bw_put_clean for any v: only its low len bits are written. */
ENC void
bw_put(BitWriter *w, int len, uint64_t v)
{
	bw_put_clean(w, len, v & ((1ull << len) - 1));
}

/* bw_put for up to 64 bits. */
ENC void
bw_put64(BitWriter *w, int len, uint64_t v)
{
	if (len > 32) {
		bw_put(w, 32, v);
		v >>= 32;
		len -= 32;
	}
	bw_put(w, len, v);
}

/* Stores the bits still in acc (the stream ends on a byte). */
ENC void
bw_flush(BitWriter *w)
{
	assert((w->nacc & 7) == 0);
	for (; w->nacc > 0; w->nacc -= 8, w->acc >>= 8)
		w->buf[w->nbytes++] = (uint8_t)w->acc;
}

/* A palette section's coding choices. */
typedef struct Palette {
	int16_t lut[32];        /* entries: sign-magnitude codes */
	int size;               /* entries: 0, or 2..32 */
	int bits;               /* entry width; without palette the width
				 * of the largest code (raw mode) */
	int diroff;             /* codes below it are unused */
	bool zruns;             /* zeros coded as runs */
	bool only_palette;      /* every value is in the palette */
	bool only_zeros;        /* nothing but zeros */
	int index[512];         /* weight + 256 -> coded index */
} Palette;

/* Index bits a palette of `size` entries needs (Vela's estimate). */
ENC int
index_bits(int size)
{
	/* bits for size - 1, at most 8 */
	if (size <= 1)
		return 0;
	return size > 256 ? 8 : 32 - __builtin_clz((unsigned)size - 1);
}

ENC bool
pow2_or_zero(int x)
{
	return ((x - 1) & x) == 0;
}

typedef struct IntVec {
	int *v;
	int n, cap;
} IntVec;

ENC void
iv_push(IntVec *a, int x)
{
	if (a->n == a->cap) {
		a->cap = a->cap ? a->cap * 2 : 16;
		a->v = ir_xrealloc(a->v, (size_t)a->cap * sizeof(int));
	}
	a->v[a->n++] = x;
}

/* The palette scan (Vela's search_palette_sections). Every 32 non-zero
 * values of a section (and at each zero right after such a count), a
 * window ending at the current value and reaching back over N + 2
 * non-zero values (or to the section's start) is weighed for each N
 * the count is a multiple of: would a fresh palette of the values seen
 * there save bits? Such a palette has one entry per value whose last
 * occurrence lies inside the window.
 *
 * The scan keeps a bit vector over the stream's positions (which values
 * are non-zero), the last position of each value so far, and for the
 * latest SCAN_RING positions where their value was seen before. A
 * window's distinct values are its positions whose value was last
 * seen before the window: a few vector compares over the ring (over the
 * table of last positions for a window longer than the ring: those
 * last seen inside it). Per value, a look-up and two stores, none
 * waiting on another. (The scan kept a second bit vector, each
 * position's "no longer the last of its value" bit, set at the previous
 * occurrence as each value came: a read-modify-write of a word the next
 * values often hit again.) */
#define SCAN_RING 4096

typedef struct Scan {
	const int16_t *v;
	int n;
	const uint64_t *nzb;    /* bit x: v[x] != 0 */
	int last[512];          /* last position of each value + 256, -1
				 * before its first */
	int lo, hi;             /* the part of last[] the values use,
				 * widened to multiples of 16 */
	int prev[SCAN_RING];    /* position x & (SCAN_RING - 1): where
				 * v[x] was before x, -1 nowhere */
	int restart;            /* start of the current section */
	bool have;              /* the section has a palette */
	int palsize;
	bool wide;              /* the fast build (pdep, popcnt, AVX2) */
	IntVec starts;
} Scan;

ENC int
popcount64(uint64_t x)
{
	return __builtin_popcountll(x);
}

/* The k-th (from 1) lowest set bit of w, which has at least k. */
#if defined(MLW_DISPATCH) && defined(__x86_64__)
__attribute__((target(MLW_FAST))) static int
select_pdep(uint64_t w, int k)
{
	return (int)_tzcnt_u64(_pdep_u64(1ull << (k - 1), w));
}
#endif

ENC int
select_bit(uint64_t w, int k, bool wide)
{
#if defined(MLW_DISPATCH) && defined(__x86_64__)
	if (wide)
		return select_pdep(w, k);
#else
	(void)wide;
#endif
	for (; k > 1; k--)
		w &= w - 1;
	return __builtin_ctzll(w);
}

/* Set bits of b at positions a..e-1. */
ENC int
count_bits(const uint64_t *b, int a, int e)
{
	int wa = a >> 6, we = (e - 1) >> 6, n;
	uint64_t lo = ~0ull << (a & 63), hi = ~0ull >> (63 - ((e - 1) & 63));
	if (a >= e)
		return 0;
	if (wa == we)
		return popcount64(b[wa] & lo & hi);
	n = popcount64(b[wa] & lo);
	for (int k = wa + 1; k < we; k++)
		n += popcount64(b[k]);
	return n + popcount64(b[we] & hi);
}

/* Position of the k-th non-zero value at or after i, or n. */
ENC int
next_nonzero(const Scan *s, int i, int k)
{
	int wi = i >> 6, nw = (s->n + 63) >> 6;
	uint64_t w = s->nzb[wi] & ~0ull << (i & 63);
	for (;;) {
		int c = popcount64(w);
		if (c >= k)
			return wi * 64 + select_bit(w, k, s->wide);
		k -= c;
		if (++wi >= nw)
			return s->n;
		w = s->nzb[wi];
	}
}

/* Position of the k-th non-zero value counting back from p (p itself
 * first); there are at least k. */
ENC int
prev_nonzero(const Scan *s, int p, int k)
{
	int wi = p >> 6;
	uint64_t w = s->nzb[wi] & ~0ull >> (63 - (p & 63));
	for (;;) {
		int c = popcount64(w);
		if (c >= k)
			return wi * 64 + select_bit(w, c - k + 1, s->wide);
		k -= c;
		w = s->nzb[--wi];
	}
}

/* The non-zero bit vector, eight values a compare, and the smallest
 * and largest value (n > 0). */
ENC void
nonzero_bits(const int16_t *v, int n, uint64_t *b, int *lo, int *hi)
{
	int nw = (n + 63) >> 6, i = 0, l = v[0], h = v[0];
#if defined(__SSE2__)
	const __m128i z = _mm_setzero_si128();
	__m128i mn = _mm_set1_epi16(v[0]), mx = mn;
	for (; i + 64 <= n; i += 64) {
		uint64_t w = 0;
		for (int k = 0; k < 4; k++) {
			__m128i a = _mm_loadu_si128((const __m128i *)(v + i +
			    16 * k));
			__m128i c = _mm_loadu_si128((const __m128i *)(v + i +
			    16 * k + 8));
			unsigned m = (unsigned)_mm_movemask_epi8(_mm_packs_epi16(
			    _mm_cmpeq_epi16(a, z), _mm_cmpeq_epi16(c, z)));
			w |= (uint64_t)(~m & 0xffff) << 16 * k;
			mn = _mm_min_epi16(mn, _mm_min_epi16(a, c));
			mx = _mm_max_epi16(mx, _mm_max_epi16(a, c));
		}
		b[i >> 6] = w;
	}
	int16_t ml[8], mh[8];
	_mm_storeu_si128((__m128i *)ml, mn);
	_mm_storeu_si128((__m128i *)mh, mx);
	for (int k = 0; k < 8; k++) {
		l = ml[k] < l ? ml[k] : l;
		h = mh[k] > h ? mh[k] : h;
	}
#endif
	for (; i < nw * 64; i += 64) {
		uint64_t w = 0;
		for (int k = 0; k < 64 && i + k < n; k++) {
			w |= (uint64_t)(v[i + k] != 0) << k;
			l = v[i + k] < l ? v[i + k] : l;
			h = v[i + k] > h ? v[i + k] : h;
		}
		b[i >> 6] = w;
	}
	*lo = l;
	*hi = h;
}

/* Entries a..b-1 (multiples of 8) of last[] at j or later: the
 * distinct values since j. */
#if defined(MLW_DISPATCH)
__attribute__((target(MLW_FAST))) static int
count_last_avx2(const int *last, int a, int b, int j)
{
	const __m256i t = _mm256_set1_epi32(j - 1);
	__m256i n = _mm256_setzero_si256();
	__m128i h;
	/* a compare is -1 in each lane that counts: subtracted */
	for (; a < b; a += 8)
		n = _mm256_sub_epi32(n, _mm256_cmpgt_epi32(_mm256_loadu_si256(
		    (const __m256i *)(last + a)), t));
	h = _mm_add_epi32(_mm256_castsi256_si128(n),
	    _mm256_extracti128_si256(n, 1));
	h = _mm_add_epi32(h, _mm_shuffle_epi32(h, 0x4e));
	h = _mm_add_epi32(h, _mm_shuffle_epi32(h, 0xb1));
	return _mm_cvtsi128_si32(h);
}

/* Of q[0..7], those below j. */
__attribute__((target(MLW_FAST))) static inline int
group_before_avx2(const int *q, int j)
{
	return _mm_popcnt_u32((unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(
	    _mm256_cmpgt_epi32(_mm256_set1_epi32(j), _mm256_loadu_si256(
	    (const __m256i *)q)))));
}
#endif

ENC int
count_last(const int *last, int a, int b, int j, bool wide)
{
	int n = 0;
#if defined(MLW_DISPATCH)
	if (wide)
		return count_last_avx2(last, a, b, j);
#else
	(void)wide;
#endif
	for (; a < b; a++)
		n += last[a] >= j;
	return n;
}

ENC int
group_before(const int *q, int j, bool wide)
{
#if defined(MLW_DISPATCH)
	if (wide)
		return group_before_avx2(q, j);
#else
	(void)wide;
#endif
#if defined(__SSE2__)
	const __m128i t = _mm_set1_epi32(j);
	unsigned m0 = (unsigned)_mm_movemask_ps(_mm_castsi128_ps(
	    _mm_cmplt_epi32(_mm_loadu_si128((const __m128i *)q), t)));
	unsigned m1 = (unsigned)_mm_movemask_ps(_mm_castsi128_ps(
	    _mm_cmplt_epi32(_mm_loadu_si128((const __m128i *)(q + 4)), t)));
	/* bits set in each nibble, four bits an entry */
	const uint64_t pop4 = 0x4332322132212110ull;
	return (int)((pop4 >> 4 * m0 & 15) + (pop4 >> 4 * m1 & 15));
#else
	int n = 0;
	for (int k = 0; k < 8; k++)
		n += q[k] < j;
	return n;
#endif
}

/* The distinct values of v[j..p] (the scan has reached p), or cap + 1
 * when there are more than cap: the positions there whose value was
 * not seen since j, counted in whole groups of 8 of the ring from j's
 * group on, until the count passes cap. The first group's positions
 * before j count (what was seen before them is before j): taken off
 * first. So do the last group's after p (they hold a position at
 * least SCAN_RING - 7 back, or -1): taken off at the end. A window
 * longer than the ring counts the values last seen in it instead. */
ENC int
scan_distinct(const Scan *s, int j, int p, int cap)
{
	int a = j & ~7, pe = (p + 1) & ~7, n = a - j;
	if (p - j >= SCAN_RING - 8) {
		n = count_last(s->last, s->lo, s->hi, j, s->wide);
		return n > cap ? cap + 1 : n;
	}
	for (; a < pe; a += 8) {
		n += group_before(s->prev + (a & (SCAN_RING - 1)), j, s->wide);
		if (n > cap)
			return cap + 1;
	}
	if (pe <= p)
		n += group_before(s->prev + (pe & (SCAN_RING - 1)), j,
		    s->wide) - (pe + 7 - p);
	return n > cap ? cap + 1 : n;
}

/* The bits Vela estimates a fresh palette of newsize values saves over
 * a window of N non-zero values (exclude_zero: zero is not counted as
 * one of them), against the section's palette of ob index bits (have)
 * or none. Strictly less for a larger newsize. */
ENC int
scan_save(bool have, int ob, int N, bool exclude_zero, int newsize)
{
	int nb = index_bits(newsize - exclude_zero);
	if (have)
		return N * (ob * 15 - nb * 15) / 16 - newsize * 8 - 20;
	if (newsize - exclude_zero <= 32)
		return N * (90 - nb * 15) / 16 - newsize * 8 - 20;
	return 0;
}

/* The largest newsize that saves bits, per (have, exclude_zero, window
 * k, ob): a window's count need not go past it. Filled once per
 * process. */
static int16_t scan_caps[2][2][5][9];
static pthread_once_t scan_caps_once = PTHREAD_ONCE_INIT;

static void
scan_caps_fill(void)
{
	for (int h = 0; h < 2; h++)
	for (int x = 0; x < 2; x++)
	for (int k = 0; k < 5; k++)
	for (int ob = 0; ob < 9; ob++) {
		int N = (32 << k) * (h ? 2 : 1), c = 0;
		while (scan_save(h, ob, N, x, c + 1) > 0)
			c++;
		scan_caps[h][x][k][ob] = (int16_t)c;
	}
}

ENC void
scan_restart(Scan *s, int at)
{
	if (s->starts.v[s->starts.n - 1] != at)
		iv_push(&s->starts, at);
}

/* Window k (N non-zeros) at check position p, where *nz + 1 values of
 * the section up to p are non-zero (*nz a multiple of N): restarts the
 * section at the window's start when a palette of its values saves
 * bits. */
ENC void
scan_window(Scan *s, int p, int k, int N, bool exclude_zero, int *nz)
{
	int j, cap, newsize, ob = 0;
	/* The window starts at the (N + 2)-th non-zero value back from p
	 * or at the section's start when there are fewer since. */
	j = *nz + 1 >= N + 2 ? prev_nonzero(s, p, N + 2) : s->restart;
	if (s->have)
		ob = index_bits(s->palsize - exclude_zero);
	cap = scan_caps[s->have][exclude_zero][k][ob];
	/* the saving falls as newsize grows: it is positive up to cap */
	newsize = scan_distinct(s, j, p, cap);
	if (newsize > cap)
		return;
	s->palsize = newsize;
	s->have = true;
	s->restart = j;
	scan_restart(s, j);
	*nz = count_bits(s->nzb, j, p + 1) - 1;
}

/* The checks at p: each window size (powers of two from 32, 64 with a
 * palette) the count of non-zeros is a multiple of. Zero is left out
 * of the estimates when over a quarter of the section before v[p] is
 * zeros. Returns the section's non-zeros up to p, minus one. */
ENC int
scan_checks(Scan *s, int p, int nz)
{
	int len0 = p - s->restart;
	int zeros0 = len0 - (nz + 1 - (s->v[p] != 0));
	bool excl = zeros0 > len0 / 4;
	/* N only grows (have is only ever set), so the first N the
	 * count is no multiple of ends the checks. */
	for (int k = 0; k < 5; k++) {
		int N = (32 << k) * (s->have ? 2 : 1);
		if (nz <= 0 || (nz & (N - 1)) != 0)
			break;
		scan_window(s, p, k, N, excl, &nz);
	}
	return nz;
}

/* A value the section's palette lacks at x, with nzx non-zeros in the
 * section before it: growing past a power of two costs an index bit
 * everywhere, so a long section or a full palette starts afresh.
 * Returns whether the section restarted at x. */
ENC bool
scan_grow(Scan *s, int x, int nzx)
{
	int zeros0 = x - s->restart - nzx;
	bool excl = zeros0 > (x - s->restart) / 4;
	s->palsize++;
	if (pow2_or_zero(s->palsize - 1 - excl) &&
	    (nzx > 512 || s->palsize - excl > 32)) {
		iv_push(&s->starts, x);
		s->restart = x;
		s->have = false;
		return true;
	}
	return false;
}

/* Values i..end-1 of the scan: each becomes the last of its value,
 * the ring keeping where it was before. Returns the first whose
 * previous occurrence was before lim (new to the section's palette),
 * or end; lim INT_MIN: none is (a section without a palette). The
 * ring is written in runs that do not wrap, four values a round. */
ENC int
scan_run(const int16_t *v, int *last, int *prev, int i, int end, int lim)
{
	while (i < end) {
		int se = (i | (SCAN_RING - 1)) + 1;
		int *pr = prev - (i & ~(SCAN_RING - 1));
		se = se < end ? se : end;
		if (lim == INT_MIN) {
			for (; i + 3 < se; i += 4) {
				int u = v[i];
				pr[i] = last[u];
				last[u] = i;
				u = v[i + 1];
				pr[i + 1] = last[u];
				last[u] = i + 1;
				u = v[i + 2];
				pr[i + 2] = last[u];
				last[u] = i + 2;
				u = v[i + 3];
				pr[i + 3] = last[u];
				last[u] = i + 3;
			}
			for (; i < se; i++) {
				pr[i] = last[v[i]];
				last[v[i]] = i;
			}
			continue;
		}
		for (; i < se; i++) {
			int u = v[i], old = last[u];
			last[u] = i;
			pr[i] = old;
			if (old < lim)
				return i;
		}
	}
	return end;
}

/* Section starts: where Vela restarts the palette. Between checks the
 * work per value is the look-up of its last position (into the ring;
 * with a palette, also: is it new to the palette?) and two stores. */
ENC void
find_sections(Scan *s, const int16_t *v, int n, bool wide, uint64_t *nzb,
    IntVec *starts)
{
	/* cnt: non-zeros in the section before i */
	int i = 0, cnt = 0, lo, hi;
	s->v = v;
	s->n = n;
	s->nzb = nzb;
	s->restart = 0;
	s->have = false;
	s->palsize = 0;
	s->wide = wide;
	s->starts = *starts;
	s->starts.n = 0;
	for (int k = 0; k < 512; k++)
		s->last[k] = -1;
	for (int k = 0; k < SCAN_RING; k++)
		s->prev[k] = -1;
	pthread_once(&scan_caps_once, scan_caps_fill);
	nonzero_bits(v, n, nzb, &lo, &hi);
	/* entries outside the values stay -1: never counted */
	s->lo = (lo + 256) & ~15;
	s->hi = ((hi + 256) | 15) + 1;
	iv_push(&s->starts, 0);
	while (i < n) {
		/* The next check: a zero right after a multiple of 32, or
		 * the non-zero that makes the next multiple. */
		int target = cnt, p, x;
		if (v[i] != 0 || cnt <= 1 || (cnt - 1) % 32 != 0) {
			target = (cnt > 0 ? (cnt - 1) / 32 + 1 : 1) * 32 + 1;
			p = next_nonzero(s, i, target - cnt);
		} else {
			p = i;
		}
		int end = p < n ? p + 1 : n;
		/* A section without a palette grows none: no value is
		 * new to it. */
		int lim = s->have ? s->restart : INT_MIN;
		bool restarted = false;
		for (x = i; x < end; x++) {
			x = scan_run(v, s->last + 256, s->prev, x, end, lim);
			if (x < end && scan_grow(s, x,
			    cnt + count_bits(nzb, i, x))) {
				restarted = true;
				break;
			}
		}
		if (restarted) {
			i = x + 1;
			cnt = v[x] != 0;
			continue;
		}
		if (p >= n)
			break;
		cnt = scan_checks(s, p, target - 1) + 1;
		i = p + 1;
	}
	*starts = s->starts;
}

static int
cmp_desc(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x > y ? -1 : x < y;
}

/* Fills the palette from the frequencies: the most frequent codes (ties
 * to the larger code) when they cover more than half the values. */
ENC void
make_palette(const int freq[512], Palette *p)
{
	uint64_t key[512] = {0};
	int all = 0, maxcode = 0, maxsize, k, palmax = 0, incount = 0, widest;
	for (int w = -255; w <= 255; w++) {
		int c = smcode(w);
		if (w == 0 && p->zruns)
			continue;
		key[c] = (uint64_t)freq[w + 256] << 16 | (uint64_t)c;
		all += freq[w + 256];
		if (freq[w + 256] > 0 && c > maxcode)
			maxcode = c;
	}
	for (p->diroff = 0; p->diroff < 31; p->diroff++)
		if (key[p->diroff] >> 16)
			break;
	/* Only the codes present are sorted (the absent ones, all zero,
	 * would sort last): gathered to the front, the rest zeroed. */
	int nk = 0;
	for (int c = 0; c < 512; c++) {
		uint64_t kc = key[c];
		key[c] = 0;
		key[nk] = kc;
		nk += (kc >> 16) != 0;
	}
	qsort(key, (size_t)nk, sizeof(key[0]), cmp_desc);
	p->only_zeros = (key[0] >> 16) == 0;
	if (p->only_zeros)
		p->diroff = 0;
	p->only_palette = (key[0] >> 16) > 0 && (key[32] >> 16) == 0;
	if (p->only_palette) {
		maxsize = 32;
	} else {
		/* Direct codes follow the palette's indices and must stay
		 * below 512. */
		maxsize = 511 - maxcode < 32 ? 511 - maxcode : 32;
		if (maxsize == 1)
			maxsize = 0;
	}
	for (k = 0; k < maxsize && (key[k] >> 16); k++) {
		p->lut[k] = (int16_t)(key[k] & 0xffff);
		if (p->lut[k] > palmax)
			palmax = p->lut[k];
		incount += (int)(key[k] >> 16);
	}
	if (k == 1)
		p->lut[k++] = 0; /* one entry is not encodable */
	if (incount > all / 2) {
		p->size = k;
		widest = palmax;
	} else {
		p->size = 0;
		widest = maxcode;
	}
	for (p->bits = 2; (1 << p->bits) <= widest; p->bits++)
		;
}

ENC void
make_index(Palette *p)
{
	/* Direct indices; zero takes code 1 ("-0"), as Vela's table. */
	for (int c = 0; c < 512; c++)
		p->index[smvalue(c) + 256] = c + p->size - p->diroff;
	for (int k = 0; k < p->size; k++)
		p->index[smvalue(p->lut[k]) + 256] = k;
}

ENC void
choose_palette(const int16_t *v, int n, Palette *p)
{
	int freq[512] = {0}, f0 = 0, f1 = 0, v0 = 0, i;
	/* Four tables so that repeats of a value do not wait on each
	 * other's increments. */
	int part[3][512] = {{0}};
	/* indexed by the value itself: no offset and sign extension of
	 * its sum per value */
	int *f0p = freq + 256, *f1p = part[0] + 256, *f2p = part[1] + 256;
	int *f3p = part[2] + 256;
	for (i = 0; i + 4 <= n; i += 4) {
		f0p[v[i]]++;
		f1p[v[i + 1]]++;
		f2p[v[i + 2]]++;
		f3p[v[i + 3]]++;
	}
	for (; i < n; i++)
		f0p[v[i]]++;
	for (i = 0; i < 512; i++)
		freq[i] += part[0][i] + part[1][i] + part[2][i];
	for (int i = 0; i < 512; i++) {
		if (freq[i] > f0) {
			f1 = f0;
			f0 = freq[i];
			v0 = i - 256;
		} else if (freq[i] > f1) {
			f1 = freq[i];
		}
	}
	/* Zero runs pay when zero dominates the next value fourfold. */
	memset(p, 0, sizeof(*p));
	p->zruns = v0 == 0 && f0 > 4 * f1;
	make_palette(freq, p);
	make_index(p);
}

/* Golomb-Rice parameter sets: (trunc << 4) | div; 0x20 = raw. */
static const uint8_t w_params[13] = {
	0x00, 0x01, 0x02, 0x03, 0x04, 0x05,
	0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x20,
};

/* Parameter choice for consecutive runs of values: cfg[k] holds for the
 * values before end[k]. */
typedef struct Runs {
	uint8_t *cfg;
	int *end;
	int n, cap;
} Runs;

/* Appends run (cfg, end), growing the arrays (kept by the scratch). */
static void
runs_push(Runs *r, int cfg, int end)
{
	if (r->n == r->cap) {
		r->cap = r->cap ? r->cap * 2 : 16;
		r->cfg = ir_xrealloc(r->cfg, (size_t)r->cap);
		r->end = ir_xrealloc(r->end, (size_t)r->cap * sizeof(int));
	}
	r->cfg[r->n] = (uint8_t)cfg;
	r->end[r->n++] = end;
}

/* The encoder's working memory (mlw.h): every array a stream needs,
 * sized by the largest stream so far. */
struct EthosuMlwScratch {
	Grow vals;              /* ethosu_mlw_scratch_values */
	Grow w;                 /* weight indices (not in place) */
	Grow runs;              /* zero runs */
	Grow change, from;      /* the search's path */
	Grow ckpt;              /* its saved states */
	Grow tab;               /* its bits per index and parameter */
	Grow scan;              /* the palette scan */
	Grow scanbits;          /* its bit vector of non-zeros */
	IntVec starts;          /* section starts */
	Runs wr, zr;            /* the searches' runs */
};

ENC int
code_bits(int value, int param, bool zmode, int raw_bits)
{
	int div = param & 15, trunc = param >> 4, q = value >> div, bits;
	if (trunc == 2)
		return raw_bits;
	bits = trunc ? (q + 1 < 2 ? q + 1 : 2) + div : q + 1 + div;
	if (!zmode && ((trunc && q > 2) || q > 31))
		bits = 10000; /* not codable */
	return bits;
}

/* Bits to code each weight index (< 512) under the 13 parameter sets,
 * filled on first use; lanes 13..15 pad the row to 16 with a cost no
 * path takes (PAD_BITS), so the search can work four lanes at a time. */
#define NLANES 16
#define PAD_BITS (1 << 29)

typedef struct BitsTable {
	int32_t row[512][NLANES];
	bool have[512];
} BitsTable;

ENC const int32_t *
w_bits(BitsTable *t, int v, int raw_bits)
{
	if (!t->have[v]) {
		for (int j = 0; j < NLANES; j++)
			t->row[v][j] = j < 13 ? code_bits(v, w_params[j],
			    false, raw_bits) : PAD_BITS;
		t->have[v] = true;
	}
	return t->row[v];
}

/* One step of the shortest path, recorded for the walk back: which
 * parameters switched (bit j) and from which (the cheapest before the
 * step, lowest index among equals). The others kept theirs. */
typedef struct Step {
	uint16_t change;
	uint8_t from;
} Step;

#if defined(__SSE2__)
/* The 13-parameter step on SSE2, four lanes at a time: the same
 * integer arithmetic as path_step, so the same path. Pad lanes always
 * switch (their cost is past any real one) and their bits are masked. */
ENC __m128i
min4(__m128i a, __m128i b)
{
	__m128i lt = _mm_cmplt_epi32(a, b);
	return _mm_or_si128(_mm_and_si128(lt, a), _mm_andnot_si128(lt, b));
}

ENC Step
path_step13(int32_t *cost, const int32_t *bits, int extra)
{
	__m128i c[4], m, sw;
	unsigned eq = 0, ch = 0;
	Step st;
	for (int k = 0; k < 4; k++)
		c[k] = _mm_loadu_si128((const __m128i *)(cost + 4 * k));
	m = min4(min4(c[0], c[1]), min4(c[2], c[3]));
	m = min4(m, _mm_shuffle_epi32(m, _MM_SHUFFLE(1, 0, 3, 2)));
	m = min4(m, _mm_shuffle_epi32(m, _MM_SHUFFLE(2, 3, 0, 1)));
	sw = _mm_add_epi32(m, _mm_set1_epi32(extra));
	for (int k = 0; k < 4; k++) {
		__m128i e = _mm_cmpeq_epi32(c[k], m);
		__m128i x = _mm_cmplt_epi32(sw, c[k]);
		__m128i b = _mm_loadu_si128((const __m128i *)(bits + 4 * k));
		eq |= (unsigned)_mm_movemask_ps(_mm_castsi128_ps(e)) << 4 * k;
		ch |= (unsigned)_mm_movemask_ps(_mm_castsi128_ps(x)) << 4 * k;
		c[k] = _mm_add_epi32(_mm_or_si128(_mm_and_si128(x, sw),
		    _mm_andnot_si128(x, c[k])), b);
		_mm_storeu_si128((__m128i *)(cost + 4 * k), c[k]);
	}
	st.from = (uint8_t)__builtin_ctz(eq);
	st.change = (uint16_t)(ch & 0x1fff);
	return st;
}

/* The zero-run search's four parameters in one vector. */
ENC Step
path_step4(int32_t *cost, const int32_t *bits, int extra)
{
	__m128i c = _mm_loadu_si128((const __m128i *)cost), m, sw, x;
	Step st;
	m = min4(c, _mm_shuffle_epi32(c, _MM_SHUFFLE(1, 0, 3, 2)));
	m = min4(m, _mm_shuffle_epi32(m, _MM_SHUFFLE(2, 3, 0, 1)));
	sw = _mm_add_epi32(m, _mm_set1_epi32(extra));
	x = _mm_cmplt_epi32(sw, c);
	st.from = (uint8_t)__builtin_ctz((unsigned)_mm_movemask_ps(
	    _mm_castsi128_ps(_mm_cmpeq_epi32(c, m))));
	st.change = (uint16_t)_mm_movemask_ps(_mm_castsi128_ps(x));
	c = _mm_add_epi32(_mm_or_si128(_mm_and_si128(x, sw),
	    _mm_andnot_si128(x, c)),
	    _mm_loadu_si128((const __m128i *)bits));
	_mm_storeu_si128((__m128i *)cost, c);
	return st;
}
#else
/* Each parameter keeps its run or switches from the cheapest one at
 * `extra` bits, whichever is cheaper (keeping wins a tie); then the
 * value's bits are added. Plain C for any count of parameters (the
 * fallback where SSE2 is missing; build with -U__SSE2__ to test it). */
ENC Step
path_step(int32_t *cost, const int32_t *bits, int ncfg, int extra)
{
	int32_t best = cost[0], sw;
	Step st = { 0, 0 };
	for (int j = 1; j < ncfg; j++)
		best = cost[j] < best ? cost[j] : best;
	while (cost[st.from] != best)
		st.from++;
	sw = best + extra;
	for (int j = 0; j < ncfg; j++) {
		bool change = sw < cost[j];
		st.change |= (uint16_t)(change << j);
		cost[j] = (change ? sw : cost[j]) + bits[j];
	}
	return st;
}

ENC Step
path_step4(int32_t *cost, const int32_t *bits, int extra)
{
	return path_step(cost, bits, 4, extra);
}

ENC Step
path_step13(int32_t *cost, const int32_t *bits, int extra)
{
	Step st = path_step(cost, bits, NLANES, extra);
	st.change &= 0x1fff;
	return st;
}
#endif

/* The recorded path: step i's change mask and its `from` (0..12), 3
 * bytes a step where a struct would take 4 (MobileNet-v2's classifier
 * has 1.28 M steps). The 16-bit weight search keeps no `from`: the walk
 * back needs it only where a run starts, a few hundred times, and
 * replays those steps from a saved state instead (Search16). */
struct Search16;

typedef struct Path {
	uint16_t *change;
	uint8_t *from;          /* NULL: replayed through s16 */
	struct Search16 *s16;
} Path;

ENC void
path_set(Path *pa, int i, Step st)
{
	pa->change[i] = st.change;
	pa->from[i] = st.from;
}

#if defined(__SSE2__)
static int replay_from(const struct Search16 *s, int i);

ENC int
path_from(const Path *pa, int i)
{
	return pa->from ? pa->from[i] : replay_from(pa->s16, i);
}
#else
ENC int
path_from(const Path *pa, int i)
{
	return pa->from[i];
}
#endif

#if defined(__SSE2__)
/* The weight search on 16-bit lanes, eight at a time: each step
 * subtracts the cheapest cost from all (comparisons and the argmin only
 * see differences, so the path is path_step13's), which keeps every
 * cost below 40 + PAD16 and in range. A row of bits per weight index:
 * lane 12 (raw indices) is the search's raw_bits for every index, the
 * others depend on the index alone, so the table is filled once per
 * scratch and lane 12 rewritten when raw_bits changes (no per-step
 * test for a row not filled yet). */
#define PAD16 16000

typedef struct Bits16 {
	int16_t row[512][NLANES];
	bool filled;
	int raw;                /* lane 12's bits */
} Bits16;

/* The rows every scratch's table starts from, lane 12 for raw_bits 0:
 * computed once per process (a scratch made per stream, as
 * ethosu_mlw_encode's, copied 16 KiB instead of 8,192 code_bits). */
static int16_t bits16_rows[512][NLANES];
static pthread_once_t bits16_once = PTHREAD_ONCE_INIT;

static void
bits16_rows_fill(void)
{
	for (int v = 0; v < 512; v++)
		for (int j = 0; j < NLANES; j++)
			bits16_rows[v][j] = (int16_t)(j < 13 ? code_bits(v,
			    w_params[j], false, 0) : PAD16);
}

ENC void
bits16_prepare(Bits16 *t, bool fresh, int raw_bits)
{
	if (fresh || !t->filled) {
		pthread_once(&bits16_once, bits16_rows_fill);
		memcpy(t->row, bits16_rows, sizeof(t->row));
		t->filled = true;
		t->raw = 0;
	}
	if (t->raw != raw_bits) {
		for (int v = 0; v < 512; v++)
			t->row[v][12] = (int16_t)raw_bits;
		t->raw = raw_bits;
	}
}

/* The weight search's state: costs of lanes 0..7 and 8..15. */
typedef struct Cost16 {
	__m128i c0, c1;
} Cost16;

/* What the replay needs: the values, their bit rows, and the state
 * before every 64th value. */
#define CKPT_SHIFT 6

typedef struct Search16 {
	const uint16_t *vals;
	int raw_bits;
	Bits16 *tab;
	Cost16 *ckpt;
} Search16;

/* The cheapest cost, in every lane. */
ENC __m128i
hmin16(__m128i c0, __m128i c1)
{
	__m128i m = _mm_min_epi16(c0, c1);
	m = _mm_min_epi16(m, _mm_shuffle_epi32(m, 0x4e));
	m = _mm_min_epi16(m, _mm_shuffle_epi32(m, 0xb1));
	return _mm_min_epi16(m, _mm_shufflehi_epi16(_mm_shufflelo_epi16(m,
	    0xb1), 0xb1));
}

/* The lowest lane holding m. */
ENC int
argmin16(__m128i c0, __m128i c1, __m128i m)
{
	return __builtin_ctz((unsigned)_mm_movemask_epi8(_mm_packs_epi16(
	    _mm_cmpeq_epi16(c0, m), _mm_cmpeq_epi16(c1, m))));
}

/* The search's step over value v (step v + 1): normalise, record
 * which parameters switch, switch or keep, add the value's bits. */
ENC void
step16(Search16 *s, Cost16 *c, int v, uint16_t *change)
{
	const __m128i e = _mm_set1_epi16(40);
	const int16_t *b = s->tab->row[s->vals[v]];
	__m128i m, c0, c1, x0, x1;
	m = hmin16(c->c0, c->c1);
	c0 = _mm_sub_epi16(c->c0, m);
	c1 = _mm_sub_epi16(c->c1, m);
	x0 = _mm_cmpgt_epi16(c0, e);
	x1 = _mm_cmpgt_epi16(c1, e);
	change[v + 1] = (uint16_t)(_mm_movemask_epi8(_mm_packs_epi16(x0, x1)) &
	    0x1fff);
	c->c0 = _mm_add_epi16(_mm_min_epi16(c0, e),
	    _mm_loadu_si128((const __m128i *)b));
	c->c1 = _mm_add_epi16(_mm_min_epi16(c1, e),
	    _mm_loadu_si128((const __m128i *)(b + 8)));
}

ENC bool
cost16_eq(Cost16 a, Cost16 b)
{
	return _mm_movemask_epi8(_mm_and_si128(_mm_cmpeq_epi16(a.c0, b.c0),
	    _mm_cmpeq_epi16(a.c1, b.c1))) == 0xffff;
}

/* Steps 1..n of the weight search: change masks into change; returns
 * the best final parameter (lowest index among the cheapest).
 *
 * Each step waits on the previous one's horizontal minimum, so one
 * search is a chain of latencies. A long one is cut into four pieces
 * run side by side, the last three from a guessed start (all costs
 * zero), so the CPU overlaps four chains. Then each of those is rerun
 * from the true end of the piece before until its state equals the
 * one its speculative run saved at a multiple of 64: from there the
 * speculative steps are the true ones (a step depends only on the
 * state and the value), so its change masks, saved states and end
 * stand. Costs forget their start quickly (a parameter more than 40
 * bits behind is cut to 40), so reruns are short (on MobileNet-v2 1%
 * of the steps); one that never meets is simply its piece again. */
ENC void
steps16_run(Search16 *s, Cost16 *c, int a, int b, uint16_t *change)
{
	const int blk = 1 << CKPT_SHIFT;
	for (int v = a; v < b;) {
		int e = (v | (blk - 1)) + 1;
		if ((v & (blk - 1)) == 0)
			s->ckpt[v >> CKPT_SHIFT] = *c;
		e = e < b ? e : b;
		for (; v < e; v++)
			step16(s, c, v, change);
	}
}

ENC int
weight_steps16(Search16 *s, int n, uint16_t *change)
{
	Cost16 init, c[4], t;
	int L = n / 4 >> CKPT_SHIFT << CKPT_SHIFT, start[5];
	init.c0 = _mm_setzero_si128();
	/* lanes 8..12 real, 13..15 padding */
	init.c1 = _mm_setr_epi16(0, 0, 0, 0, 0, PAD16, PAD16, PAD16);
	if (n < 8192) {
		t = init;
		steps16_run(s, &t, 0, n, change);
		return argmin16(t.c0, t.c1, hmin16(t.c0, t.c1));
	}
	for (int k = 0; k < 4; k++) {
		start[k] = k * L;
		c[k] = init;
	}
	start[4] = n;
	/* the pieces start on saved states: L is a multiple of 64 */
	for (int i = 0; i < L; i += 1 << CKPT_SHIFT) {
		for (int k = 0; k < 4; k++)
			s->ckpt[(start[k] + i) >> CKPT_SHIFT] = c[k];
		for (int v = i; v < i + (1 << CKPT_SHIFT); v++) {
			step16(s, &c[0], start[0] + v, change);
			step16(s, &c[1], start[1] + v, change);
			step16(s, &c[2], start[2] + v, change);
			step16(s, &c[3], start[3] + v, change);
		}
	}
	steps16_run(s, &c[3], start[3] + L, n, change);
	/* c[k] is piece k's end; the reruns make it true in turn */
	for (int k = 1; k < 4; k++) {
		int v;
		t = c[k - 1];
		for (v = start[k]; v < start[k + 1]; v++) {
			if ((v & ((1 << CKPT_SHIFT) - 1)) == 0) {
				if (cost16_eq(t, s->ckpt[v >> CKPT_SHIFT]))
					break;
				s->ckpt[v >> CKPT_SHIFT] = t;
			}
			step16(s, &t, v, change);
		}
		if (v == start[k + 1])
			c[k] = t;
	}
	return argmin16(c[3].c0, c[3].c1, hmin16(c[3].c0, c[3].c1));
}

#if defined(MLW_DISPATCH)
/* The weight search for the fast build: the sixteen 16-bit costs in one
 * AVX2 register, the cheapest found with SSE4.1's minpos on the minimum
 * of the two halves (three operations where the baseline's shuffle
 * tree takes seven). The same arithmetic as step16 (costs are never
 * negative, so the unsigned minimum is the signed one), the same saved
 * states (a Cost16 is lanes 0..15 in order), hence the same path; not
 * inlined, since the baseline build must not contain it. */
#define ENCX static inline __attribute__((always_inline, target(MLW_FAST)))

ENCX __m256i
step_x(__m256i c, const int16_t *b, uint16_t *chg)
{
	const __m256i e = _mm256_set1_epi16(40);
	__m128i m8 = _mm_min_epu16(_mm256_castsi256_si128(c),
	    _mm256_extracti128_si256(c, 1));
	__m256i m = _mm256_broadcastw_epi16(_mm_minpos_epu16(m8));
	__m256i d = _mm256_sub_epi16(c, m);
	__m256i x = _mm256_cmpgt_epi16(d, e);
	*chg = (uint16_t)(_mm_movemask_epi8(_mm_packs_epi16(
	    _mm256_castsi256_si128(x), _mm256_extracti128_si256(x, 1))) &
	    0x1fff);
	return _mm256_add_epi16(_mm256_min_epi16(d, e),
	    _mm256_loadu_si256((const __m256i *)b));
}

/* Two steps of step_x over the bit rows b0 and b1, their change masks
 * into chg[0] and chg[1] from one packing of both compares (a step's
 * mask alone takes an extract, a pack and a move of its own). */
ENCX __m256i
step_x2(__m256i c, const int16_t *b0, const int16_t *b1, uint16_t *chg)
{
	const __m256i e = _mm256_set1_epi16(40);
	__m128i m8 = _mm_min_epu16(_mm256_castsi256_si128(c),
	    _mm256_extracti128_si256(c, 1));
	__m256i d0 = _mm256_sub_epi16(c, _mm256_broadcastw_epi16(
	    _mm_minpos_epu16(m8)));
	__m256i x0 = _mm256_cmpgt_epi16(d0, e), d1, x1, pk;
	uint32_t m2;
	c = _mm256_add_epi16(_mm256_min_epi16(d0, e),
	    _mm256_loadu_si256((const __m256i *)b0));
	m8 = _mm_min_epu16(_mm256_castsi256_si128(c),
	    _mm256_extracti128_si256(c, 1));
	d1 = _mm256_sub_epi16(c, _mm256_broadcastw_epi16(
	    _mm_minpos_epu16(m8)));
	x1 = _mm256_cmpgt_epi16(d1, e);
	/* the pack interleaves the halves: qwords 0, 2 are x0's */
	pk = _mm256_permute4x64_epi64(_mm256_packs_epi16(x0, x1), 0xd8);
	m2 = (uint32_t)_mm256_movemask_epi8(pk) & 0x1fff1fffu;
	memcpy(chg, &m2, sizeof(m2));
	return _mm256_add_epi16(_mm256_min_epi16(d1, e),
	    _mm256_loadu_si256((const __m256i *)b1));
}

ENCX void
save_x(Search16 *s, int v, __m256i c)
{
	_mm256_storeu_si256((__m256i *)&s->ckpt[v >> CKPT_SHIFT], c);
}

ENCX __m256i
steps_x_run(Search16 *s, __m256i c, int a, int b, uint16_t *change)
{
	const int blk = 1 << CKPT_SHIFT;
	const int16_t (*row)[NLANES] = s->tab->row;
	const uint16_t *w = s->vals;
	for (int v = a; v < b;) {
		int e = (v | (blk - 1)) + 1;
		if ((v & (blk - 1)) == 0)
			save_x(s, v, c);
		e = e < b ? e : b;
		for (; v + 1 < e; v += 2)
			c = step_x2(c, row[w[v]], row[w[v + 1]],
			    &change[v + 1]);
		if (v < e) {
			c = step_x(c, row[w[v]], &change[v + 1]);
			v++;
		}
	}
	return c;
}

ENCX int
argmin_x(__m256i c)
{
	Cost16 t;
	t.c0 = _mm256_castsi256_si128(c);
	t.c1 = _mm256_extracti128_si256(c, 1);
	return argmin16(t.c0, t.c1, hmin16(t.c0, t.c1));
}

/* weight_steps16 in one register: the same pieces and reruns. */
__attribute__((target(MLW_FAST))) static int
weight_steps_avx2(Search16 *s, int n, uint16_t *change)
{
	const int blk = 1 << CKPT_SHIFT;
	int L = n / 4 >> CKPT_SHIFT << CKPT_SHIFT, start[5];
	__m256i init = _mm256_setr_epi16(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	    0, PAD16, PAD16, PAD16), c[4], t;
	const int16_t (*row)[NLANES] = s->tab->row;
	const uint16_t *w = s->vals;
	if (n < 8192)
		return argmin_x(steps_x_run(s, init, 0, n, change));
	for (int k = 0; k < 4; k++) {
		start[k] = k * L;
		c[k] = init;
	}
	start[4] = n;
	for (int i = 0; i < L; i += blk) {
		for (int k = 0; k < 4; k++)
			save_x(s, start[k] + i, c[k]);
		/* blk is even: the steps go in pairs */
		for (int v = i; v < i + blk; v += 2) {
			int x0 = start[0] + v, x1 = start[1] + v;
			int x2 = start[2] + v, x3 = start[3] + v;
			c[0] = step_x2(c[0], row[w[x0]], row[w[x0 + 1]],
			    &change[x0 + 1]);
			c[1] = step_x2(c[1], row[w[x1]], row[w[x1 + 1]],
			    &change[x1 + 1]);
			c[2] = step_x2(c[2], row[w[x2]], row[w[x2 + 1]],
			    &change[x2 + 1]);
			c[3] = step_x2(c[3], row[w[x3]], row[w[x3 + 1]],
			    &change[x3 + 1]);
		}
	}
	c[3] = steps_x_run(s, c[3], start[3] + L, n, change);
	for (int k = 1; k < 4; k++) {
		int v;
		t = c[k - 1];
		for (v = start[k]; v < start[k + 1]; v++) {
			if ((v & (blk - 1)) == 0) {
				__m256i saved = _mm256_loadu_si256(
				    (const __m256i *)&s->ckpt[v >> CKPT_SHIFT]);
				if (_mm256_movemask_epi8(_mm256_cmpeq_epi16(t,
				    saved)) == -1)
					break;
				save_x(s, v, t);
			}
			t = step_x(t, s->tab->row[s->vals[v]], &change[v + 1]);
		}
		if (v == start[k + 1])
			c[k] = t;
	}
	return argmin_x(c[3]);
}
#endif

/* Step i's `from`: the cheapest parameter before value i - 1, found by
 * replaying the steps since the last saved state. */
ENC int
replay_from(const Search16 *s, int i)
{
	const __m128i e = _mm_set1_epi16(40);
	int v = (i - 1) >> CKPT_SHIFT << CKPT_SHIFT;
	__m128i c0 = s->ckpt[v >> CKPT_SHIFT].c0;
	__m128i c1 = s->ckpt[v >> CKPT_SHIFT].c1, m;
	for (; v < i - 1; v++) {
		const int16_t *b = s->tab->row[s->vals[v]];
		m = hmin16(c0, c1);
		c0 = _mm_add_epi16(_mm_min_epi16(_mm_sub_epi16(c0, m), e),
		    _mm_loadu_si128((const __m128i *)b));
		c1 = _mm_add_epi16(_mm_min_epi16(_mm_sub_epi16(c1, m), e),
		    _mm_loadu_si128((const __m128i *)(b + 8)));
	}
	return argmin16(c0, c1, hmin16(c0, c1));
}
#endif

/* A zero run's bits under the four zero-run parameters (divisor j:
 * unary quotient, stop bit, j remainder bits) for runs below 256, most
 * of them: a load where four shifts and adds were. */
#define MLW_Z(z) { (z) + 1, ((z) >> 1) + 2, ((z) >> 2) + 3, ((z) >> 3) + 4 }
#define MLW_Z4(z) MLW_Z(z), MLW_Z((z) + 1), MLW_Z((z) + 2), MLW_Z((z) + 3)
#define MLW_Z16(z) MLW_Z4(z), MLW_Z4((z) + 4), MLW_Z4((z) + 8), \
	MLW_Z4((z) + 12)
#define MLW_Z64(z) MLW_Z16(z), MLW_Z16((z) + 16), MLW_Z16((z) + 32), \
	MLW_Z16((z) + 48)

static const int32_t z_bits[256][4] __attribute__((aligned(16))) = {
	MLW_Z64(0), MLW_Z64(64), MLW_Z64(128), MLW_Z64(192),
};

/* Steps 1..n of the search in 32-bit lanes (zero runs, whose costs
 * can be large, and the weights without SSE2); returns the best final
 * parameter. */
ENC int
steps32(const uint16_t *wv, const int *zv, int n, int raw_bits,
    const Runs *free_at, Path *pa, Grow *tabmem)
{
	bool zmode = zv != NULL;
	int ncfg = zmode ? 4 : 13, fi = 0, best = INT_MAX, bj = 0;
	int32_t cost[NLANES], zbits[4];
	BitsTable *tab = zmode ? NULL : grow(tabmem, sizeof(*tab));
	if (tab)
		memset(tab->have, 0, sizeof(tab->have));
	for (int j = 0; j < NLANES; j++)
		cost[j] = j < ncfg ? 0 : PAD_BITS;
	/* the next step where a parameter change is free, -1 none */
	int next_free = free_at && free_at->n > 0 ? free_at->end[0] : -1;
	for (int i = 0; i < n; i++) {
		int extra = 40;
		if (i + 1 == next_free) {
			extra = 0;
			fi++;
			next_free = fi < free_at->n ? free_at->end[fi] : -1;
		}
		if (tab) {
			path_set(pa, i + 1, path_step13(cost,
			    w_bits(tab, wv[i], raw_bits), extra));
		} else if (zv[i] < 256) {
			path_set(pa, i + 1, path_step4(cost, z_bits[zv[i]],
			    extra));
		} else {
			/* code_bits(v, j, true, 0): unary quotient, stop
			 * bit, j remainder bits. */
			for (int j = 0; j < 4; j++)
				zbits[j] = (zv[i] >> j) + 1 + j;
			path_set(pa, i + 1, path_step4(cost, zbits, extra));
		}
	}
	for (int j = 0; j < ncfg; j++)
		if (cost[j] < best)
			best = cost[bj = j];
	return bj;
}

/* The walk back's fast-forward: from step i down, the first step that
 * may switch parameter cfg (bit cfg of its change mask), eight steps
 * at a time; stops at step 0 at the latest. */
ENC int
skip_kept(const uint16_t *change, int i, int cfg)
{
#if defined(__SSE2__)
	const __m128i bit = _mm_set1_epi16((short)(1 << cfg));
	const __m128i zero = _mm_setzero_si128();
	while (i >= 8) {
		__m128i x = _mm_loadu_si128((const __m128i *)(change + i - 7));
		/* movemask sees only each byte's top bit: compare first */
		if (_mm_movemask_epi8(_mm_cmpeq_epi16(_mm_and_si128(x, bit),
		    zero)) != 0xffff)
			break;
		i -= 8;
	}
#endif
	while (i > 0 && !(change[i] >> cfg & 1))
		i--;
	return i;
}

/* Shortest path over (value, parameter) with 40 bits per parameter
 * change (free where `free_at` already has a slice boundary), over the
 * weight indices wv or (when wv is NULL) the zero runs zv. Ties go to
 * the lower parameter index, and to keeping the parameter. */
ENC void
search_params(EthosuMlwScratch *sc, bool wide, const uint16_t *wv,
    const int *zv, int n, int raw_bits, const Runs *free_at, Runs *out)
{
	int bj, cfg, end, k;
	Path pa = {0};
	pa.change = grow_as(&sc->change, (size_t)(n + 1) *
	    sizeof(*pa.change), true);
	pa.change[0] = 0;
#if defined(__SSE2__)
	Search16 s16 = { wv, raw_bits, NULL, NULL };
	if (!zv) {
		bool fresh = sc->tab.cap < sizeof(*s16.tab);
		s16.tab = grow(&sc->tab, sizeof(*s16.tab));
		bits16_prepare(s16.tab, fresh, raw_bits);
		s16.ckpt = grow(&sc->ckpt, ((size_t)n / (1 << CKPT_SHIFT) +
		    1) * sizeof(*s16.ckpt));
		pa.s16 = &s16;
#if defined(MLW_DISPATCH)
		if (wide)
			bj = weight_steps_avx2(&s16, n, pa.change);
		else
#endif
			bj = weight_steps16(&s16, n, pa.change);
	} else {
		pa.from = grow(&sc->from, (size_t)n + 1);
		bj = steps32(NULL, zv, n, 0, free_at, &pa, &sc->tab);
	}
#else
	pa.from = grow(&sc->from, (size_t)n + 1);
	bj = steps32(wv, zv, n, raw_bits, free_at, &pa, &sc->tab);
#endif
	/* Walk back: a state whose predecessor had another parameter
	 * starts a run; the run before it ends one value earlier. Runs
	 * come out last first: collected, then reversed. */
	out->n = 0;
	cfg = bj;
	end = n;
	for (int i = n; i >= 0; i--) {
		i = skip_kept(pa.change, i, cfg);
		/* step 0 changes nothing: the first run starts there */
		if (!(pa.change[i] >> cfg & 1) && i > 0)
			continue;
		int pc = i > 0 ? path_from(&pa, i) : cfg;
		if (pc == cfg && i > 0)
			continue;
		runs_push(out, cfg, end);
		cfg = pc;
		end = i - 1;
	}
	for (k = 0; k < out->n / 2; k++) {
		int j = out->n - 1 - k, t = out->end[k];
		uint8_t c = out->cfg[k];
		out->end[k] = out->end[j];
		out->end[j] = t;
		out->cfg[k] = out->cfg[j];
		out->cfg[j] = c;
	}
}

/* One slice's coding parameters. */
typedef struct SliceEnc {
	const uint16_t *w;      /* weight indices */
	const int *z;           /* zero runs (NULL without) */
	int len;
	bool newpal;
	bool raw, trunc;
	int wdiv, zdiv;
} SliceEnc;

/* One chunk of one of the two streams, as bits: the unary part (u0;
 * for weights also u1, n1 bits) and the remainders of the values it
 * completed, packed in two words of nrem[] bits each (raw indices of 9
 * bits, 8 to a chunk, overflow one word). */
typedef struct EncChunk {
	bool on;
	uint32_t u0, u1;
	int n1;
	uint64_t rem[2];
	int nrem[2];
} EncChunk;

/* A stream's progress across chunks: values completed (pos) and, for
 * zero runs, the one under way, if any (left > 0): its positions still
 * to write and its remainder. */
typedef struct EncPos {
	int pos, left;
	uint32_t r;
} EncPos;

ENC uint32_t
ones(int k)
{
	return (1u << k) - 1;
}

/* The chunk's weight part for raw indices: npos (12; 8 over 5 bits)
 * values, one position each, no unary bits; their remainders in two
 * words of at most six. */
ENC void
w_raw_chunk(const SliceEnc *s, EncPos *p, EncChunk *c)
{
	const int npos = s->wdiv > 5 ? 8 : 12, half = npos / 2;
	const int wdiv = s->wdiv, pos = p->pos;
	int n = s->len - pos < npos ? s->len - pos : npos;
	uint64_t rem = 0, rem2 = 0;
	for (int k = 0; k < n; k++) {
		uint64_t r = s->w[pos + k];
		if (k < half)
			rem |= r << (k * wdiv);
		else
			rem2 |= r << ((k - half) * wdiv);
	}
	c->rem[0] = rem;
	c->rem[1] = rem2;
	c->nrem[0] = (n < half ? n : half) * wdiv;
	c->nrem[1] = (n > half ? n - half : 0) * wdiv;
	c->u0 = c->u1 = 0;
	c->n1 = 0;
	p->pos = pos + n;
}

/* The chunk's zero-run part: zlen positions; a run's quotient q is q
 * ones and a zero, its remainder due where the zero falls. */
ENC void
z_chunk(const SliceEnc *s, int zn, int zlen, EncPos *p, EncChunk *c)
{
	const int zdiv = s->zdiv;
	const int *z = s->z;
	int j = 0, nr = 0, pos = p->pos;
	uint32_t u0 = 0, mask = ones(zdiv);
	uint64_t rem = 0;
	if (p->left > 0) {
		if (p->left > zlen) {
			p->left -= zlen;
			c->u0 = ones(zlen);
			c->rem[0] = 0;
			c->nrem[0] = 0;
			return;
		}
		u0 = ones(p->left - 1);
		j = p->left;
		rem = p->r;
		nr = 1;
		pos++;
		p->left = 0;
	}
	while (j < zlen && pos < zn) {
		int q = z[pos] >> zdiv;
		uint32_t r = (uint32_t)z[pos] & mask;
		if (q >= zlen - j) {
			/* carried: the rest of the chunk is ones */
			u0 |= ones(zlen - j) << j;
			p->left = q + 1 - (zlen - j);
			p->r = r;
			j = zlen;
			break;
		}
		u0 |= ones(q) << j;
		j += q + 1;
		rem |= (uint64_t)r << (nr++ * zdiv);
		pos++;
	}
	p->pos = pos;
	c->u0 = u0;
	c->rem[0] = rem;
	c->nrem[0] = nr * zdiv;
}

ENC void
put_header(BitWriter *bw, const SliceEnc *s, const Palette *p)
{
	bw_reserve(bw, 64);
	bw_put(bw, 3, (uint32_t)(s->z ? s->zdiv : ZDIV_NONE));
	bw_put(bw, 15, (uint32_t)(s->len - 1));
	bw_put(bw, 3, (uint32_t)(s->raw ? WDIV_RAW : s->wdiv));
	bw_put(bw, 1, s->trunc);
	bw_put(bw, 1, s->newpal);
	if (!s->newpal)
		return;
	bw_put(bw, 5, (uint32_t)p->diroff);
	bw_put(bw, 5, (uint32_t)(p->size > 0 ? p->size - 1 : 0));
	bw_put(bw, 3, (uint32_t)(p->bits - 2));
	for (int k = 0; k < p->size; k++)
		bw_put(bw, p->bits, (uint32_t)p->lut[k]);
}

/* Coded (not raw) weight indices are cut into chunks from a code
 * string. A chunk has 12 unary positions; a quotient q takes positions
 * worth two each (three when truncated: then q <= 2 and one position):
 * the first ceil(q/2) carry a u0 one, the first floor(q/2) of those a
 * u1 one, and untruncated a last position is worth q & 1 (floor(q/2) +
 * 1 positions in all). A value's remainder is due in the chunk where
 * its last position falls; after the slice, padding positions (zero
 * bits, no remainder) fill the chunk. In the code string a position is
 * two bits, u0 then whether it is worth two, so an untruncated quotient
 * is q ones padded with zeros to an even length, and chunk k is the 24
 * bits at byte 3k: its u0 bits are the even bits, its u1 bits the odd
 * bits taken at the u0 ones, and the values that end in it its
 * positions not worth two (all, when truncated). So a value costs a
 * few shifts and a quarter of a 64-bit store, and no branch depends on
 * where a value ends (the value-at-a-time coder mispredicted about once
 * a chunk). The remainders of the whole slice, wdiv bits each, are
 * packed first (eight values in wdiv bytes). */
enum {
	WB_VALUES = 128,
	WB_LONG = 54,           /* longest quotient coded in one store */
	/* The search leaves no quotient above 31 (Vela's limit, see
	 * code_bits): a code is 32 bits at most. Sized for any index the
	 * encoder makes (below 544: 68 bytes), plus the partial chunk
	 * and the last store's 8 bytes. */
	WB_BYTES = WB_VALUES * 68 + 32,
	/* remainders of up to 5 bits; rem_bits reads 9 bytes */
	WR_BYTES = MAX_SLICE / 8 * 5 + 24,
};

/* A chunk's four positions' fields by their eight code bits: u0 in
 * bits 0-3, u1 in 4-7, u0 ones in 8-10, positions worth two in 12-14
 * (for the baseline; the fast build uses pext). */
#define CQ_B(x, i) ((x) >> (2 * (i)) & 1)
#define CQ_H(x, i) ((x) >> (2 * (i) + 1) & 1 & CQ_B(x, i))
#define CQ_U1(x) (CQ_H(x, 0) | CQ_H(x, 1) << CQ_B(x, 0) | \
    CQ_H(x, 2) << (CQ_B(x, 0) + CQ_B(x, 1)) | \
    CQ_H(x, 3) << (CQ_B(x, 0) + CQ_B(x, 1) + CQ_B(x, 2)))
#define CQ(x) (CQ_B(x, 0) | CQ_B(x, 1) << 1 | CQ_B(x, 2) << 2 | \
    CQ_B(x, 3) << 3 | CQ_U1(x) << 4 | \
    (CQ_B(x, 0) + CQ_B(x, 1) + CQ_B(x, 2) + CQ_B(x, 3)) << 8 | \
    (CQ_H(x, 0) + CQ_H(x, 1) + CQ_H(x, 2) + CQ_H(x, 3)) << 12)
#define CQ4(x) CQ(x), CQ((x) + 1), CQ((x) + 2), CQ((x) + 3)
#define CQ16(x) CQ4(x), CQ4((x) + 4), CQ4((x) + 8), CQ4((x) + 12)
#define CQ64(x) CQ16(x), CQ16((x) + 16), CQ16((x) + 32), CQ16((x) + 48)
static const uint16_t code_quads[256] = {
	CQ64(0), CQ64(64), CQ64(128), CQ64(192),
};

/* Loads little-endian words (the code string and the remainders). */
ENC uint32_t
load_le32(const uint8_t *p)
{
	uint32_t v;
	memcpy(&v, p, 4);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	v = __builtin_bswap32(v);
#endif
	return v;
}

ENC uint64_t
load_le64(const uint8_t *p)
{
	uint64_t v;
	memcpy(&v, p, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	v = __builtin_bswap64(v);
#endif
	return v;
}

/* One chunk's unary parts, from its 24 code bits. */
typedef struct WCode {
	uint32_t u0, u1;
	int n1;                 /* u0 ones: u1's length */
	int two;                /* positions worth two (no value ends there) */
} WCode;

#if defined(MLW_DISPATCH) && defined(__x86_64__)
__attribute__((target(MLW_FAST))) static inline uint64_t
pext_fast(uint64_t x, uint64_t m)
{
	return _pext_u64(x, m);
}

__attribute__((target(MLW_FAST))) static inline WCode
chunk_code_pext(uint32_t c)
{
	uint32_t u0 = (uint32_t)_pext_u64(c, 0x555555);
	uint32_t h = (uint32_t)_pext_u64(c, 0xaaaaaa);
	return (WCode){ u0, (uint32_t)_pext_u64(h, u0),
	    __builtin_popcount(u0), __builtin_popcount(h) };
}
#endif

ENC WCode
chunk_code(uint32_t c, bool wide)
{
	uint32_t t0, t1, t2;
	int a0, a1;
#if defined(MLW_DISPATCH) && defined(__x86_64__)
	if (wide)
		return chunk_code_pext(c);
#endif
	(void)wide;
	t0 = code_quads[c & 255];
	t1 = code_quads[c >> 8 & 255];
	t2 = code_quads[c >> 16 & 255];
	a0 = t0 >> 8 & 7;
	a1 = t1 >> 8 & 7;
	return (WCode){ (t0 & 15) | (t1 & 15) << 4 | (t2 & 15) << 8,
	    (t0 >> 4 & 15) | (t1 >> 4 & 15) << a0 |
	    (t2 >> 4 & 15) << (a0 + a1),
	    a0 + a1 + (int)(t2 >> 8 & 7),
	    (int)(t0 >> 12) + (int)(t1 >> 12) + (int)(t2 >> 12) };
}

/* The code string's writer: bits below nb (< 8) of acc are the partial
 * byte at p, already stored there. */
typedef struct CodeW {
	uint8_t *p;
	uint64_t acc;
	unsigned nb;
} CodeW;

/* Appends len bits (nb + len <= 64; v clean), one store, no branch. */
ENC void
code_put(CodeW *c, uint64_t v, unsigned len)
{
	c->acc |= v << c->nb;
	c->nb += len;
	store_le64(c->p, c->acc);
	c->p += c->nb >> 3;
	c->acc >>= c->nb & 56;
	c->nb &= 7;
}

/* q ones (q < 64). */
#if defined(MLW_DISPATCH) && defined(__x86_64__)
__attribute__((target(MLW_FAST))) static inline uint64_t
bzhi_fast(uint64_t x, uint32_t n)
{
	return _bzhi_u64(x, n);
}
#endif

ENC uint64_t
ones64(uint32_t q, bool wide)
{
#if defined(MLW_DISPATCH) && defined(__x86_64__)
	if (wide)
		return bzhi_fast(~0ull, q);
#endif
	(void)wide;
	return (1ull << q) - 1;
}

/* Appends one quotient's code. Quotients above WB_LONG (none today:
 * the search stops at 31; kept so a change there cannot corrupt the
 * string) give 48 ones at a time first, an even count, so the padding
 * is kept. */
ENC void
code_one(CodeW *c, uint32_t q, bool wide)
{
	for (; q > WB_LONG; q -= 48)
		code_put(c, ones64(48, wide), 48);
	code_put(c, ones64(q, wide), (q | 1) + 1);
}

/* Appends the codes of n indices, four a store unless they take more
 * than 56 bits (on MobileNet-v2 a value is 3 bits on average); when
 * truncated, a code is two bits. */
ENC void
w_codes(CodeW *cw, const uint16_t *w, int n, int wdiv, bool trunc,
    bool wide)
{
	CodeW c = *cw;
	int i = 0;
	if (trunc) {
		/* q is 0..2: its code is q ones */
		for (; i + 4 <= n; i += 4) {
			uint64_t v = 0;
			for (int k = 0; k < 4; k++) {
				uint32_t q = (uint32_t)w[i + k] >> wdiv;
				uint64_t code = (q > 0) | (q > 1) << 1;
				v |= code << 2 * k;
			}
			code_put(&c, v, 8);
		}
		for (; i < n; i++) {
			uint32_t q = (uint32_t)w[i] >> wdiv;
			code_put(&c, (q > 0) | (uint64_t)(q > 1) << 1, 2);
		}
		*cw = c;
		return;
	}
	for (; i + 4 <= n; i += 4) {
		uint32_t q0 = (uint32_t)w[i] >> wdiv;
		uint32_t q1 = (uint32_t)w[i + 1] >> wdiv;
		uint32_t q2 = (uint32_t)w[i + 2] >> wdiv;
		uint32_t q3 = (uint32_t)w[i + 3] >> wdiv;
		unsigned o1 = (q0 | 1) + 1, o2 = o1 + (q1 | 1) + 1;
		unsigned o3 = o2 + (q2 | 1) + 1, len = o3 + (q3 | 1) + 1;
		if (len > 56) {
			code_one(&c, q0, wide);
			code_one(&c, q1, wide);
			code_one(&c, q2, wide);
			code_one(&c, q3, wide);
			continue;
		}
		code_put(&c, ones64(q0, wide) | ones64(q1, wide) << o1 |
		    ones64(q2, wide) << o2 | ones64(q3, wide) << o3, len);
	}
	for (; i < n; i++)
		code_one(&c, (uint32_t)w[i] >> wdiv, wide);
	*cw = c;
}

/* Eight indices' low wdiv bits, packed. */
ENC uint64_t
rems8(const uint16_t *w, int wdiv, bool wide)
{
	uint64_t x = 0, mask = ones(wdiv);
#if defined(MLW_DISPATCH) && defined(__x86_64__)
	if (wide) {
		uint64_t m = mask * 0x0001000100010001ull;
		return pext_fast(load_le64((const uint8_t *)w), m) |
		    pext_fast(load_le64((const uint8_t *)(w + 4)), m) <<
		    (4 * wdiv);
	}
#endif
	(void)wide;
	/* each word's four 16-bit lanes moved down to k * wdiv (the
	 * loop over eight values was 65 instructions) */
	for (int h = 0; h < 2; h++) {
		const uint16_t *u = w + 4 * h;
		uint64_t y = u[0] | (uint64_t)u[1] << 16 |
		    (uint64_t)u[2] << 32 | (uint64_t)u[3] << 48;
		y = (y & mask) | (y >> (16 - wdiv) & mask << wdiv) |
		    (y >> (32 - 2 * wdiv) & mask << 2 * wdiv) |
		    (y >> (48 - 3 * wdiv) & mask << 3 * wdiv);
		x |= y << (4 * wdiv * h);
	}
	return x;
}

/* The slice's remainders, eight values in wdiv bytes, then zeros. */
ENC void
w_rems(const uint16_t *w, int len, int wdiv, uint8_t *r, bool wide)
{
	uint16_t t[8] = {0};
	int g = 0;
	for (; g + 8 <= len; g += 8, r += wdiv)
		store_le64(r, rems8(w + g, wdiv, wide));
	memcpy(t, w + g, (size_t)(len - g) * sizeof(*w));
	store_le64(r, rems8(t, wdiv, wide));
	store_le64(r + wdiv, 0);
	store_le64(r + wdiv + 8, 0);
}

/* n (< 64) bits of r from bit at. */
ENC uint64_t
rem_bits(const uint8_t *r, int at, int n)
{
	const uint8_t *b = r + (at >> 3);
	int s = at & 7;
	uint64_t x = load_le64(b) >> s | (uint64_t)b[8] << 1 << (63 - s);
	return x & ((1ull << n) - 1);
}

/* A slice's weight code string, read a chunk at a time: the next
 * WB_VALUES values are coded whenever fewer than a chunk's 24 bits are
 * left (a value is two bits at least, so one batch is enough). */
typedef struct WStr {
	CodeW cw;
	uint8_t *code;          /* WB_BYTES */
	uint8_t *rems;          /* WR_BYTES */
	int done;               /* values coded */
	int at;                 /* byte of the next chunk */
	int two;                /* 1 unless truncated: positions worth two
	                         * end no value */
} WStr;

/* Its buffers are the caller's: held in the struct, their stores
 * (bytes, which alias anything) made the compiler reload the
 * counters a chunk. */
ENC void
wstr_init(WStr *ws, const SliceEnc *s, uint8_t *code, uint8_t *rems,
    bool wide)
{
	*ws = (WStr){ { code, 0, 0 }, code, rems, 0, 0, !s->trunc };
	w_rems(s->w, s->len, s->wdiv, rems, wide);
}

/* The next chunk (p->pos < s->len): its unary parts and the remainders
 * of the values that end in it, the first p->pos. After the last value
 * the code string's padding is the zeros above acc's bits. */
ENC void
wstr_chunk(WStr *ws, const SliceEnc *s, EncPos *p, EncChunk *c, bool wide)
{
	int have = (int)(ws->cw.p - ws->code - ws->at) * 8 + (int)ws->cw.nb;
	int ends, nv;
	WCode k;
	if (have < 24 && ws->done < s->len) {
		int n = s->len - ws->done;
		n = n < WB_VALUES ? n : WB_VALUES;
		/* the partial chunk (under 3 bytes) and acc's byte */
		memmove(ws->code, ws->code + ws->at, 16);
		ws->cw.p -= ws->at;
		ws->at = 0;
		w_codes(&ws->cw, s->w + ws->done, n, s->wdiv, s->trunc, wide);
		ws->done += n;
	}
	k = chunk_code(load_le32(ws->code + ws->at) & 0xffffff, wide);
	ws->at += 3;
	ends = 12 - ws->two * k.two;
	nv = ends < s->len - p->pos ? ends : s->len - p->pos;
	c->u0 = k.u0;
	c->u1 = k.u1;
	c->n1 = k.n1;
	c->rem[0] = rem_bits(ws->rems, p->pos * s->wdiv, nv * s->wdiv);
	c->nrem[0] = nv * s->wdiv;
	c->rem[1] = 0;
	c->nrem[1] = 0;
	p->pos += nv;
}

/* The chunks of a slice of coded (not raw) weights without zero runs,
 * most of them: a chunk is its WUNARY0 and WUNARY1 and the previous
 * chunk's remainders (up to 60 bits), in two stores. The code string
 * is cut WB_VALUES values at a time into all the chunks it completes
 * (pulled a chunk at a time through a WStr, as the general loop does,
 * this was 138 -> 157 M instructions on the flow). */
ENC void
encode_wslice(BitWriter *bwp, const SliceEnc *s, uint8_t *code,
    uint8_t *rems, bool wide)
{
	BitWriter bw = *bwp;
	CodeW cw = { code, 0, 0 };
	uint64_t prem = 0;
	const int wdiv = s->wdiv, len = s->len, two = s->trunc ? 0 : 1;
	int done = 0, pos = 0, pn = 0;
	w_rems(s->w, len, wdiv, rems, wide);
	while (done < len) {
		int n = len - done < WB_VALUES ? len - done : WB_VALUES;
		int bits, nch;
		w_codes(&cw, s->w + done, n, wdiv, s->trunc, wide);
		done += n;
		/* whole chunks; at the end, the last one's padding is the
		 * zeros above acc's bits */
		bits = (int)(cw.p - code) * 8 + (int)cw.nb;
		nch = done < len ? bits / 24 : (bits + 23) / 24;
		bw_reserve(&bw, (size_t)nch * 11 + 8);
		for (int k = 0; k < nch; k++) {
			WCode c = chunk_code(load_le32(code + 3 * k) & 0xffffff,
			    wide);
			int ends = 12 - two * c.two, hl = 12 + c.n1;
			int nv = ends < len - pos ? ends : len - pos;
			bw_put_clean(&bw, hl + (pn < 32 ? pn : 32), c.u0 |
			    (uint64_t)c.u1 << 12 | (prem & 0xffffffffu) << hl);
			bw_put_clean(&bw, pn > 32 ? pn - 32 : 0, prem >> 32);
			prem = rem_bits(rems, pos * wdiv, nv * wdiv);
			pn = nv * wdiv;
			pos += nv;
		}
		/* the partial chunk (under 3 bytes) and acc's byte to the
		 * front */
		memmove(code, code + 3 * nch, 16);
		cw.p -= 3 * nch;
	}
	bw_reserve(&bw, 16);
	bw_put64(&bw, pn, prem);
	*bwp = bw;
}

/* Chunks interleave the two streams: weight WUNARY0, zero-run unary,
 * WUNARY1, then the previous chunk's weight and zero-run remainders;
 * the zero runs may run ahead of the weights by up to 8 values but not
 * fall behind (the decoder's flow control, see decode_slice). The
 * writer lives in a local copy: its fields cannot alias the buffer. */
ENC void
encode_slice(BitWriter *bwp, const SliceEnc *s, const Palette *p, bool wide)
{
	int zn = s->len + s->newpal, zlen = s->zdiv < 3 ? 12 : 8;
	EncPos wp = {0}, zp = {0};
	EncChunk wc = {0}, zc = {0}, wprev = {0}, zprev = {0};
	BitWriter bw = *bwp;
	WStr ws = {0};
	uint8_t code[WB_BYTES], rems[WR_BYTES];
	put_header(&bw, s, p);
	if (!s->z && !s->raw) {
		encode_wslice(&bw, s, code, rems, wide);
		*bwp = bw;
		return;
	}
	if (!s->raw)
		wstr_init(&ws, s, code, rems, wide);
	do {
		int bal = s->z ? wp.pos - zp.pos : 0;
		wc.on = bal < 8 && wp.pos < s->len;
		zc.on = bal >= 0 && s->z && zp.pos < zn;
		/* at most 12 + 12 + 12 + 72 + 36 bits; the unary parts
		 * (clean, 36 bits at most) in one store */
		uint64_t head = 0;
		int hl = 0;
		bool wu = wc.on && !s->raw;
		bw_reserve(&bw, 24);
		if (wc.on) {
			if (s->raw)
				w_raw_chunk(s, &wp, &wc);
			else
				wstr_chunk(&ws, s, &wp, &wc, wide);
			if (wu) {
				head = wc.u0;
				hl = 12;
			}
		}
		if (zc.on) {
			z_chunk(s, zn, zlen, &zp, &zc);
			head |= (uint64_t)zc.u0 << hl;
			hl += zlen;
		}
		if (wu) {
			head |= (uint64_t)wc.u1 << hl;
			hl += wc.n1;
		}
		bw_put_clean(&bw, hl, head);
		if (wprev.on) {
			bw_put64(&bw, wprev.nrem[0], wprev.rem[0]);
			bw_put(&bw, wprev.nrem[1], wprev.rem[1]);
		}
		if (zprev.on)
			bw_put(&bw, zprev.nrem[0], zprev.rem[0]);
		wprev = wc;
		zprev = zc;
	} while (wprev.on || zprev.on);
	*bwp = bw;
}

/* encode_slice out of line, once per build: inlined into the whole
 * encoder, its per-value loops kept their pointers and counters on the
 * stack (no registers left); on its own they stay in registers. A call
 * per slice costs nothing next to it. */
__attribute__((noinline)) static void
encode_slice_base(BitWriter *bw, const SliceEnc *s, const Palette *p)
{
	encode_slice(bw, s, p, false);
}

#if defined(MLW_DISPATCH)
__attribute__((noinline, target(MLW_FAST))) static void
encode_slice_fast(BitWriter *bw, const SliceEnc *s, const Palette *p)
{
	encode_slice(bw, s, p, true);
}
#endif

/* Splits a section into weight indices and the zero runs around them
 * (runs[k]: zeros before weight k; runs[nw]: trailing zeros). Returns
 * the number of weights. Without branches on the values (zeros come
 * at random): each value stores a provisional index and run at the
 * next weight's slot, which the next non-zero value overwrites with its
 * own (in place, slot nw <= i was read already). */
ENC int
split_section(const int16_t *v, int n, const Palette *p, uint16_t *w,
    int *runs, bool wide)
{
	int nw = 0, z = 0;
	(void)wide;
	if (!p->zruns) {
		/* A look-up a value, indexed by the value itself (in place,
		 * each is read before its slot is written). The fast build
		 * took eight a vpgatherdd: fewer instructions, but on the
		 * AMD EPYC this runs on the gathers were 12% of the
		 * planning's samples and the encoder 2% slower for them. */
		const int *ix = p->index + 256;
		int i = 0;
		for (; i + 4 <= n; i += 4) {
			w[i] = (uint16_t)ix[v[i]];
			w[i + 1] = (uint16_t)ix[v[i + 1]];
			w[i + 2] = (uint16_t)ix[v[i + 2]];
			w[i + 3] = (uint16_t)ix[v[i + 3]];
		}
		for (; i < n; i++)
			w[i] = (uint16_t)ix[v[i]];
		return n;
	}
	if (p->only_zeros) {
		/* All zeros: the first zero is coded as a weight so the
		 * slice is not empty. */
		runs[0] = 0;
		w[0] = (uint16_t)p->index[v[0] + 256];
		runs[1] = n - 1;
		return 1;
	}
	for (int i = 0; i < n; i++) {
		int x = v[i], nz = x != 0;
		runs[nw] = z;
		w[nw] = (uint16_t)p->index[x + 256];
		nw += nz;
		z = nz ? 0 : z + 1;
	}
	runs[nw] = z;
	return nw;
}

/* What encode_stream and encode_section are asked to do: write the
 * stream (bw), or only count its bits (bw NULL: the size path); and
 * make the choices (sections, palettes, parameter searches), recording
 * them in `rec` when it is set, or follow the choices `use` recorded for
 * the same values. */
typedef struct StreamDo {
	BitWriter *bw;
	size_t bits;            /* counted when bw is NULL */
	EthosuMlwPlan *rec;
	const EthosuMlwPlan *use;
	int sec;                /* the section under way */
} StreamDo;

/* One section's choices: where it starts, its palette, and its runs of
 * weight and zero-run parameters (the plan's runs wr0.. and zr0..). */
typedef struct PlanSec {
	int start;
	Palette pal;
	int wr0, nwr, zr0, nzr;
} PlanSec;

struct EthosuMlwPlan {
	size_t n;               /* the values it was made for */
	size_t bytes;           /* the stream's length */
	PlanSec *sec;
	int nsec, capsec;
	Runs runs;              /* every section's runs */
};

/* A section being cut into slices: its weight indices and zero runs,
 * the searches' runs, and the walk's place. Both the writer and the
 * size path take their slices from it, so they cut alike. */
typedef struct Cut {
	const uint16_t *w;
	const int *runs;        /* NULL without zero runs */
	int nw, raw_bits;
	Runs wr, zr;
	int pos, iw, iz;
	bool newpal;
} Cut;

/* The next slice: it ends where either search changes its parameters
 * or at the 32,768-value limit. False when the section is done (a
 * section has one slice at least: its first sets the palette). */
ENC bool
cut_next(Cut *c, SliceEnc *s)
{
	int end = c->pos + MAX_SLICE - 1, wp;
	if (c->pos >= c->nw && !c->newpal)
		return false;
	if (c->iw < c->wr.n && c->wr.end[c->iw] < end)
		end = c->wr.end[c->iw];
	if (c->iz < c->zr.n && c->zr.end[c->iz] < end)
		end = c->zr.end[c->iz];
	if (c->nw < end)
		end = c->nw;
	wp = w_params[c->wr.cfg[c->iw]];
	s->w = c->w + c->pos;
	s->z = c->runs ? c->runs + c->pos + !c->newpal : NULL;
	s->len = end - c->pos;
	s->newpal = c->newpal;
	s->raw = wp >> 4 == 2;
	s->trunc = wp >> 4 == 1;
	s->wdiv = s->raw ? c->raw_bits : wp & 15;
	s->zdiv = c->runs ? c->zr.cfg[c->iz] : 0;
	c->newpal = false;
	if (c->iw < c->wr.n && c->wr.end[c->iw] == end)
		c->iw++;
	if (c->iz < c->zr.n && c->zr.end[c->iz] == end)
		c->iz++;
	c->pos = end;
	return true;
}

/* Over the weight indices w[0..n) under divisor div (quotients q):
 * *pos gets the unary positions they take, *ones the positions that
 * hold a one in WUNARY0 (each also writes one WUNARY1 bit). Untruncated,
 * q takes q / 2 + 1 positions, (q + 1) / 2 of them ones; truncated, one
 * position, a one when q > 0 (w_chunk's shapes). Eight at a time. */
ENC void
unary_sums(const uint16_t *w, int n, int div, bool trunc, size_t *pos,
    size_t *ones)
{
	int i = 0;
	size_t half = 0, one = 0;
#if defined(__SSE2__)
	const __m128i cnt = _mm_cvtsi32_si128(div), k1 = _mm_set1_epi16(1);
	__m128i h = _mm_setzero_si128(), a = _mm_setzero_si128();
	for (; i + 8 <= n; i += 8) {
		__m128i q = _mm_srl_epi16(_mm_loadu_si128((const __m128i *)(w +
		    i)), cnt);
		__m128i qh = _mm_srli_epi16(q, 1);
		__m128i qa = trunc ? _mm_min_epi16(q, k1) :
		    _mm_sub_epi16(q, qh);
		/* pairs summed into 32-bit lanes: no overflow */
		h = _mm_add_epi32(h, _mm_madd_epi16(qh, k1));
		a = _mm_add_epi32(a, _mm_madd_epi16(qa, k1));
	}
	int32_t hv[4], av[4];
	_mm_storeu_si128((__m128i *)hv, h);
	_mm_storeu_si128((__m128i *)av, a);
	for (int k = 0; k < 4; k++) {
		half += (size_t)hv[k];
		one += (size_t)av[k];
	}
#endif
	for (; i < n; i++) {
		int q = w[i] >> div;
		half += (size_t)(q >> 1);
		one += (size_t)(trunc ? q > 0 : q - (q >> 1));
	}
	*pos = trunc ? (size_t)n : (size_t)n + half;
	*ones = one;
}

/* The zero runs' quotients z[i] >> div, summed (each run takes one
 * position more). */
ENC size_t
zero_sums(const int *z, int n, int div)
{
	int i = 0;
	size_t s = 0;
#if defined(__SSE2__)
	const __m128i cnt = _mm_cvtsi32_si128(div);
	__m128i acc = _mm_setzero_si128();
	for (; i + 4 <= n; i += 4)
		acc = _mm_add_epi32(acc, _mm_srl_epi32(_mm_loadu_si128(
		    (const __m128i *)(z + i)), cnt));
	int32_t v[4];
	_mm_storeu_si128((__m128i *)v, acc);
	for (int k = 0; k < 4; k++)
		s += (size_t)v[k];
#endif
	for (; i < n; i++)
		s += (size_t)(z[i] >> div);
	return s;
}

/* Whole chunks of `per` positions that hold `pos` positions. */
ENC size_t
chunks(size_t pos, int per)
{
	return (pos + (size_t)per - 1) / (size_t)per;
}

/* The bits encode_slice writes for s, counted instead of written: the
 * header (23 bits) and a new palette (13 bits and its entries), then
 * per stream its chunks' unary bits and its values' remainders. Every
 * chunk of a stream but its last is full (a value whose positions do
 * not fit carries over), its last padded with zeros, so a stream's
 * unary bits are whole chunks: weights 12 WUNARY0 bits a chunk plus a
 * WUNARY1 bit per WUNARY0 one (raw indices: none), zero runs 12 bits a
 * chunk (8 with divisor 3). How the two streams interleave moves bits,
 * never adds any. */
ENC size_t
slice_bits(const SliceEnc *s, const Palette *p)
{
	size_t bits = 23 + (size_t)s->len * (size_t)s->wdiv, pos, ones;
	if (s->newpal)
		bits += 13 + (size_t)p->size * (size_t)p->bits;
	if (!s->raw) {
		unary_sums(s->w, s->len, s->wdiv, s->trunc, &pos, &ones);
		bits += 12 * chunks(pos, 12) + ones;
	}
	if (s->z) {
		int zn = s->len + s->newpal, zlen = s->zdiv < 3 ? 12 : 8;
		pos = (size_t)zn + zero_sums(s->z, zn, s->zdiv);
		bits += (size_t)zlen * chunks(pos, zlen) + (size_t)zn *
		    (size_t)s->zdiv;
	}
	return bits;
}

/* Appends a section's choices to d->rec. */
static void
plan_add(EthosuMlwPlan *pl, int start, const Palette *p, const Runs *wr,
    const Runs *zr)
{
	PlanSec *s;
	if (pl->nsec == pl->capsec) {
		pl->capsec = pl->capsec ? 2 * pl->capsec : 4;
		pl->sec = ir_xrealloc(pl->sec, (size_t)pl->capsec *
		    sizeof(*pl->sec));
	}
	s = &pl->sec[pl->nsec++];
	s->start = start;
	s->pal = *p;
	s->wr0 = pl->runs.n;
	s->nwr = wr->n;
	for (int k = 0; k < wr->n; k++)
		runs_push(&pl->runs, wr->cfg[k], wr->end[k]);
	s->zr0 = pl->runs.n;
	s->nzr = zr->n;
	for (int k = 0; k < zr->n; k++)
		runs_push(&pl->runs, zr->cfg[k], zr->end[k]);
}

/* The runs a plan recorded, as a view (not to be grown). */
ENC Runs
plan_runs(const EthosuMlwPlan *pl, int at, int n)
{
	Runs r = { pl->runs.cfg + at, pl->runs.end + at, n, n };
	return r;
}

/* A section (values v[0..n), starting at `start` in the stream): its
 * indices and zero runs, the parameter searches (or the plan's runs),
 * then its slices written or counted. */
ENC void
encode_section(EthosuMlwScratch *sc, bool wide, StreamDo *d, int start,
    const int16_t *v, int n, const Palette *p, uint16_t *inplace)
{
	int raw_bits, nw;
	/* Indices fit 16 bits (below 512 + 32); runs only when coded.
	 * In place, index k overwrites value k, already read (k <= i). */
	uint16_t *w = inplace ? inplace : grow(&sc->w, (size_t)n * sizeof(*w));
	int *runs = p->zruns ? grow(&sc->runs, ((size_t)n + 1) * sizeof(int)) :
	    NULL;
	Runs wr = sc->wr, zr = sc->zr;
	/* Raw indices only when every value is in the palette or there is
	 * no palette; 100 bits makes the search never pick them. */
	if (p->only_palette)
		for (raw_bits = 0; (1 << raw_bits) < p->size; raw_bits++)
			;
	else
		raw_bits = p->size == 0 ? p->bits : 100;
	nw = split_section(v, n, p, w, runs, wide);
	Cut c = { w, runs, nw, raw_bits, { 0 }, { 0 }, 0, 0, 0, true };
	if (d->use) {
		const PlanSec *ps = &d->use->sec[d->sec];
		c.wr = plan_runs(d->use, ps->wr0, ps->nwr);
		c.zr = plan_runs(d->use, ps->zr0, ps->nzr);
	} else {
		zr.n = 0;
		search_params(sc, wide, w, NULL, nw, raw_bits, NULL, &wr);
		if (nw == 0)
			wr.n = 0;
		if (p->zruns)
			search_params(sc, wide, NULL, runs, nw + 1, 0, &wr,
			    &zr);
		if (d->rec)
			plan_add(d->rec, start, p, &wr, &zr);
		sc->wr = wr;
		sc->zr = zr;
		c.wr = wr;
		c.zr = zr;
	}
	SliceEnc s;
	while (cut_next(&c, &s)) {
		if (!d->bw)
			d->bits += slice_bits(&s, p);
#if defined(MLW_DISPATCH)
		else if (wide)
			encode_slice_fast(d->bw, &s, p);
#endif
		else
			encode_slice_base(d->bw, &s, p);
	}
}

/* The smallest and largest of n > 0 values (the range check, and the
 * span of the palette scan's table), eight at a time. */
ENC void
value_range(const int16_t *v, size_t n, int *lo, int *hi)
{
	size_t i = 0;
	int l = v[0], h = v[0];
#if defined(__SSE2__)
	if (n >= 8) {
		__m128i mn = _mm_loadu_si128((const __m128i *)v), mx = mn;
		for (i = 8; i + 8 <= n; i += 8) {
			__m128i x = _mm_loadu_si128((const __m128i *)(v + i));
			mn = _mm_min_epi16(mn, x);
			mx = _mm_max_epi16(mx, x);
		}
		int16_t a[8], b[8];
		_mm_storeu_si128((__m128i *)a, mn);
		_mm_storeu_si128((__m128i *)b, mx);
		for (int k = 0; k < 8; k++) {
			l = a[k] < l ? a[k] : l;
			h = b[k] > h ? b[k] : h;
		}
	}
#endif
	for (; i < n; i++) {
		l = v[i] < l ? v[i] : l;
		h = v[i] > h ? v[i] : h;
	}
	*lo = l;
	*hi = h;
}

/* Everything after the checks: the sections, their slices, the end
 * of the stream (written, or counted into d->bits as whole bytes). */
ENC void
encode_stream(EthosuMlwScratch *sc, const int16_t *values, int n, int lo,
    int hi, bool wide, uint16_t *inplace, StreamDo *d)
{
	BitWriter bw = d->bw ? *d->bw : (BitWriter){ 0 };
	BitWriter *out = d->bw;
	IntVec starts = sc->starts;
	int nsec;
	(void)lo;
	(void)hi;
	if (d->use) {
		nsec = d->use->nsec;
	} else {
		size_t nw = (size_t)(n + 63) / 64 + 1;
		uint64_t *bits = grow(&sc->scanbits, nw * sizeof(uint64_t));
		find_sections(grow(&sc->scan, sizeof(Scan)), values, n, wide,
		    bits, &starts);
		sc->starts = starts;
		nsec = starts.n;
	}
	if (out)
		d->bw = &bw;
	for (int k = 0; k < nsec; k++) {
		int from, to;
		Palette p;
		if (d->use) {
			from = d->use->sec[k].start;
			to = k + 1 < nsec ? d->use->sec[k + 1].start : n;
			p = d->use->sec[k].pal;
		} else {
			from = starts.v[k];
			to = k + 1 < nsec ? starts.v[k + 1] : n;
			choose_palette(values + from, to - from, &p);
		}
		d->sec = k;
		encode_section(sc, wide, d, from, values + from, to - from, &p,
		    inplace ? inplace + from : NULL);
	}
	if (!out) {
		/* The end-of-stream marker, then padding to 16 bytes. */
		d->bits = (d->bits + 3 + 127) / 128 * 16;
		return;
	}
	/* End of stream, ones to the byte, 0xff to 16 bytes. */
	bw_reserve(&bw, 32);
	bw_put(&bw, 3, ZDIV_EOS);
	bw_put(&bw, (int)((8 - (bw_pos(&bw) & 7)) & 7), 0xff);
	while (bw_pos(&bw) & 127)
		bw_put(&bw, 8, 0xff);
	bw_flush(&bw);
	*out = bw;
	d->bw = out;
}

static void
encode_baseline(EthosuMlwScratch *sc, const int16_t *values, int n, int lo,
    int hi, uint16_t *inplace, StreamDo *d)
{
	encode_stream(sc, values, n, lo, hi, false, inplace, d);
}

#if defined(MLW_DISPATCH)

/* The same C for AVX2 and BMI2: VEX three-operand forms spare the
 * register copies of the 16-bit search, shifts by a variable count
 * need no CL (the chunk coder is made of them), counts of trailing
 * zeros and bits are one instruction each. */
__attribute__((target(MLW_FAST))) static void
encode_fast(EthosuMlwScratch *sc, const int16_t *values, int n, int lo,
    int hi, uint16_t *inplace, StreamDo *d)
{
	encode_stream(sc, values, n, lo, hi, true, inplace, d);
}
#endif

/* Whether this call may take the fast build: the CPU has it and the
 * caller or the environment (NPUIR_MLW_BASELINE set, not "0") does not
 * ask for the baseline. Read per call: no state is kept. */
static bool
use_fast(EthosuMlwIsa isa)
{
#if defined(MLW_DISPATCH)
	const char *env = getenv("NPUIR_MLW_BASELINE");
	if (isa == ETHOSU_MLW_ISA_BASELINE ||
	    (env && env[0] && strcmp(env, "0") != 0))
		return false;
	return __builtin_cpu_supports("avx2") &&
	    __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2") &&
	    __builtin_cpu_supports("popcnt");
#else
	(void)isa;
	return false;
#endif
}

bool
ethosu_mlw_has_fast_path(void)
{
	return use_fast(ETHOSU_MLW_ISA_AUTO);
}

EthosuMlwScratch *
ethosu_mlw_scratch_create(void)
{
	return ir_xcalloc(1, sizeof(EthosuMlwScratch));
}

/* Frees what s holds, not s. */
static void
scratch_release(EthosuMlwScratch *s)
{
	free(s->vals.p);
	free(s->w.p);
	free(s->runs.p);
	free(s->change.p);
	free(s->from.p);
	free(s->ckpt.p);
	free(s->tab.p);
	free(s->scan.p);
	free(s->scanbits.p);
	free(s->starts.v);
	free(s->wr.cfg);
	free(s->wr.end);
	free(s->zr.cfg);
	free(s->zr.end);
}

void
ethosu_mlw_scratch_destroy(EthosuMlwScratch *s)
{
	if (!s)
		return;
	scratch_release(s);
	free(s);
}

int16_t *
ethosu_mlw_scratch_values(EthosuMlwScratch *s, size_t n)
{
	return grow_as(&s->vals, (n ? n : 1) * sizeof(int16_t), true);
}

/* The range check: false (e says which) for a value outside
 * -255..255. */
static bool
check_values(const int16_t *values, size_t n, int *lo, int *hi,
    EthosuWeightError *e)
{
	value_range(values, n, lo, hi);
	for (size_t i = 0; (*lo < -ETHOSU_MLW_MAX_WEIGHT ||
	    *hi > ETHOSU_MLW_MAX_WEIGHT) && i < n; i++) {
		if (values[i] < -ETHOSU_MLW_MAX_WEIGHT ||
		    values[i] > ETHOSU_MLW_MAX_WEIGHT) {
			if (e) {
				e->offset = 0;
				snprintf(e->msg, sizeof(e->msg), "weight %zu is "
				    "%d, outside -255..255", i, values[i]);
			}
			return false;
		}
	}
	return true;
}

/* Every entry point: does what d asks (appends the stream to d->bw's
 * buffer, or counts its bytes); inplace (values' own buffer, or NULL)
 * receives the weight indices. */
static bool
mlw_encode_with(EthosuMlwScratch *sc, const int16_t *values, size_t n,
    uint16_t *inplace, EthosuMlwIsa isa, StreamDo *d,
    EthosuWeightError *e)
{
	int lo, hi;
	if (n > INT_MAX / 4) {
		seterr(e, 0, "%zu weights are too many for one stream", n);
		return false;
	}
	if (d->use && d->use->n != n) {
		seterr(e, 0, "a plan for %zu weights used for %zu",
		    d->use->n, n);
		return false;
	}
	if (n == 0)
		return true;
	if (!check_values(values, n, &lo, &hi, e))
		return false;
#if defined(MLW_DISPATCH)
	if (use_fast(isa))
		encode_fast(sc, values, (int)n, lo, hi, inplace, d);
	else
#endif
		encode_baseline(sc, values, (int)n, lo, hi, inplace, d);
	return true;
}

/* The entry points that return a stream of their own, with a scratch
 * of their own. */
static bool
mlw_encode(const int16_t *values, size_t n, uint16_t *inplace,
    EthosuMlwIsa isa, uint8_t **out, size_t *nout, EthosuWeightError *e)
{
	EthosuMlwScratch sc = {0};
	BitWriter bw = {0};
	StreamDo d = { .bw = &bw };
	bool ok = mlw_encode_with(&sc, values, n, inplace, isa, &d, e);
	scratch_release(&sc);
	if (!ok) {
		free(bw.buf);
		bw.buf = NULL;
		bw.nbytes = 0;
	}
	*out = bw.buf;
	*nout = bw.nbytes;
	return ok;
}

/* The appending entry points: with a plan to follow (or none). */
static bool
encode_append(EthosuMlwScratch *s, const EthosuMlwPlan *plan,
    int16_t *values, size_t n, uint8_t **buf, size_t *len, size_t *cap,
    EthosuWeightError *e)
{
	BitWriter bw = { .buf = *buf, .cap = *cap, .nbytes = *len,
	    .start = *len };
	StreamDo d = { .bw = &bw, .use = plan };
	bool ok = mlw_encode_with(s, values, n, (uint16_t *)values,
	    ETHOSU_MLW_ISA_AUTO, &d, e);
	/* on failure nothing was written: *len stays */
	*buf = bw.buf;
	*cap = bw.cap;
	if (ok)
		*len = bw.nbytes;
	return ok;
}

bool
ethosu_mlw_encode_append(EthosuMlwScratch *s, int16_t *values, size_t n,
    uint8_t **buf, size_t *len, size_t *cap, EthosuWeightError *e)
{
	return encode_append(s, NULL, values, n, buf, len, cap, e);
}

bool
ethosu_mlw_encode_planned(EthosuMlwScratch *s, const EthosuMlwPlan *plan,
    int16_t *values, size_t n, uint8_t **buf, size_t *len, size_t *cap,
    EthosuWeightError *e)
{
	return encode_append(s, plan, values, n, buf, len, cap, e);
}

/* The size path's entry points: isa's build, with a plan recorded when
 * `plan` is set. */
static bool
mlw_size(EthosuMlwScratch *s, const int16_t *values, size_t n,
    uint16_t *inplace, EthosuMlwIsa isa, size_t *bytes,
    EthosuMlwPlan **plan, EthosuWeightError *e)
{
	StreamDo d = { 0 };
	bool ok;
	if (plan)
		d.rec = ir_xcalloc(1, sizeof(*d.rec));
	ok = mlw_encode_with(s, values, n, inplace, isa, &d, e);
	*bytes = ok ? d.bits : 0;
	if (d.rec) {
		d.rec->n = n;
		d.rec->bytes = d.bits;
		if (!ok) {
			ethosu_mlw_plan_free(d.rec);
			d.rec = NULL;
		}
		*plan = d.rec;
	}
	return ok;
}

bool
ethosu_mlw_size(EthosuMlwScratch *s, int16_t *values, size_t n,
    size_t *bytes, EthosuMlwPlan **plan, EthosuWeightError *e)
{
	return mlw_size(s, values, n, (uint16_t *)values, ETHOSU_MLW_ISA_AUTO,
	    bytes, plan, e);
}

bool
ethosu_mlw_size_isa(const int16_t *values, size_t n, EthosuMlwIsa isa,
    size_t *bytes, EthosuWeightError *e)
{
	EthosuMlwScratch sc = {0};
	bool ok = mlw_size(&sc, values, n, NULL, isa, bytes, NULL, e);
	scratch_release(&sc);
	return ok;
}

size_t
ethosu_mlw_plan_bytes(const EthosuMlwPlan *plan)
{
	return plan->bytes;
}

void
ethosu_mlw_plan_free(EthosuMlwPlan *plan)
{
	if (!plan)
		return;
	free(plan->sec);
	free(plan->runs.cfg);
	free(plan->runs.end);
	free(plan);
}

bool
ethosu_mlw_encode(const int16_t *values, size_t n, uint8_t **out,
    size_t *nout, EthosuWeightError *e)
{
	return mlw_encode(values, n, NULL, ETHOSU_MLW_ISA_AUTO, out, nout, e);
}

bool
ethosu_mlw_encode_isa(const int16_t *values, size_t n, EthosuMlwIsa isa,
    uint8_t **out, size_t *nout, EthosuWeightError *e)
{
	return mlw_encode(values, n, NULL, isa, out, nout, e);
}

bool
ethosu_mlw_encode_inplace(int16_t *values, size_t n, uint8_t **out,
    size_t *nout, EthosuWeightError *e)
{
	/* int16_t and uint16_t may alias: the indices are written
	 * through the unsigned view after their values were read. */
	return mlw_encode(values, n, (uint16_t *)values, ETHOSU_MLW_ISA_AUTO,
	    out, nout, e);
}
