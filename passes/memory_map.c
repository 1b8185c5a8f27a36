/* passes/memory_map.c: the SVG memory map of a plan: time steps across,
 * arena addresses up, one rectangle per buffer with its name, range and
 * offset in a tooltip and, when it is wide enough, as a label. */
#include "passes/memory_map.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ir/ir.h"

enum { W = 960, H = 540, M = 48 };	/* picture and margin, pixels */

/* Text with XML's five special characters escaped. */
static void
put_escaped(FILE *f, const char *s)
{
	for (; s && *s; s++)
		switch (*s) {
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '&': fputs("&amp;", f); break;
		case '"': fputs("&quot;", f); break;
		case '\'': fputs("&apos;", f); break;
		default: fputc(*s, f);
		}
}

static void
print_axes(FILE *f, int64_t t0, int64_t t1, int64_t top)
{
	fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
	    "fill=\"none\" stroke=\"black\"/>\n", M, M, W - 2 * M, H - 2 * M);
	fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"12\">time %" PRId64
	    "</text>\n", M, H - M / 3, t0);
	fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"12\" "
	    "text-anchor=\"end\">time %" PRId64 "</text>\n", W - M, H - M / 3,
	    t1);
	fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"12\">%" PRId64
	    " bytes</text>\n", M, M - 6, top);
}

/* A muted colour per buffer, from its index. */
static unsigned
colour(size_t i)
{
	static const unsigned pal[] = {0x8dd3c7, 0xffffb3, 0xbebada,
	    0xfb8072, 0x80b1d3, 0xfdb462, 0xb3de69, 0xfccde5, 0xd9d9d9,
	    0xbc80bd, 0xccebc5, 0xffed6f};
	return pal[i % (sizeof pal / sizeof pal[0])];
}

static void
print_buffer(FILE *f, const PlannerBuffer *b, size_t i, const char *name,
    double xs, double ys, int64_t t0)
{
	double x = M + (double)(b->start - t0) * xs;
	double w = (double)(b->end - b->start) * xs;
	double h = (double)b->size * ys;
	double y = H - M - (double)(b->offset + b->size) * ys;
	fprintf(f, "<g><title>");
	put_escaped(f, name && *name ? name : "");
	fprintf(f, "%s%zu: live [%" PRId64 ", %" PRId64 "), bytes [%" PRId64
	    ", %" PRId64 ")</title>\n", name && *name ? " #" : "#", i,
	    b->start, b->end, b->offset, b->offset + b->size);
	fprintf(f, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\""
	    " fill=\"#%06x\" stroke=\"#333\" stroke-width=\"0.5\"/>\n", x, y, w,
	    h, colour(i));
	if (w > 40 && h > 11) {
		fprintf(f, "<text x=\"%.2f\" y=\"%.2f\" font-size=\"10\">",
		    x + 2, y + 10);
		if (name && *name)
			put_escaped(f, name);
		else
			fprintf(f, "#%zu", i);
		fputs("</text>\n", f);
	}
	fputs("</g>\n", f);
}

void
memory_map_print(FILE *f, const PlannerBuffer *b, size_t n,
    const char *const *names, const char *title)
{
	int64_t t0 = n ? b[0].start : 0, t1 = n ? b[0].end : 1, top = 1;
	for (size_t i = 0; i < n; i++) {
		t0 = b[i].start < t0 ? b[i].start : t0;
		t1 = b[i].end > t1 ? b[i].end : t1;
		top = b[i].offset + b[i].size > top ? b[i].offset + b[i].size
		    : top;
	}
	double xs = (double)(W - 2 * M) / (double)(t1 > t0 ? t1 - t0 : 1);
	double ys = (double)(H - 2 * M) / (double)top;
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
	    "height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">\n"
	    "<text x=\"%d\" y=\"%d\" font-size=\"14\">", W, H, W, H, M, M / 2);
	put_escaped(f, title);
	fputs("</text>\n", f);
	print_axes(f, t0, t1, top);
	for (size_t i = 0; i < n; i++)
		print_buffer(f, &b[i], i, names ? names[i] : NULL, xs, ys, t0);
	fputs("</svg>\n", f);
}

bool
memory_map_write(const char *path, const PlannerBuffer *b, size_t n,
    const char *const *names, const char *title)
{
	size_t len = strlen(path);
	char *tmp = ir_xmalloc(len + 16);
	memcpy(tmp, path, len);
	memcpy(tmp + len, ".tmp.XXXXXX", 12);
	int fd = mkstemp(tmp);
	FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
	if (!f) {
		int e = errno;
		if (fd >= 0)
			close(fd);
		free(tmp);
		errno = e;
		return false;
	}
	mode_t mask = umask(0);
	umask(mask);
	fchmod(fd, 0666 & ~mask);
	memory_map_print(f, b, n, names, title);
	bool ok = !ferror(f);
	ok = fclose(f) == 0 && ok;
	ok = ok && rename(tmp, path) == 0;
	int e = errno;
	if (!ok)
		unlink(tmp);
	free(tmp);
	errno = e;
	return ok;
}
