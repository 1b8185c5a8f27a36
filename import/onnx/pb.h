/* import/onnx/pb.h: a zero-copy, bounds-checked reader of the protobuf
 * wire format (varints, fixed32/64, length-delimited fields). */
#ifndef NPUIR_IMPORT_ONNX_PB_H
#define NPUIR_IMPORT_ONNX_PB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A byte range inside the mapped file (never copied). */
typedef struct PbSlice {
	const uint8_t *p;
	size_t n;
} PbSlice;

/* The wire types protobuf defines (3 and 4, groups, are rejected). */
enum {
	PB_VARINT = 0,
	PB_I64 = 1,
	PB_LEN = 2,
	PB_I32 = 5,
};

/* One decoded field: its number, wire type and value. */
typedef struct PbField {
	uint32_t num;     /* field number, >= 1 */
	unsigned wire;    /* PB_VARINT, PB_I64, PB_LEN or PB_I32 */
	uint64_t u;       /* varint or fixed value */
	PbSlice s;        /* PB_LEN payload */
} PbField;

/* Reads the message `msg` field by field: cur is the position
 * (start with cur = msg). */
typedef struct PbReader {
	const uint8_t *cur, *end;
	const char *error; /* set when pb_next fails */
} PbReader;

/* A reader over the bytes of s. */
PbReader pb_reader(PbSlice s);
/* Reads the next field into *f: returns 1, 0 at the end of the message,
 * -1 on malformed input (r->error says why; the rest is not read). */
int pb_next(PbReader *r, PbField *f);
/* Decodes one varint from [*p, end); false when truncated or longer than
 * 10 bytes. */
bool pb_varint(const uint8_t **p, const uint8_t *end, uint64_t *v);
/* Number of varints in a packed payload, or -1 when malformed. */
int64_t pb_packed_count(PbSlice s);

#endif /* NPUIR_IMPORT_ONNX_PB_H */
