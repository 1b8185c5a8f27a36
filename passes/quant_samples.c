/* passes/quant_samples.c: calibration and evaluation samples: a folder of
 * sample folders, each with one .npy per function argument. */
#include "passes/quant.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "interp/npy.h"

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static char *
dup(const char *s)
{
	return ir_xstrndup(s, strlen(s));
}

/* Sorted names in dir (no dot files), or NULL with an error. */
static char **
list_dir(IrContext *ctx, const char *dir, size_t *n)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **names = NULL;
	size_t cap = 0;

	*n = 0;
	if (!d) {
		ir_emit_error(ctx, NULL, "cannot read sample folder '%s': %s",
		    dir, strerror(errno));
		return NULL;
	}
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		if (*n == cap) {
			cap = cap ? 2 * cap : 16;
			names = ir_xrealloc(names, cap * sizeof *names);
		}
		names[(*n)++] = dup(e->d_name);
	}
	closedir(d);
	if (*n)
		qsort(names, *n, sizeof *names, cmp_str);
	if (!names)
		names = ir_xcalloc(1, sizeof *names);
	return names;
}

static void
free_names(char **names, size_t n)
{
	while (n--)
		free(names[n]);
	free(names);
}

static char *
join(const char *dir, const char *name)
{
	size_t len = strlen(dir) + strlen(name) + 2;
	char *p = ir_xmalloc(len);

	snprintf(p, len, "%s/%s", dir, name);
	return p;
}

static bool
is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Is name "<prefix><k>.npy"? Sets *k. */
static bool
numbered(const char *name, const char *prefix, long *k)
{
	size_t pl = strlen(prefix);
	char *end;

	if (strncmp(name, prefix, pl) || !isdigit((unsigned char)name[pl]))
		return false;
	*k = strtol(name + pl, &end, 10);
	return strcmp(end, ".npy") == 0;
}

bool
qsamples_open(IrContext *ctx, const char *dir, QSamples *s)
{
	char **names;
	size_t n, i;
	bool ok;

	memset(s, 0, sizeof *s);
	if (!(names = list_dir(ctx, dir, &n)))
		return false;
	for (i = 0; i < n; i++) {
		if (!strcmp(names[i], "input_0.npy")) {
			free_names(names, n);
			s->dirs = ir_xmalloc(sizeof *s->dirs);
			s->dirs[0] = dup(dir);
			s->n = 1;
			return true;
		}
	}
	for (ok = true, i = 0; i < n; i++) {
		char *p = join(dir, names[i]);

		if (ok && !is_dir(p)) {
			ir_emit_error(ctx, NULL, "unexpected file '%s': a "
			    "sample folder holds input_0.npy, ... or one "
			    "folder per sample", p);
			ok = false;
		}
		free(names[i]);
		names[i] = p;
	}
	if (ok && !n) {
		ir_emit_error(ctx, NULL, "sample folder '%s' is empty", dir);
		ok = false;
	}
	if (!ok) {
		free_names(names, n);
		return false;
	}
	s->dirs = names;
	s->n = n;
	return true;
}

void
qsamples_free(QSamples *s)
{
	if (s->dirs)
		free_names(s->dirs, s->n);
	memset(s, 0, sizeof *s);
}

/* Checks a sample folder's file names: input_0..input_{n-1}.npy, and
 * reference outputs (output_<k>.npy, ignored), nothing else. */
static bool
check_names(IrContext *ctx, const char *dir, size_t nargs)
{
	size_t n, i;
	char **names = list_dir(ctx, dir, &n);
	bool ok = names != NULL;
	long k;

	for (i = 0; ok && i < n; i++) {
		if (numbered(names[i], "output_", &k))
			continue;
		if (!numbered(names[i], "input_", &k) || k < 0 ||
		    (size_t)k >= nargs) {
			ir_emit_error(ctx, NULL, "unexpected file '%s/%s': the "
			    "function takes input_0.npy .. input_%zu.npy (and "
			    "output_<k>.npy is ignored)", dir, names[i],
			    nargs - 1);
			ok = false;
		}
	}
	if (names)
		free_names(names, n);
	return ok;
}

static bool
shape_ok(const NpyArray *a, const IrType *want)
{
	int k;

	if (a->dtype != NPY_F32 || a->ndim != want->u.shaped.rank ||
	    a->n != ir_type_num_elements(want))
		return false;
	for (k = 0; k < a->ndim; k++)
		if (a->shape[k] != want->u.shaped.dims[k])
			return false;
	return true;
}

/* Reads argument i of the sample in dir. */
static IrTensor *
read_arg(IrContext *ctx, const char *dir, unsigned i, const IrType *want)
{
	char name[32], err[256];
	char *path, *ts;
	NpyArray a = {0};
	IrTensor *t = NULL;
	int64_t k;
	bool ok;

	snprintf(name, sizeof name, "input_%u.npy", i);
	path = join(dir, name);
	ok = npy_read_file(path, &a, err, sizeof err);
	if (!ok)
		ir_emit_error(ctx, NULL, "'%s': %s", path, err);
	if (ok && !shape_ok(&a, want)) {
		ts = ir_type_str(want);
		ir_emit_error(ctx, NULL, "'%s' is %s with %d dimensions and "
		    "%lld elements; argument #%u is %s", path,
		    npy_dtype_name(a.dtype), a.ndim, (long long)a.n, i, ts);
		free(ts);
		ok = false;
	}
	for (k = 0; ok && k < a.n; k++) {
		if (!isfinite(((float *)a.data)[k])) {
			ir_emit_error(ctx, NULL, "'%s' holds NaN or infinity "
			    "at element %lld", path, (long long)k);
			ok = false;
		}
	}
	if (ok) {
		t = ir_tensor_create(want);
		memcpy(t->data, a.data, (size_t)a.n * 4);
	}
	npy_free(&a);
	free(path);
	return t;
}

bool
qsamples_load(IrContext *ctx, const QSamples *s, size_t i, IrOp *func,
    IrTensor **args)
{
	const IrType *ft = ir_func_type(func);
	size_t na = ft->u.func.ninputs, k;

	for (k = 0; k < na; k++) {
		if (!quant_is_f32(ft->u.func.inputs[k]) ||
		    ir_type_num_elements(ft->u.func.inputs[k]) < 0) {
			ir_op_emit_error(func, "argument #%zu is not a static "
			    "f32 tensor (fix dynamic shapes when importing: "
			    "--input-shape)", k);
			return false;
		}
	}
	if (!check_names(ctx, s->dirs[i], na))
		return false;
	for (k = 0; k < na; k++) {
		args[k] = read_arg(ctx, s->dirs[i], (unsigned)k,
		    ft->u.func.inputs[k]);
		if (!args[k]) {
			while (k--)
				ir_tensor_release(args[k]);
			return false;
		}
	}
	return true;
}
