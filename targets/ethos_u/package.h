/* targets/ethos_u/package.h: packaging compiled Ethos-U code for a device:
 * a Vela-compatible .tflite, the raw command stream and blobs, or one
 * self-contained C header (npu-translate --emit=ethos-u, ethos-u-raw,
 * c-header). */
#ifndef NPUIR_ETHOS_U_PACKAGE_H
#define NPUIR_ETHOS_U_PACKAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ir/ir.h"

/* The module as a TFLite model: each ethos_u.stream op becomes Vela's
 * `ethos-u` custom operator (inputs: command stream, flash, scratch,
 * fast scratch, then its feature maps), the graph ops around them
 * TFLite builtin operators, with the OfflineMemoryAllocation metadata
 * placing the scratch arenas and every stream's feature maps.
 * Returns a malloc'd buffer of *len bytes, or NULL after an error
 * reported through the context (no stream op, an op TFLite cannot
 * hold, a feature map two streams place differently). */
uint8_t *ethosu_package_tflite(IrOp *module, size_t *len);

/* The same model written to a file as it is made, the module's blobs
 * (flash, command stream, weights) straight from its attributes, so
 * the model never exists a second time in memory. Made first
 * (ethosu_tflite_create: NULL after the errors above), so a tool opens
 * its output only when there is something to write; the module must
 * outlive it. ethosu_tflite_write: false when writing failed (f's
 * error flag is set); *len is the model's size. */
typedef struct EthosuTflite EthosuTflite;
EthosuTflite *ethosu_tflite_create(IrOp *module);
bool ethosu_tflite_write(EthosuTflite *t, FILE *f, size_t *len);
void ethosu_tflite_destroy(EthosuTflite *t);

/* One stream's parts, for the raw and C-header forms. */
typedef struct EthosuPackage {
	uint8_t *payload;        /* the COP1 driver payload */
	size_t npayload;
	uint8_t *stream;         /* the bare command stream */
	size_t nstream;
	const uint8_t *flash;    /* region 0, in the module's attribute */
	size_t nflash;
	uint8_t *flash_own;      /* flash when it had to be expanded */
	int64_t scratch, fast_scratch;
	uint32_t config;         /* the payload's configuration word */
	unsigned nin, nout;
	int64_t in_offset[64], in_size[64];
	int64_t out_offset[64], out_size[64];
} EthosuPackage;

/* Fills p from the module's one ethos_u.stream op. False after an error
 * (none, several, a graph op outside it: these forms hold one stream
 * and nothing for a CPU). Free with ethosu_package_free. */
bool ethosu_package_get(IrOp *module, EthosuPackage *p);
void ethosu_package_free(EthosuPackage *p);

/* The sizes file of --emit=ethos-u-raw: `key value` lines. */
void ethosu_package_print_sizes(FILE *out, const EthosuPackage *p);

/* The C header of --emit=c-header; names start with prefix (a C
 * identifier, e.g. "person_detect"). */
void ethosu_package_print_header(FILE *out, const EthosuPackage *p,
    const char *prefix);

/* --emit=... --summary: per ethos_u.stream op its NPU operations and
 * sizes (command stream, flash, scratch, fast scratch), each op left to
 * the CPU, and the totals; name and len are the written file's. */
void ethosu_package_print_summary(FILE *out, IrOp *module,
    const char *name, size_t len);

#endif /* NPUIR_ETHOS_U_PACKAGE_H */
