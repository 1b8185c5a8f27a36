/* tools/npu-opt/output.h: where npu-opt writes, committed only when the
 * whole run succeeded (temp file + rename for regular files). */
#ifndef NPU_OPT_OUTPUT_H
#define NPU_OPT_OUTPUT_H

#include <stdbool.h>
#include <stdio.h>

typedef struct Output Output;

/* Opens the output: "-" is stdout. A new path or a regular file gets a
 * temporary file beside it (renamed over it on commit); stdout, devices
 * and symlinks are written in place, through a memory buffer when
 * `buffered` (the run may fail after printing something). Returns NULL
 * after printing an error. */
Output *output_open(const char *path, bool buffered);

/* The stream to print to. */
FILE *output_stream(Output *out);

/* Commits (ok) or discards (!ok) the output and frees out. Returns false
 * when the output could not be written (after printing an error), or
 * when !ok. */
bool output_close(Output *out, bool ok);

#endif /* NPU_OPT_OUTPUT_H */
