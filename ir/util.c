/* ir/util.c: allocation that never fails, the bump arena, and the one
 * place npu-ir aborts. */
#define _DEFAULT_SOURCE 1 /* madvise */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "ir/internal.h"

static IR_NORETURN void
oom(size_t n)
{
	fprintf(stderr, "npu-ir: out of memory (%zu bytes)\n", n);
	abort();
}

void *
ir_xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		oom(n);
	return p;
}

void
ir_malloc_tune(void)
{
#if defined(__GLIBC__)
	/* glibc raises its mmap threshold to the size of the first large
	 * block freed (up to 32 MiB), after which large blocks come from
	 * the heap and stay in the process when freed; with a thread
	 * arena per worker (ethos-u-codegen's threads) each keeps its
	 * own. A fixed threshold maps every block of 128 KiB or more
	 * and unmaps it on free, so peak RSS follows the live data:
	 * MobileNet-v2's Ethos-U flow 24.3 -> 20.3 MiB on two threads. */
	(void)mallopt(M_MMAP_THRESHOLD, 128 * 1024);
#endif
}

void *
ir_xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (!p)
		oom(n * size);
	return p;
}

void *
ir_xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		oom(n);
	return p;
}

char *
ir_xstrndup(const char *s, size_t n)
{
	char *p = ir_xmalloc(n + 1);
	memcpy(p, s, n);
	p[n] = 0;
	return p;
}

void
ir_unreachable_at(const char *file, int line, const char *msg)
{
	fprintf(stderr, "npu-ir: internal error at %s:%d: %s\n", file, line,
	    msg);
	abort();
}

/* Chunks grow geometrically from 4 KiB; a request larger than the
 * default chunk gets a chunk of its own. */
struct IrArenaChunk {
	struct IrArenaChunk *next;
	void *block; /* what free() takes: the chunk, or the block a huge
	                chunk was aligned in */
	size_t size, used;
	_Alignas(16) unsigned char data[];
};

enum { ARENA_MIN_CHUNK = 4096, ARENA_MAX_CHUNK = 1 << 20 };

/* Chunks of this size or more start on a 2 MiB boundary and ask for
 * transparent huge pages (see one_off_chunk). */
#define ARENA_HUGE ((size_t)2 << 20)

/* Links one-off chunk c behind the current one, so the current chunk's
 * free space stays in use. */
static void
link_behind(IrArena *a, struct IrArenaChunk *c)
{
	if (a->head) {
		c->next = a->head->next;
		a->head->next = c;
	} else {
		c->next = NULL;
		a->head = c;
	}
}

/* Bumps `size` bytes off chunk c (zeroed unless the caller writes them
 * all), or returns NULL when they do not fit. */
static void *
bump(IrArena *a, struct IrArenaChunk *c, size_t size, size_t align,
    bool zero)
{
	size_t off = (c->used + align - 1) & ~(align - 1);
	if (off + size > c->size)
		return NULL;
	c->used = off + size;
	a->total += size;
	return zero ? memset(c->data + off, 0, size) : c->data + off;
}

void
ir_mem_populate(void *p, size_t n)
{
#ifdef MADV_POPULATE_WRITE
	const uintptr_t page = 4096;
	uintptr_t lo = ((uintptr_t)p + page - 1) & ~(page - 1);
	uintptr_t hi = ((uintptr_t)p + n) & ~(page - 1);

	if (hi > lo)
		(void)madvise((void *)lo, hi - lo, MADV_POPULATE_WRITE);
#else
	(void)p;
	(void)n;
#endif
}

/* A zeroed chunk of exactly `size` bytes, all in use. From calloc, which
 * clears nothing when the block is fresh from the kernel (glibc: a
 * mapped block, 128 KiB or more after ir_malloc_tune): bump's memset
 * wrote every page of it up front, only for the caller to write them
 * again (ethos-u-codegen's flash blob, 2.3 MB for MobileNet-v2's first
 * run: 550 page faults inside the memset). From ARENA_HUGE up the
 * chunk starts on a 2 MiB boundary and its whole 2 MiB pages are
 * madvise(MADV_HUGEPAGE)d: one fault per 2 MiB where the kernel gives
 * transparent huge pages, and, as the memset did, a page written at
 * all is resident whole (a read of an unwritten one maps the zero
 * page). The alignment costs address space only. */
static struct IrArenaChunk *
one_off_chunk(size_t size)
{
	struct IrArenaChunk *c;
	size_t bytes = sizeof *c + size;
	void *block;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
	if (size >= ARENA_HUGE) {
		block = ir_xcalloc(1, bytes + ARENA_HUGE);
		c = (void *)(((uintptr_t)block + ARENA_HUGE - 1) &
		    ~(uintptr_t)(ARENA_HUGE - 1));
		(void)madvise(c, bytes & ~(ARENA_HUGE - 1), MADV_HUGEPAGE);
	} else
#endif
	{
		block = ir_xcalloc(1, bytes);
		c = block;
	}
	c->block = block;
	c->size = c->used = size;
	return c;
}

/* ir_arena_alloc; the bytes are left as they are when !zero (the caller
 * writes them all: ir_arena_memdup, where the import's per-channel
 * scales and zero points, 0.6 MB for MobileNet-v2, were cleared first). */
static void *
arena_get(IrArena *a, size_t size, size_t align, bool zero)
{
	void *p;

	if (align == 0)
		align = 1;
	if (align > 16 || (align & (align - 1)))
		ir_unreachable("arena alignment must be a power of two <= 16");
	if (a->head && (p = bump(a, a->head, size, align, zero)))
		return p;
	size_t csize = a->head ? a->head->size * 2 : ARENA_MIN_CHUNK;
	if (csize > ARENA_MAX_CHUNK)
		csize = ARENA_MAX_CHUNK;
	struct IrArenaChunk *c;
	if (csize < size) {
		/* A one-off chunk behind the current one, so the current
		 * chunk's free space stays in use. */
		c = one_off_chunk(size);
		link_behind(a, c);
		a->total += size;
		return c->data;
	}
	c = ir_xmalloc(sizeof *c + csize);
	c->block = c;
	/* A big arena fills chunk after chunk: map each in at once. */
	if (a->head && a->head->size == ARENA_MAX_CHUNK)
		ir_mem_populate(c, sizeof *c + csize);
	c->size = csize;
	c->used = 0;
	c->next = a->head;
	a->head = c;
	return bump(a, c, size, align, zero);
}

void *
ir_arena_alloc(IrArena *a, size_t size, size_t align)
{
	return arena_get(a, size, align, true);
}

void *
ir_arena_adopt(IrArena *a, void *p, size_t n, size_t size, size_t at)
{
	if (at > size || n > size - at)
		ir_unreachable("ir_arena_adopt: bytes beyond the block");
	struct IrArenaChunk *c = ir_xrealloc(p, sizeof *c + size);
	/* The wanted bytes still lie at the block's start. */
	memmove(c->data + at, c, n);
	memset(c->data, 0, at);
	memset(c->data + at + n, 0, size - at - n);
	c->block = c;
	c->size = c->used = size;
	a->total += size;
	/* A one-off chunk (as a large request). */
	link_behind(a, c);
	return c->data;
}

void *
ir_arena_memdup(IrArena *a, const void *p, size_t size, size_t align)
{
	void *q = arena_get(a, size, align, false);
	if (size)
		memcpy(q, p, size);
	return q;
}

void
ir_arena_free(IrArena *a)
{
	struct IrArenaChunk *c = a->head, *next;
	for (; c; c = next) {
		next = c->next;
		free(c->block);
	}
	a->head = NULL;
	a->total = 0;
}
