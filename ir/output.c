/* ir/output.c: atomic output files (a temp file renamed or swapped into
 * place, or a memory buffer for devices): see ir/output.h. */
#define _GNU_SOURCE /* realpath, renameat2 */
#include "ir/output.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ir/ir.h"

typedef enum OutKind {
	OUT_TEMP,   /* temp file beside the target, renamed on commit */
	OUT_MEMORY, /* buffered, copied to the target on commit (a regular
	               file: through a temp file made only then) */
	OUT_DIRECT, /* the target itself (stdout or a device) */
} OutKind;

struct IrOutput {
	OutKind kind;
	const char *path;  /* "-" for stdout; a symlink's resolved target */
	char *real;        /* path when resolved (owned) */
	FILE *f;
	char *tmp;         /* OUT_TEMP: the temporary file's name */
	char *buf;         /* OUT_MEMORY: open_memstream's buffer */
	size_t len;
	bool rename;       /* OUT_MEMORY: commit through a temp file */
	IrOutput *next_live; /* OUT_TEMP: the live temp files' list */
};

/* Temporary files not yet renamed or removed: a fatal signal (Ctrl-C,
 * kill, the abort after out of memory, a file size limit) removes them
 * before the process dies, so no FILE.tmp.XXXXXX is left behind. */
static IrOutput *volatile live;

static void
remove_live_temps(int sig)
{
	for (IrOutput *o = live; o; o = o->next_live)
		unlink(o->tmp); /* async-signal-safe */
	signal(sig, SIG_DFL);
	raise(sig);
}

/* Installs remove_live_temps for the fatal signals that still have
 * their default action (a caller's own handler or SIG_IGN is kept). */
static void
catch_fatal_signals(void)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT,
	    SIGABRT, SIGXFSZ, SIGPIPE };
	static bool done;
	if (done)
		return;
	done = true;
	for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
		struct sigaction old, sa;
		if (sigaction(sigs[i], NULL, &old) != 0 ||
		    old.sa_handler != SIG_DFL)
			continue;
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = remove_live_temps;
		sigemptyset(&sa.sa_mask);
		sigaction(sigs[i], &sa, NULL);
	}
}

/* Takes `out` off the live list (signals blocked by the caller). */
static void
unlink_live_blocked(IrOutput *out)
{
	for (IrOutput *volatile *p = &live; *p; p = &(*p)->next_live)
		if (*p == out) {
			*p = out->next_live;
			break;
		}
}

static void
unlink_live(IrOutput *out)
{
	sigset_t all, old;
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &old);
	unlink_live_blocked(out);
	sigprocmask(SIG_SETMASK, &old, NULL);
}

/* The tool name check_stdout reports under, and whether an error on
 * stdout was already reported by ir_output_close. */
static const char *stdout_prog = "npu-ir";
static bool stdout_reported;

static void IR_PRINTF(3, 4)
set_err(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	if (!err || !errlen)
		return;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
}

static bool
is_stdout(const char *path)
{
	return !strcmp(path, "-");
}

/* Only a new path or a plain regular file is replaced by rename. A
 * device (-o /dev/null) is written in place, and so is a symlink, which
 * rename would replace instead of its target (-o /dev/stdout); a
 * symlink to a regular file is resolved first (resolved_target). */
static bool
replace_by_rename(const char *path)
{
	struct stat st;
	if (is_stdout(path))
		return false;
	return lstat(path, &st) != 0 || S_ISREG(st.st_mode);
}

/* The regular file a symlink leads to, or NULL (not a symlink, a
 * dangling one, a device, or a link under /dev or /proc such as
 * /dev/stdout, which names whatever the descriptor is). Writing through
 * the link in place would truncate a file other readers may have
 * mapped: a tool that borrows its input model's pages (import) and
 * writes over that model through a link would fault on them. */
static char *
resolved_target(const char *path)
{
	struct stat st;
	char buf[PATH_MAX];
	if (is_stdout(path) || lstat(path, &st) != 0 || !S_ISLNK(st.st_mode) ||
	    !strncmp(path, "/dev/", 5) || !strncmp(path, "/proc/", 6) ||
	    !realpath(path, buf) || !strncmp(buf, "/dev/", 5) ||
	    !strncmp(buf, "/proc/", 6) || stat(buf, &st) != 0 ||
	    !S_ISREG(st.st_mode))
		return NULL;
	return ir_xstrndup(buf, strlen(buf));
}

static bool
open_temp(IrOutput *out, char *err, size_t errlen)
{
	size_t n = strlen(out->path);
	out->tmp = ir_xmalloc(n + 16);
	memcpy(out->tmp, out->path, n);
	memcpy(out->tmp + n, ".tmp.XXXXXX", 12);
	catch_fatal_signals();
	sigset_t all, old;
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &old);
	int fd = mkstemp(out->tmp);
	if (fd >= 0) {
		out->next_live = live;
		live = out;
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	if (fd < 0) {
		set_err(err, errlen, "cannot create '%s': %s", out->tmp,
		    strerror(errno));
		return false;
	}
	/* mkstemp makes the file 0600; give it the usual 0666 & ~umask. */
	mode_t mask = umask(0);
	umask(mask);
	out->f = fchmod(fd, 0666 & ~mask) == 0 ? fdopen(fd, "wb") : NULL;
	if (!out->f) {
		set_err(err, errlen, "cannot write '%s': %s", out->tmp,
		    strerror(errno));
		close(fd);
		unlink(out->tmp);
		unlink_live(out);
		return false;
	}
	return true;
}

/* Swaps the complete temp file with an existing regular target in one
 * step (renameat2 RENAME_EXCHANGE), then removes the old file, which
 * the temp name now holds. A plain rename over an existing file makes
 * ext4 (auto_da_alloc) start writing the new file out inside the
 * rename: 2.5-3.5 ms for MobileNet-v2's 3.4 MB .tflite, against
 * 0.02 ms for the exchange and 0.3 ms for dropping the old file. The
 * target is never absent, as with rename. False (nothing changed) when
 * there is no regular target or the exchange is not supported (kernels
 * before 3.15, file systems without it): then a plain rename. */
static bool
swap_in(IrOutput *out)
{
#ifdef RENAME_EXCHANGE
	struct stat st;
	if (lstat(out->path, &st) != 0 || !S_ISREG(st.st_mode) ||
	    renameat2(AT_FDCWD, out->tmp, AT_FDCWD, out->path,
	    RENAME_EXCHANGE) != 0)
		return false;
	unlink(out->tmp);
	return true;
#else
	(void)out;
	return false;
#endif
}

/* Puts the complete temp file in the target's place (or removes it
 * when !ok) and takes it off the live list. Signals wait until both
 * are done, so a Ctrl-C meanwhile leaves the old file or the new one,
 * never a temp. False with errno set when the rename failed. */
static bool
commit_temp(IrOutput *out, bool ok)
{
	sigset_t all, old;
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &old);
	if (ok)
		ok = swap_in(out) || rename(out->tmp, out->path) == 0;
	int e = errno;
	if (!ok)
		unlink(out->tmp);
	unlink_live_blocked(out);
	sigprocmask(SIG_SETMASK, &old, NULL);
	errno = e;
	return ok;
}

/* Opens the real target: stdout, or a device or symlink by name. */
static FILE *
open_target(const char *path, char *err, size_t errlen)
{
	if (is_stdout(path))
		return stdout;
	FILE *f = fopen(path, "wb");
	if (!f)
		set_err(err, errlen, "cannot open '%s': %s", path,
		    strerror(errno));
	return f;
}

IrOutput *
ir_output_open(const char *path, bool buffered, char *err, size_t errlen)
{
	IrOutput *out = ir_xcalloc(1, sizeof *out);
	out->real = resolved_target(path);
	out->path = out->real ? out->real : path;
	path = out->path;
	bool ok;
	if (replace_by_rename(path) && !buffered) {
		out->kind = OUT_TEMP;
		ok = open_temp(out, err, errlen);
	} else if (buffered) {
		/* a run that may still fail makes no file until it commits:
		 * a kill, a crash or a failure leaves nothing beside the
		 * target, not even a temp file */
		out->kind = OUT_MEMORY;
		out->rename = replace_by_rename(path);
		out->f = open_memstream(&out->buf, &out->len);
		ok = out->f != NULL;
		if (!ok)
			set_err(err, errlen, "open_memstream: %s",
			    strerror(errno));
	} else {
		out->kind = OUT_DIRECT;
		out->f = open_target(path, err, errlen);
		ok = out->f != NULL;
	}
	if (!ok) {
		free(out->tmp);
		free(out->real);
		free(out);
		return NULL;
	}
	return out;
}

FILE *
ir_output_stream(IrOutput *out)
{
	return out->f;
}

/* Closes f (stdout is only flushed); false on any write error. */
static bool
finish_stream(FILE *f)
{
	bool ok = fflush(f) == 0 && !ferror(f);
	if (f != stdout)
		ok = fclose(f) == 0 && ok;
	return ok;
}

/* Copies the buffer to the target; *told when opening it failed (err
 * then says so). */
static bool
commit_memory(IrOutput *out, char *err, size_t errlen, bool *told)
{
	if (out->rename) {
		/* the buffer is complete: temp file, write, rename */
		*told = !open_temp(out, err, errlen);
		if (*told)
			return false;
		bool ok = fwrite(out->buf, 1, out->len, out->f) == out->len;
		ok = finish_stream(out->f) && ok;
		return commit_temp(out, ok);
	}
	FILE *f = open_target(out->path, err, errlen);
	*told = !f;
	if (!f)
		return false;
	bool ok = fwrite(out->buf, 1, out->len, f) == out->len;
	return finish_stream(f) && ok;
}

bool
ir_output_close(IrOutput *out, bool ok, char *err, size_t errlen)
{
	bool written = true, told = false;
	switch (out->kind) {
	case OUT_TEMP:
		written = finish_stream(out->f);
		if (!commit_temp(out, ok && written))
			written = false;
		break;
	case OUT_MEMORY:
		written = fclose(out->f) == 0;
		if (ok && written)
			written = commit_memory(out, err, errlen, &told);
		break;
	case OUT_DIRECT:
		written = finish_stream(out->f);
		break;
	}
	if (ok && !written && !told)
		set_err(err, errlen, "cannot write '%s': %s",
		    is_stdout(out->path) ? "<stdout>" : out->path,
		    strerror(errno));
	free(out->tmp);
	free(out->buf);
	if (ok && !written && !told && is_stdout(out->path))
		stdout_reported = true;
	free(out->real);
	free(out);
	return ok && written;
}

static void
check_stdout(void)
{
	if (fflush(stdout) == 0 && !ferror(stdout))
		return;
	if (!stdout_reported)
		fprintf(stderr, "%s: cannot write '<stdout>': %s\n",
		    stdout_prog, errno ? strerror(errno) : "write error");
	_exit(1);
}

void
ir_output_check_stdout_at_exit(const char *prog)
{
	stdout_prog = prog;
	atexit(check_stdout);
}
