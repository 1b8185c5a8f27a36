/* ir/input.c: checked, bounded reads of tools' inputs: see ir/input.h. */
#include "ir/input.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ir/ir.h"

bool
ir_input_kind_ok(int fd, bool is_stdin, char *err, size_t errlen)
{
	struct stat st;

	if (is_stdin)
		return true;
	if (fstat(fd, &st) != 0) {
		snprintf(err, errlen, "%s", strerror(errno));
		return false;
	}
	if (S_ISREG(st.st_mode) || S_ISFIFO(st.st_mode) ||
	    S_ISSOCK(st.st_mode))
		return true;
	snprintf(err, errlen, "%s", S_ISDIR(st.st_mode) ? "is a directory" :
	    "not a regular file or pipe");
	return false;
}

/* A read past the limit. */
static char *
too_large(char *buf, size_t max, char *err, size_t errlen)
{
	snprintf(err, errlen, "input is larger than the %zu-byte limit", max);
	free(buf);
	return NULL;
}

char *
ir_input_read(FILE *f, size_t max, size_t *len, char *err, size_t errlen)
{
	size_t cap = 1 << 16, got;
	char *buf = ir_xmalloc(cap + 1);

	*len = 0;
	for (;;) {
		if (*len == cap) {
			if (cap > max)
				return too_large(buf, max, err, errlen);
			/* One byte past max tells "exactly max" from more. */
			cap = cap > max / 2 ? max + 1 : cap * 2;
			buf = ir_xrealloc(buf, cap + 1);
		}
		got = fread(buf + *len, 1, cap - *len, f);
		*len += got;
		if (got == 0)
			break;
	}
	if (ferror(f)) {
		snprintf(err, errlen, "%s", strerror(errno));
		free(buf);
		return NULL;
	}
	if (*len > max)
		return too_large(buf, max, err, errlen);
	buf[*len] = '\0';
	return buf;
}
