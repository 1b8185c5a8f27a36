/* interp/npy.h: NumPy .npy files (format versions 1.0 and 2.0, little
 * endian, C order) for the interpreter's inputs and outputs. */
#ifndef NPUIR_NPY_H
#define NPUIR_NPY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ir/ir.h"

#define NPY_MAX_DIMS 32

/* The element types npu-run reads and writes. */
typedef enum NpyDtype {
	NPY_F32,
	NPY_F16,
	NPY_I8,
	NPY_U8,
	NPY_I16,
	NPY_I32,
	NPY_I64,
	NPY_F64,
	NPY_BOOL, /* one byte, 0 or 1 */
	NPY_U16,
	NPY_U32,
	NPY_U64,
} NpyDtype;

/* An array in memory; `data` is malloc'd and owned by the array. */
typedef struct NpyArray {
	NpyDtype dtype;
	int ndim;                     /* 0 for a scalar */
	int64_t shape[NPY_MAX_DIMS];
	int64_t n;                    /* element count */
	void *data;                   /* n * npy_itemsize(dtype) bytes */
} NpyArray;

/* Bytes per element. */
size_t npy_itemsize(NpyDtype t);
/* NumPy's name: "float32", "int8", ... */
const char *npy_dtype_name(NpyDtype t);

/* Decodes a whole .npy image. On failure writes a one-line reason to err
 * (errlen bytes) and returns false; `out` is then empty. The caller frees
 * a decoded array with npy_free. */
bool npy_decode(const void *buf, size_t len, NpyArray *out, char *err,
    size_t errlen);
/* Reads and decodes a file; err names what is wrong, not the path. */
bool npy_read_file(const char *path, NpyArray *out, char *err,
    size_t errlen);
/* Encodes as format 1.0 (2.0 when the header needs more than 65535
 * bytes) into a malloc'd buffer; *len gets its size. */
void *npy_encode(const NpyArray *a, size_t *len);
/* Writes atomically (ir/output.h): a temporary file beside `path`, then
 * rename, so a failure leaves no partial file. Returns false with err
 * set. */
bool npy_write_file(const char *path, const NpyArray *a, char *err,
    size_t errlen);
/* Frees the data; the array becomes empty. */
void npy_free(NpyArray *a);

/* The names .npy code used for the core's conversions (ir/half.c). */
static inline float
npy_f16_to_f32(uint16_t h)
{
	return ir_f16_to_f32(h);
}

static inline float
npy_bf16_to_f32(uint16_t h)
{
	return ir_bf16_to_f32(h);
}

static inline uint16_t
npy_f32_to_f16(float f)
{
	return ir_f16_from_f32(f);
}

#endif /* NPUIR_NPY_H */
