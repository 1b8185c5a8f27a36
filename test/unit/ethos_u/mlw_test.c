/* test/unit/ethos_u/mlw_test.c: the compressed weight bitstream on
 * vectors derived by hand from the format, random round trips, and
 * truncated or corrupt streams. */
#include <criterion/criterion.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "targets/ethos_u/mlw.h"
#include "test/unit/ethos_u/mlw_pin.h"

/* Four zeros. Zero dominates, so zeros are runs; with nothing else the
 * first zero is coded as a weight (direct index 1, "-0") so the slice is
 * not empty. Slice header: ZDIV 0, SLICELEN 0, WDIV 0, WTRUNC 0, NEWPAL
 * 1 (bit 22), DIROFS 0, PALSIZE 0, PALBITS 0 (36 bits). One chunk:
 * WUNARY0 = 1 (bit 36: index 1 = quotient 1 with divisor 0), ZUNARY 12
 * bits 0b1110 (run 0 before the weight, then unary 3 after it: bits
 * 49-51), WUNARY1 one bit 0 (quotient 1, not 2). No remainder bits
 * (divisors 0). EOS 111 at bits 61-63, 0xff to 16 bytes. */
static const uint8_t zeros4[16] = {
	0x00, 0x00, 0x40, 0x00, 0x10, 0x00, 0x0e, 0xe0,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
};

/* 1, -1: both fit a two-entry palette (sign-magnitude codes 3 for -1,
 * 2 for 1, most frequent first, ties to the larger code), so indices
 * are 1 bit wide and the cheapest parameters are uncompressed. Header:
 * ZDIV 6 (bits 1-2), SLICELEN 1 (bit 3), WDIV 7 (bits 18-20), WTRUNC 0,
 * NEWPAL 1 (bit 22), DIROFS 2 (codes 0, 1 unused: bit 24), PALSIZE 1
 * (bit 28), PALBITS 0, entries 3 (bits 36-37) and 2 (bit 39). One chunk
 * without unary bits, then the remainders 1, 0 (bits 40, 41); EOS at
 * bits 42-44, ones to the byte, 0xff to 16 bytes. */
static const uint8_t plus_minus[16] = {
	0x0e, 0x00, 0x5c, 0x11, 0xb0, 0xfd, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
};

static void
check_vector(const int16_t *vals, size_t n, const uint8_t *bytes,
    size_t nbytes)
{
	uint8_t *out;
	int16_t *back;
	size_t nout, nback;
	EthosuWeightError e;
	cr_assert(ethosu_mlw_encode(vals, n, &out, &nout, &e));
	cr_assert_eq(nout, nbytes);
	cr_assert_arr_eq(out, bytes, nbytes);
	cr_assert(ethosu_mlw_decode(bytes, nbytes, 1000, &back, &nback, &e),
	    "%s", e.msg);
	cr_assert_eq(nback, n);
	cr_assert_arr_eq(back, vals, n * sizeof(*vals));
	free(out);
	free(back);
}

Test(ethosu_mlw, hand_derived_vectors)
{
	static const int16_t z[4] = { 0, 0, 0, 0 };
	static const int16_t pm[2] = { 1, -1 };
	check_vector(z, 4, zeros4, sizeof(zeros4));
	check_vector(pm, 2, plus_minus, sizeof(plus_minus));
}

Test(ethosu_mlw, empty_stream_is_empty)
{
	uint8_t *out;
	int16_t *back;
	size_t nout, nback;
	cr_assert(ethosu_mlw_encode(NULL, 0, &out, &nout, NULL));
	cr_assert_eq(nout, 0);
	cr_assert_null(out);
	cr_assert(ethosu_mlw_decode(NULL, 0, 10, &back, &nback, NULL));
	cr_assert_eq(nback, 0);
	cr_assert_null(back);
}

/* Values shaped like real weights: a sparsity, a spread, and now and
 * then a section with a different distribution (so palettes restart);
 * kind % 4 picks the shape (a pin passes its stream's index). */
static void
fill(int16_t *v, size_t n, uint32_t *s, int kind)
{
	int spread = 1 + (int)(mlw_rnd(s) % 255);
	for (size_t i = 0; i < n; i++) {
		uint32_t r = mlw_rnd(s);
		if (i % 700 == 699)
			spread = 1 + (int)(mlw_rnd(s) % 255);
		switch (kind % 4) {
		case 0: /* uniform over the whole range */
			v[i] = (int16_t)((int)(r % 511) - 255);
			break;
		case 1: /* mostly zeros */
			v[i] = r % 8 ? 0 : (int16_t)((int)(r >> 8) % 31 - 15);
			break;
		case 2: /* few distinct values */
			v[i] = (int16_t)((int)(r % 5) * 3 - 6);
			break;
		default: /* bell-ish around zero with a varying spread */
			v[i] = (int16_t)(((int)(r % (unsigned)spread) -
			    (int)((r >> 16) % (unsigned)spread)) / 2);
			break;
		}
	}
}

static size_t
round_trip_len(int t, uint32_t *s)
{
	return 1 + mlw_rnd(s) % (t < 150 ? 300 : 40000);
}

Test(ethosu_mlw, random_round_trips)
{
	static const MlwPin streams = { 200, 12345, round_trip_len, fill,
		0, 0 };
	mlw_check_round_trips(&streams);
}

/* The in-place entry point gives ethosu_mlw_encode's bytes (the
 * indices overwrite the values behind the reads), with and without
 * zero runs, over several palette sections; a value out of range fails
 * before anything is written. */
Test(ethosu_mlw, inplace_gives_the_same_bytes)
{
	uint32_t s = 777;
	for (int t = 0; t < 60; t++) {
		size_t n = 1 + mlw_rnd(&s) % (t < 40 ? 500 : 60000);
		int16_t *v = malloc(n * sizeof(*v));
		int16_t *w = malloc(n * sizeof(*w));
		uint8_t *a, *b;
		size_t na, nb;
		EthosuWeightError e;
		fill(v, n, &s, t % 4);
		memcpy(w, v, n * sizeof(*v));
		cr_assert(ethosu_mlw_encode(v, n, &a, &na, &e));
		cr_assert(ethosu_mlw_encode_inplace(w, n, &b, &nb, &e));
		cr_assert_eq(na, nb, "case %d", t);
		cr_assert_arr_eq(a, b, na, "case %d", t);
		free(v);
		free(w);
		free(a);
		free(b);
	}
	int16_t bad[3] = { 1, 300, 2 };
	uint8_t *o;
	size_t no;
	EthosuWeightError e;
	cr_assert_not(ethosu_mlw_encode_inplace(bad, 3, &o, &no, &e));
	cr_assert_eq(bad[1], 300);
	cr_assert_null(o);
}

/* Long runs exercise zero-run quotients that span chunks and slices at
 * the 32768-value limit. */
Test(ethosu_mlw, long_runs_and_long_slices)
{
	size_t n = 100000;
	int16_t *v = calloc(n, sizeof(*v)), *back;
	uint8_t *enc;
	size_t nenc, nback;
	EthosuWeightError e;
	v[5] = 7;
	v[90000] = -3;
	cr_assert(ethosu_mlw_encode(v, n, &enc, &nenc, &e));
	cr_assert(ethosu_mlw_decode(enc, nenc, n, &back, &nback, &e), "%s",
	    e.msg);
	cr_assert_eq(nback, n);
	cr_assert_arr_eq(back, v, n * sizeof(*v));
	free(back);
	free(enc);
	for (size_t i = 0; i < n; i++)
		v[i] = (int16_t)(i % 3 == 0 ? 1 : -2);
	cr_assert(ethosu_mlw_encode(v, n, &enc, &nenc, &e));
	cr_assert(ethosu_mlw_decode(enc, nenc, n, &back, &nback, &e), "%s",
	    e.msg);
	cr_assert_eq(nback, n);
	cr_assert_arr_eq(back, v, n * sizeof(*v));
	free(back);
	free(enc);
	free(v);
}

static size_t
pin_len(int t, uint32_t *s)
{
	return 1 + mlw_rnd(s) % (t % 10 == 9 ? 70000 : 3000);
}

/* A pin against the encoder's own history: 400 random streams (the
 * four fills above at lengths up to 70,000, so slices reach the
 * 32,768-value limit and palettes restart), their bytes hashed. The
 * value was recorded from the encoder at f62a6e8, the one that
 * re-encodes Vela's 890 streams (vela_test.c) before the speed work
 * (docs/performance.md, "Ethos-U weight encoder speed"); any change to
 * the bytes shows here even where Vela's streams do not reach. Both
 * builds of the encoder are pinned (the fast one runs where the CPU
 * has it, else ISA_AUTO is the baseline again). */
static void
check_pin(EthosuMlwIsa isa)
{
	static const MlwPin pin = { 400, 4242, pin_len, fill, 1004144,
		0x057900411c7e33dfull };
	mlw_check_pin(&pin, isa);
}

Test(ethosu_mlw, bytes_equal_the_recorded_encoder)
{
	check_pin(ETHOSU_MLW_ISA_AUTO);
	check_pin(ETHOSU_MLW_ISA_BASELINE);
}

/* Shapes that steer the palette scan and the parameter search down
 * their rarer paths: long stretches of zeros between bursts (a window
 * reaches back over many 64-value words), an alphabet that keeps
 * growing after a palette is set (the scan restarts sections on the
 * way), and lengths either side of 64, 8,192 (where the weight search
 * is cut into pieces) and of a 64-value word. kind % 4 picks the
 * shape. */
static void
fill_scan(int16_t *v, size_t n, uint32_t *s, int kind)
{
	int alphabet = 2;
	for (size_t i = 0; i < n; i++) {
		uint32_t r = mlw_rnd(s);
		switch (kind % 4) {
		case 0: /* bursts of ~40 values between ~600 zeros */
			v[i] = (i / 40) % 16 ? 0 :
			    (int16_t)((int)(r % 61) - 30);
			break;
		case 1: /* a slowly growing alphabet */
			if (r % 97 == 0 && alphabet < 255)
				alphabet++;
			v[i] = (int16_t)((int)((r >> 8) % (unsigned)alphabet) -
			    alphabet / 2);
			break;
		case 2: /* zeros in runs of random length */
			v[i] = (r >> 4) % 5 ? 0 :
			    (int16_t)((int)(r % 9) - 4);
			break;
		default: /* few values, a new one now and then */
			v[i] = (int16_t)(r % 1000 ? (int)(r % 4) - 2 :
			    (int)(r >> 16) % 255);
			break;
		}
	}
}

/* The first 40: lengths either side of the edges above. */
static size_t
scan_len(int t, uint32_t *s)
{
	static const size_t lens[] = { 63, 64, 65, 127, 128, 8191, 8192,
		8193, 20000, 70001 };
	return t < 40 ? lens[t % 10] : 1 + mlw_rnd(s) % 30000;
}

/* The same kind of pin as check_pin on fill_scan's shapes: 120
 * streams, recorded from the encoder at 8a24b88 (before the palette
 * scan moved to bit vectors and the chunk coder and the search were
 * reworked; docs/performance.md, "Weight encoder, second pass"). */
static void
check_scan_pin(EthosuMlwIsa isa)
{
	static const MlwPin pin = { 120, 777, scan_len, fill_scan, 699632,
		0xbd96cbab72d3c273ull };
	mlw_check_pin(&pin, isa);
}

Test(ethosu_mlw, scan_shapes_equal_the_recorded_encoder)
{
	check_scan_pin(ETHOSU_MLW_ISA_AUTO);
	check_scan_pin(ETHOSU_MLW_ISA_BASELINE);
}

/* The builds agree stream by stream on the shapes the random fills
 * miss: long zero runs (quotients over 32 positions), raw slices of
 * 9-bit codes, a single value, every length up to 40. */
Test(ethosu_mlw, builds_give_the_same_bytes)
{
	uint32_t s = 31337;
	for (int t = 0; t < 300; t++) {
		size_t n = t < 40 ? (size_t)t + 1 : 1 + mlw_rnd(&s) % 5000;
		int16_t *v = malloc(n * sizeof(*v));
		uint8_t *a, *b;
		size_t na, nb;
		for (size_t i = 0; i < n; i++) {
			uint32_t r = mlw_rnd(&s);
			switch (t % 3) {
			case 0: /* sparse: long zero runs */
				v[i] = r % 97 ? 0 : (int16_t)(r >> 8) % 200;
				break;
			case 1: /* wide: no palette, 9-bit codes */
				v[i] = (int16_t)((int)(r % 511) - 255);
				break;
			default: /* two values: raw 1-bit indices */
				v[i] = r % 2 ? 3 : -3;
				break;
			}
		}
		cr_assert(ethosu_mlw_encode_isa(v, n, ETHOSU_MLW_ISA_AUTO, &a,
		    &na, NULL));
		cr_assert(ethosu_mlw_encode_isa(v, n, ETHOSU_MLW_ISA_BASELINE,
		    &b, &nb, NULL));
		cr_assert_eq(na, nb, "case %d", t);
		cr_assert_arr_eq(a, b, na, "case %d", t);
		free(v);
		free(a);
		free(b);
	}
}

Test(ethosu_mlw, rejects_values_out_of_range)
{
	int16_t v[3] = { 1, 256, 2 };
	uint8_t *out;
	size_t n;
	EthosuWeightError e;
	cr_assert_not(ethosu_mlw_encode(v, 3, &out, &n, &e));
	cr_assert_null(out);
	cr_assert_str_eq(e.msg, "weight 1 is 256, outside -255..255");
}

static bool
decodes(const uint8_t *b, size_t n, size_t max, EthosuWeightError *e)
{
	int16_t *v;
	size_t nv;
	bool ok = ethosu_mlw_decode(b, n, max, &v, &nv, e);
	free(v);
	return ok;
}

Test(ethosu_mlw, corrupt_streams_are_reported_with_offsets)
{
	uint8_t b[16];
	EthosuWeightError e;
	/* Truncated inside the palette. */
	cr_assert_not(decodes(plus_minus, 4, 100, &e));
	cr_assert_str_eq(e.msg, "byte 3: stream ends inside PALSIZE");
	/* No end-of-stream marker: cut right after the remainders. */
	memcpy(b, plus_minus, 16);
	b[5] = 0x01;
	cr_assert_not(decodes(b, 6, 100, &e));
	/* ZDIV 4 is reserved. */
	memset(b, 0xff, 16);
	b[0] = 0x04;
	cr_assert_not(decodes(b, 16, 100, &e));
	cr_assert_str_eq(e.msg, "byte 0: invalid ZDIV 4");
	/* A first slice without a palette. */
	memcpy(b, plus_minus, 16);
	b[2] &= (uint8_t)~0x40;
	cr_assert_not(decodes(b, 16, 100, &e));
	cr_assert_str_eq(e.msg, "byte 0: slice without a palette (the first "
	    "slice after a stream start must set one)");
	/* More values than the caller allows. */
	cr_assert_not(decodes(zeros4, 16, 3, &e));
	cr_assert_str_eq(e.msg, "byte 7: stream holds more than 3 weights");
	/* 0xff padding alone is a run of end markers: no values. */
	memset(b, 0xff, 16);
	cr_assert(decodes(b, 16, 0, &e));
}

/* Every prefix and every single-bit flip of real streams either decodes
 * or is rejected; never a crash or a read outside the bytes (the
 * sanitizer build checks the latter). The empty prefix is an empty
 * stream; any other prefix that decodes kept the end marker and gives
 * the same values. */
Test(ethosu_mlw, every_prefix_and_bit_flip_is_handled)
{
	uint32_t s = 99;
	int16_t v[600], *back;
	uint8_t *enc;
	size_t nenc, nback;
	fill(v, 600, &s, 3);
	cr_assert(ethosu_mlw_encode(v, 600, &enc, &nenc, NULL));
	for (size_t k = 0; k < nenc; k++) {
		if (ethosu_mlw_decode(enc, k, 600, &back, &nback, NULL)) {
			cr_assert_eq(nback, k ? 600 : 0, "prefix %zu", k);
			cr_assert(k == 0 || memcmp(back, v, sizeof(v)) == 0);
			free(back);
		}
	}
	for (size_t bit = 0; bit < nenc * 8; bit++) {
		enc[bit / 8] ^= (uint8_t)(1 << bit % 8);
		if (ethosu_mlw_decode(enc, nenc, 1 << 20, &back, &nback, NULL))
			free(back);
		enc[bit / 8] ^= (uint8_t)(1 << bit % 8);
	}
	free(enc);
}

/* One scratch over streams large and small, with and without zero
 * runs, its values room as the input: each stream appended after what
 * the buffer holds gives ethosu_mlw_encode's bytes, the bytes before it
 * untouched; a value out of range leaves the length as it was and the
 * scratch usable. */
Test(ethosu_mlw, scratch_append_gives_the_same_bytes)
{
	static const size_t sizes[] = { 70000, 3, 40000, 500, 90000, 1, 0,
	    12000 };
	EthosuMlwScratch *sc = ethosu_mlw_scratch_create();
	uint8_t *buf = malloc(5);
	size_t len = 5, cap = 5;
	uint32_t s = 4242;
	EthosuWeightError e;
	memcpy(buf, "mlw!!", 5);
	for (size_t t = 0; t < sizeof(sizes) / sizeof(sizes[0]); t++) {
		size_t n = sizes[t], at = len, nref;
		int16_t *v = malloc((n ? n : 1) * sizeof(*v));
		int16_t *room = ethosu_mlw_scratch_values(sc, n);
		uint8_t *ref;
		fill(v, n, &s, (int)t % 4);
		memcpy(room, v, n * sizeof(*v));
		cr_assert(ethosu_mlw_encode(v, n, &ref, &nref, &e));
		cr_assert(ethosu_mlw_encode_append(sc, room, n, &buf, &len,
		    &cap, &e), "case %zu: %s", t, e.msg);
		cr_assert_eq(len - at, nref, "case %zu", t);
		cr_assert_leq(len, cap);
		if (nref)
			cr_assert_arr_eq(buf + at, ref, nref, "case %zu", t);
		cr_assert_arr_eq(buf, "mlw!!", 5);
		free(v);
		free(ref);
	}
	int16_t bad[3] = { 1, -256, 2 };
	size_t was = len;
	cr_assert_not(ethosu_mlw_encode_append(sc, bad, 3, &buf, &len, &cap,
	    &e));
	cr_assert_eq(len, was);
	cr_assert_str_eq(e.msg, "weight 1 is -256, outside -255..255");
	int16_t ok[2] = { 7, -7 };
	cr_assert(ethosu_mlw_encode_append(sc, ok, 2, &buf, &len, &cap, &e));
	cr_assert_eq(len, was + 16);
	ethosu_mlw_scratch_destroy(sc);
	ethosu_mlw_scratch_destroy(NULL);
	free(buf);
}

/* One scratch whose blocks grow past the size that is mapped on its
 * own (and so grow by realloc, keeping stale contents) and past 2 MiB
 * (mapped afresh for huge pages), with short
 * streams between and a long one after shorter ones: every stream
 * gives the bytes of a fresh scratch's encode. */
Test(ethosu_mlw, scratch_grown_in_place_gives_the_same_bytes)
{
	static const size_t sizes[] = { 9, 80000, 5, 170000, 300000, 2000,
	    260000, 1, 420000, 70000, 1100000, 40, 1300000 };
	EthosuMlwScratch *sc = ethosu_mlw_scratch_create();
	uint32_t s = 1717;
	EthosuWeightError e;
	for (size_t t = 0; t < sizeof(sizes) / sizeof(sizes[0]); t++) {
		size_t n = sizes[t], len = 0, cap = 0, nref;
		int16_t *v = malloc(n * sizeof(*v));
		int16_t *room = ethosu_mlw_scratch_values(sc, n);
		uint8_t *buf = NULL, *ref;
		fill(v, n, &s, (int)(t + 1) % 4);
		memcpy(room, v, n * sizeof(*v));
		cr_assert(ethosu_mlw_encode(v, n, &ref, &nref, &e));
		cr_assert(ethosu_mlw_encode_append(sc, room, n, &buf, &len,
		    &cap, &e), "case %zu: %s", t, e.msg);
		cr_assert_eq(len, nref, "case %zu", t);
		cr_assert_arr_eq(buf, ref, nref, "case %zu", t);
		free(v);
		free(ref);
		free(buf);
	}
	ethosu_mlw_scratch_destroy(sc);
}

/* Threads that each encode with a scratch of their own, started
 * together as the process's first encodes (Criterion runs each test in
 * a process of its own): the bit rows every scratch copies are made
 * once, whichever thread comes first, and every thread gets the bytes
 * the encode gives afterwards on the test's thread. */
typedef struct EncJob {
	const int16_t *v;
	size_t n;
	uint8_t *out;
	size_t nout;
	bool ok;
} EncJob;

static void *
encode_job(void *arg)
{
	EncJob *j = arg;
	j->ok = ethosu_mlw_encode(j->v, j->n, &j->out, &j->nout, NULL);
	return NULL;
}

Test(ethosu_mlw, first_encodes_on_threads_give_the_same_bytes)
{
	enum { NT = 4, N = 30000 };
	int16_t *v = malloc(N * sizeof(*v));
	uint32_t s = 99;
	EncJob job[NT];
	pthread_t tid[NT];
	uint8_t *ref;
	size_t nref;
	fill(v, N, &s, 3);
	for (int t = 0; t < NT; t++) {
		job[t] = (EncJob){ .v = v, .n = N };
		cr_assert_eq(pthread_create(&tid[t], NULL, encode_job,
		    &job[t]), 0);
	}
	for (int t = 0; t < NT; t++)
		pthread_join(tid[t], NULL);
	cr_assert(ethosu_mlw_encode(v, N, &ref, &nref, NULL));
	for (int t = 0; t < NT; t++) {
		cr_assert(job[t].ok, "thread %d", t);
		cr_assert_eq(job[t].nout, nref, "thread %d", t);
		cr_assert_arr_eq(job[t].out, ref, nref, "thread %d", t);
		free(job[t].out);
	}
	free(ref);
	free(v);
}
