/* test/unit/ir/arena_test.c: the bump arena takes a malloc'd block as a
 * chunk (ir_arena_adopt): the wanted bytes land at their offset, the
 * rest is zero, later allocations still work, and ir_arena_free frees
 * it (the sanitizers' leak check); requests larger than a chunk (from
 * calloc, huge-page aligned from 2 MiB) are zeroed chunks of their own. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir.h"

static void
check_adopt(size_t n, size_t size, size_t at)
{
	IrArena a = { 0 };
	/* Something in the arena first, so the block goes behind it. */
	unsigned char *before = ir_arena_alloc(&a, 100, 8);
	memset(before, 7, 100);
	unsigned char *p = malloc(n ? n : 1);
	for (size_t i = 0; i < n; i++)
		p[i] = (unsigned char)(i * 31 + 1);
	unsigned char *q = ir_arena_adopt(&a, p, n, size, at);
	cr_assert_eq((uintptr_t)q % 16, 0);
	for (size_t i = 0; i < size; i++) {
		unsigned char want = i >= at && i < at + n ?
		    (unsigned char)((i - at) * 31 + 1) : 0;
		cr_assert_eq(q[i], want, "n %zu size %zu at %zu: byte %zu",
		    n, size, at, i);
	}
	/* The arena's own chunks are untouched and still bump. */
	for (size_t i = 0; i < 100; i++)
		cr_assert_eq(before[i], 7);
	unsigned char *after = ir_arena_alloc(&a, 50, 16);
	for (size_t i = 0; i < 50; i++)
		cr_assert_eq(after[i], 0);
	ir_arena_free(&a);
}

Test(arena, adopt_places_the_bytes_and_zeroes_the_rest)
{
	check_adopt(10, 10, 0);
	check_adopt(10, 64, 0);
	check_adopt(10, 64, 54);
	check_adopt(1000, 5000, 17);
	check_adopt(0, 32, 5);
	/* A large block (mapped by malloc) moved well past its start. */
	check_adopt(300000, 700000, 200000);
}

Test(arena, adopt_into_an_empty_arena)
{
	IrArena a = { 0 };
	unsigned char *p = malloc(4);
	memcpy(p, "abcd", 4);
	unsigned char *q = ir_arena_adopt(&a, p, 4, 8, 2);
	cr_assert(!memcmp(q, "\0\0abcd\0\0", 8));
	cr_assert_eq(a.total, 8);
	ir_arena_free(&a);
}

/* Every byte of q[0..n) is zero. */
static bool
all_zero(const unsigned char *q, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (q[i])
			return false;
	return true;
}

/* Requests larger than a chunk get zeroed chunks of their own (from
 * calloc; from 2 MiB up aligned for huge pages inside a larger block):
 * zero, 16-byte aligned, writable to the last byte, the arena's other
 * memory untouched and still bumping, every size freed by
 * ir_arena_free (the sanitizers' leak check) and the arena reusable. */
Test(arena, a_large_request_gets_a_zeroed_chunk_of_its_own)
{
	static const size_t sizes[] = { 5000, 300000, (size_t)2 << 20,
	    ((size_t)2 << 20) + 12345, (size_t)5 << 20 };
	IrArena a = { 0 };
	for (int round = 0; round < 2; round++) {
		unsigned char *small = ir_arena_alloc(&a, 64, 16);
		memset(small, 9, 64);
		unsigned char *big[5];
		for (size_t k = 0; k < 5; k++) {
			big[k] = ir_arena_alloc(&a, sizes[k], 16);
			cr_assert_eq((uintptr_t)big[k] % 16, 0);
			cr_assert(all_zero(big[k], sizes[k]), "size %zu",
			    sizes[k]);
			memset(big[k], (int)k + 1, sizes[k]);
		}
		unsigned char *after = ir_arena_alloc(&a, 100, 8);
		cr_assert(all_zero(after, 100));
		for (size_t i = 0; i < 64; i++)
			cr_assert_eq(small[i], 9);
		for (size_t k = 0; k < 5; k++)
			cr_assert(big[k][0] == k + 1 &&
			    big[k][sizes[k] - 1] == k + 1);
		size_t want = 64 + 100;
		for (size_t k = 0; k < 5; k++)
			want += sizes[k];
		cr_assert_geq(a.total, want);
		ir_arena_free(&a);
		cr_assert_eq(a.total, 0);
	}
}
