/* ir/input.h: reading a tool's input (IR text, .npy) safely: only
 * regular files, pipes and sockets (not /dev/zero, a terminal or a
 * directory, unless it is stdin), and never more than a limit, so a
 * wrong path is an error rather than a read that grows until memory
 * runs out. */
#ifndef NPUIR_INPUT_H
#define NPUIR_INPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* The most any tool reads from one input: 2 GiB (the largest IR text
 * anyone has fed npu-opt is a few hundred MB). */
#define IR_INPUT_MAX ((size_t)1 << 31)

/* Whether the open file fd may be read as an input: a regular file, a
 * FIFO or a socket; anything for stdin (is_stdin). Otherwise false with
 * "not a regular file or pipe" (or "is a directory") in err. */
bool ir_input_kind_ok(int fd, bool is_stdin, char *err, size_t errlen);

/* Reads f to its end into a new buffer (one spare byte after the data,
 * set to NUL); *len is the byte count. NULL with a message in err on a
 * read error or when more than max bytes arrive ("input is larger than
 * the 2147483648-byte limit"). */
char *ir_input_read(FILE *f, size_t max, size_t *len, char *err,
    size_t errlen);

#endif /* NPUIR_INPUT_H */
