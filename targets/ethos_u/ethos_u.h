/* targets/ethos_u/ethos_u.h: the Ethos-U target's decoder, dialect and
 * simulator entry points used by the tools and the importer. */
#ifndef NPUIR_ETHOSU_H
#define NPUIR_ETHOSU_H

#include <stdio.h>

#include "import/import.h"
#include "targets/ethos_u/cmdstream.h"

/* One `ethos-u` custom operator's command stream tensor in a .tflite. */
typedef struct EthosuTfliteStream {
	uint32_t subgraph, op;  /* where the operator is */
	const uint8_t *data;    /* the COP1 payload, in the file */
	size_t size;
} EthosuTfliteStream;

/* Finds up to max `ethos-u` operators of a .tflite file. Reports through
 * import_file_error and returns false on a malformed model or when there
 * is none. */
bool ethosu_tflite_streams(const ImportFile *f, EthosuTfliteStream *out,
    size_t max, size_t *n);

/* Lists every command stream of the file (a .tflite, a COP1 payload or a
 * raw stream) to out. Reports (byte offset or command index) through
 * import_file_error and returns false on bad input; out may then hold a
 * partial listing, which the caller discards. */
bool ethosu_decode_file(const ImportFile *f, FILE *out);

/* Registers the ethos_u dialect (ethos_u.stream) in ctx; a second call
 * does nothing. */
void ethosu_register_dialect(IrContext *ctx);
/* The dialect's table (for --dump-dialect). */
extern const Dialect ethosu_dialect;

#endif /* NPUIR_ETHOSU_H */
