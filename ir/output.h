/* ir/output.h: atomic output files, the one way npu-ir writes a file:
 * tools' -o, npu-run's .npy results, and every future --emit stream and
 * report (CSV, JSON, SVG, DOT). A failed run never leaves a partial
 * file (DESIGN.md section 8).
 *
 *     char err[512];
 *     IrOutput *out = ir_output_open(path, false, err, sizeof err);
 *     if (!out)
 *             return report(err);              // nothing was created
 *     bool ok = write_everything(ir_output_stream(out));
 *     if (!ir_output_close(out, ok, err, sizeof err) && ok)
 *             report(err);                     // the write itself failed
 *
 * Several files that must appear together (npu-run's results): open and
 * write them all, then close them all with the same `ok`. */
#ifndef NPUIR_OUTPUT_H
#define NPUIR_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct IrOutput IrOutput;

/* Opens the output `path`; "-" is stdout. A new path or a regular file
 * gets a temporary file beside it (path.tmp.XXXXXX, mode 0666 & ~umask)
 * that ir_output_close puts in its place: renamed to a new path, or
 * swapped with an existing file in one step (renameat2 RENAME_EXCHANGE;
 * a plain rename over it where the kernel or file system lacks that)
 * and the old file then removed. Either way the name never goes
 * missing; the swap keeps ext4 from writing the new file out inside
 * the rename (its auto_da_alloc), so, as for any file written without
 * fsync, a power loss soon after may leave it empty. A symlink to a
 * regular file is resolved and its target replaced so (the link stays;
 * truncating the target in place could pull pages from under a reader
 * that mapped it, such as an import of the same file). stdout, devices
 * (/dev/null), dangling symlinks and links under /dev and /proc
 * (/dev/stdout) are written in place, since renaming would replace the
 * link rather than write through it. When `buffered` (a run that may
 * fail after printing something: --split-input-file,
 * --verify-diagnostics) everything goes to a memory buffer and nothing
 * is created until ir_output_close commits it (then the temp file,
 * write and rename, or the copy into the device or link); else the
 * temp file is created here and devices are written directly. Streams
 * are binary. Returns NULL with a message ("cannot create
 * 'x.tmp.ab12CD': No such file or directory") in err when the output
 * cannot be opened (buffered: at the commit, from ir_output_close). */
IrOutput *ir_output_open(const char *path, bool buffered, char *err,
    size_t errlen);

/* The stream to write to. */
FILE *ir_output_stream(IrOutput *out);

/* Commits (ok) or discards (!ok) the output and frees out. Write errors
 * are caught at the flush and close as well as the rename. Returns true
 * when ok and everything was written; false when !ok (nothing is
 * committed, err untouched) or, with a message ("cannot write 'x':
 * ..."; stdout is '<stdout>') in err, when writing failed. */
bool ir_output_close(IrOutput *out, bool ok, char *err, size_t errlen);

/* Makes the process check stdout when it exits (also after exit(0) in
 * --help): a failed flush or an earlier write error on stdout that
 * ir_output_close did not already report prints "prog: cannot write
 * '<stdout>': No space left on device" and the exit status becomes 1,
 * so output lost to a full disk or closed pipe is never a success. */
void ir_output_check_stdout_at_exit(const char *prog);

#endif /* NPUIR_OUTPUT_H */
