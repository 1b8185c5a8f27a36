/* test/unit/interp/npy_test.c: .npy decoding of hand-built images (as
 * NumPy writes them), round trips, corrupt files and half floats. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "interp/npy.h"

/* Builds a version `ver` image: magic, header padded with spaces to a
 * multiple of 64 with a final newline, then `data`. */
static size_t
image(unsigned char *buf, int ver, const char *dict, const void *data,
    size_t n)
{
	size_t pre = ver == 1 ? 10 : 12, d = strlen(dict);
	size_t hlen = (pre + d + 1 + 63) / 64 * 64 - pre;

	memcpy(buf, "\x93NUMPY", 6);
	buf[6] = (unsigned char)ver;
	buf[7] = 0;
	buf[8] = hlen & 0xff;
	buf[9] = hlen >> 8 & 0xff;
	if (ver == 2)
		buf[10] = buf[11] = 0;
	memcpy(buf + pre, dict, d);
	memset(buf + pre + d, ' ', hlen - d - 1);
	buf[pre + hlen - 1] = '\n';
	memcpy(buf + pre + hlen, data, n);
	return pre + hlen + n;
}

static unsigned char buf[4096];

Test(npy, decode_f32_v1)
{
	float v[6] = {1, 2, 3, -4, 0.5f, 6};
	size_t len = image(buf, 1, "{'descr': '<f4', 'fortran_order': False, "
	    "'shape': (2, 3), }", v, sizeof v);
	NpyArray a;
	char err[128];

	cr_assert(npy_decode(buf, len, &a, err, sizeof err), "%s", err);
	cr_assert_eq(a.dtype, NPY_F32);
	cr_assert_eq(a.ndim, 2);
	cr_assert(a.shape[0] == 2 && a.shape[1] == 3 && a.n == 6);
	cr_assert_eq(((float *)a.data)[3], -4.0f);
	cr_assert_eq(((float *)a.data)[4], 0.5f);
	npy_free(&a);
}

Test(npy, decode_v2_and_key_order)
{
	int8_t v[3] = {-128, 0, 127};
	size_t len = image(buf, 2, "{'shape': (3,), 'fortran_order': False, "
	    "'descr': '|i1'}", v, sizeof v);
	NpyArray a;
	char err[128];

	cr_assert(npy_decode(buf, len, &a, err, sizeof err), "%s", err);
	cr_assert(a.dtype == NPY_I8 && a.ndim == 1 && a.n == 3);
	cr_assert_eq(((int8_t *)a.data)[0], -128);
	npy_free(&a);
}

Test(npy, decode_scalar)
{
	int64_t v = -5;
	size_t len = image(buf, 1, "{'descr': '<i8', 'fortran_order': False, "
	    "'shape': (), }", &v, sizeof v);
	NpyArray a;
	char err[128];

	cr_assert(npy_decode(buf, len, &a, err, sizeof err), "%s", err);
	cr_assert(a.ndim == 0 && a.n == 1 && *(int64_t *)a.data == -5);
	npy_free(&a);
}

Test(npy, encode_matches_numpy_header)
{
	int16_t v[4] = {1, -2, 3, -4};
	NpyArray a = {.dtype = NPY_I16, .ndim = 1, .shape = {4}, .n = 4,
	    .data = v};
	const char *want = "{'descr': '<i2', 'fortran_order': False, "
	    "'shape': (4,), }";
	size_t len;
	unsigned char *img = npy_encode(&a, &len);

	/* 10 + 58 dictionary bytes + newline pad to 128: header 118. */
	cr_assert_eq(len, 128 + 8);
	cr_assert(!memcmp(img, "\x93NUMPY\x01\x00\x76\x00", 10));
	cr_assert(!memcmp(img + 10, want, strlen(want)));
	cr_assert_eq(img[10 + strlen(want)], ' ');
	cr_assert_eq(img[127], '\n');
	cr_assert(!memcmp(img + 128, v, 8));
	free(img);
}

Test(npy, round_trip_every_dtype)
{
	static const NpyDtype t[] = {NPY_F32, NPY_F16, NPY_I8, NPY_U8,
	    NPY_I16, NPY_I32, NPY_I64};
	unsigned char data[8 * 12];
	size_t i, len;

	for (i = 0; i < sizeof data; i++)
		data[i] = (unsigned char)(i * 37 + 1);
	for (i = 0; i < sizeof t / sizeof t[0]; i++) {
		NpyArray a = {.dtype = t[i], .ndim = 3, .shape = {2, 3, 2},
		    .n = 12, .data = data}, b;
		char err[128];
		void *img = npy_encode(&a, &len);

		cr_assert(npy_decode(img, len, &b, err, sizeof err), "%s", err);
		cr_assert(b.dtype == t[i] && b.ndim == 3 && b.shape[1] == 3);
		cr_assert(!memcmp(b.data, data, 12 * npy_itemsize(t[i])));
		npy_free(&b);
		free(img);
	}
}

Test(npy, write_file_atomic)
{
	char path[] = "/tmp/npy_testXXXXXX";
	int fd = mkstemp(path);
	float v[2] = {1.5f, -2.5f};
	NpyArray a = {.dtype = NPY_F32, .ndim = 1, .shape = {2}, .n = 2,
	    .data = v}, b;
	char err[128];

	cr_assert(fd >= 0);
	close(fd);
	cr_assert(npy_write_file(path, &a, err, sizeof err), "%s", err);
	cr_assert(npy_read_file(path, &b, err, sizeof err), "%s", err);
	cr_assert(b.n == 2 && ((float *)b.data)[1] == -2.5f);
	npy_free(&b);
	unlink(path);
	cr_assert(!npy_write_file("/nonexistent-dir/x.npy", &a, err,
	    sizeof err));
	cr_assert(access("/nonexistent-dir/x.npy", F_OK) != 0);
	cr_assert(!npy_read_file("/nonexistent-file.npy", &b, err,
	    sizeof err));
	cr_assert(strstr(err, "cannot open"));
}

/* Expects decoding to fail with `why` in the message. */
static void
bad(const unsigned char *img, size_t len, const char *why)
{
	NpyArray a;
	char err[160];

	cr_assert(!npy_decode(img, len, &a, err, sizeof err),
	    "accepted, expected '%s'", why);
	cr_assert(strstr(err, why), "'%s' does not say '%s'", err, why);
	cr_assert_null(a.data);
}

static void
bad_dict(const char *dict, size_t ndata, const char *why)
{
	static const unsigned char zeros[64];

	bad(buf, image(buf, 1, dict, zeros, ndata), why);
}

Test(npy, corrupt_files)
{
	const char *ok = "{'descr': '<f4', 'fortran_order': False, "
	    "'shape': (2,), }";
	size_t len = image(buf, 1, ok, "\0\0\0\0\0\0\0\0", 8);

	bad(buf, len - 1, "data is 7 bytes");
	bad(buf, 5, "bad magic");
	buf[0] = 'x';
	bad(buf, len, "bad magic");
	image(buf, 1, ok, "\0\0\0\0\0\0\0\0", 8);
	buf[6] = 3;
	bad(buf, len, "version 3.0");
	image(buf, 1, ok, "\0\0\0\0\0\0\0\0", 8);
	buf[8] = 0xff;
	bad(buf, len, "truncated header");
	bad(buf, 40, "truncated header");
	bad_dict(ok, 12, "data is 12 bytes, shape and dtype need 8");
	bad_dict("{'descr': '>f4', 'fortran_order': False, 'shape': (2,), }",
	    8, "big-endian");
	bad_dict("{'descr': '<c8', 'fortran_order': False, 'shape': (2,), }",
	    16, "unsupported dtype '<c8'");
	bad_dict("{'descr': '<f4', 'fortran_order': True, 'shape': (2, 2), }",
	    16, "fortran_order");
	bad_dict("{'descr': '<f4', 'shape': (2,), }", 8, "'fortran_order'");
	bad_dict("{'descr': '<f4', 'descr': '<f4', 'fortran_order': False, "
	    "'shape': (2,), }", 8, "duplicate key");
	bad_dict("{'descr': '<f4', 'fortran_order': False, 'shape': (-2,), }",
	    0, "bad shape");
	bad_dict("{'descr': '<f4', 'fortran_order': False, 'shape': "
	    "(99999999999999999999,), }", 0, "too large");
	bad_dict("{'descr': '<f4', 'fortran_order': False, 'shape': "
	    "(4294967296, 4294967296), }", 0, "shape too large");
	bad_dict("{'descr': '<f4', 'fortran_order': Maybe, 'shape': (2,), }",
	    8, "not a bool");
	bad_dict("{'descr': '<f4', 'fortran_order': False, 'shape': (2,), "
	    "'extra': 1}", 8, "unknown key");
	bad_dict("{'descr': '<f4', 'fortran_order': False, 'shape': 2}", 8,
	    "not a tuple");
	bad_dict("{'descr': '<f4', 'fortran_order': False, 'shape': (2,)} x",
	    8, "junk");
	bad_dict("{'descr: '<f4'}", 8, "header");
}

Test(npy, half_floats)
{
	cr_assert_eq(npy_f16_to_f32(0x3c00), 1.0f);
	cr_assert_eq(npy_f16_to_f32(0xc000), -2.0f);
	cr_assert_eq(npy_f16_to_f32(0x7bff), 65504.0f);
	cr_assert_eq(npy_f16_to_f32(0x0001), ldexpf(1, -24));
	cr_assert_eq(npy_f16_to_f32(0x0200), ldexpf(1, -15));
	cr_assert(isinf(npy_f16_to_f32(0x7c00)));
	cr_assert(isnan(npy_f16_to_f32(0x7e00)));
	cr_assert_eq(npy_f32_to_f16(1.0f), 0x3c00);
	cr_assert_eq(npy_f32_to_f16(-2.0f), 0xc000);
	cr_assert_eq(npy_f32_to_f16(65519.0f), 0x7bff);
	cr_assert_eq(npy_f32_to_f16(65520.0f), 0x7c00); /* rounds to inf */
	cr_assert_eq(npy_f32_to_f16(ldexpf(1, -25)), 0x0000); /* tie: even */
	cr_assert_eq(npy_f32_to_f16(ldexpf(3, -26)), 0x0001);
	cr_assert_eq(npy_f32_to_f16(ldexpf(3, -25)), 0x0002); /* tie: even */
	cr_assert_eq(npy_f32_to_f16(1.0f + ldexpf(1, -11)), 0x3c00);
	cr_assert_eq(npy_f32_to_f16(1.0f + ldexpf(3, -11)), 0x3c02);
	cr_assert_eq(npy_f32_to_f16(ldexpf(1, -15)), 0x0200);
	cr_assert_eq(npy_f32_to_f16(1e-10f), 0x0000);
}
