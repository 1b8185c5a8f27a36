/* test/unit/ir/output_test.c: atomic output files: committed only on
 * success, nothing left behind on failure, devices and symlinks written
 * in place, write errors caught at the flush, an existing file replaced
 * in one step and kept whole for whoever still holds it. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ir/output.h"

static char dir[64];

static void
make_dir(void)
{
	strcpy(dir, "/tmp/npuir-output-XXXXXX");
	cr_assert_not_null(mkdtemp(dir));
}

/* Files in dir, so a test sees that no temporary file is left. */
static int
count_files(void)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	cr_assert_not_null(d);
	while ((e = readdir(d)))
		n += e->d_name[0] != '.';
	closedir(d);
	return n;
}

static void
slurp(const char *path, char *buf, size_t size)
{
	FILE *f = fopen(path, "rb");
	cr_assert_not_null(f, "%s", path);
	size_t n = fread(buf, 1, size - 1, f);
	buf[n] = 0;
	fclose(f);
}

static void
write_text(const char *path, const char *text, bool ok, bool buffered)
{
	char err[256] = "";
	IrOutput *out = ir_output_open(path, buffered, err, sizeof err);
	cr_assert_not_null(out, "%s", err);
	fputs(text, ir_output_stream(out));
	cr_assert_eq(ir_output_close(out, ok, err, sizeof err), ok, "%s",
	    err);
	cr_assert_str_empty(err);
}

static void
cleanup(void)
{
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	cr_assert_eq(system(cmd), 0);
}

Test(output, commit_replaces_and_discard_keeps_the_old_file)
{
	char path[128], buf[64];
	make_dir();
	snprintf(path, sizeof path, "%s/out.txt", dir);
	write_text(path, "first\n", true, false);
	slurp(path, buf, sizeof buf);
	cr_expect_str_eq(buf, "first\n");
	write_text(path, "second\n", false, false);
	slurp(path, buf, sizeof buf);
	cr_expect_str_eq(buf, "first\n");
	cr_expect_eq(count_files(), 1);
	write_text(path, "third\n", true, true);
	slurp(path, buf, sizeof buf);
	cr_expect_str_eq(buf, "third\n");
	cr_expect_eq(count_files(), 1);
	cleanup();
}

Test(output, a_discarded_new_file_never_appears)
{
	char path[128];
	make_dir();
	snprintf(path, sizeof path, "%s/new.txt", dir);
	write_text(path, "partial", false, false);
	cr_expect_neq(access(path, F_OK), 0);
	cr_expect_eq(count_files(), 0);
	cleanup();
}

Test(output, a_symlink_is_written_through_not_replaced)
{
	char target[128], link[128], buf[64];
	struct stat st;
	make_dir();
	snprintf(target, sizeof target, "%s/target.txt", dir);
	snprintf(link, sizeof link, "%s/link.txt", dir);
	write_text(target, "old\n", true, false);
	cr_assert_eq(symlink(target, link), 0);
	write_text(link, "new\n", true, true);
	cr_assert_eq(lstat(link, &st), 0);
	cr_expect(S_ISLNK(st.st_mode));
	slurp(target, buf, sizeof buf);
	cr_expect_str_eq(buf, "new\n");
	/* Discarded buffered output never reaches the target. */
	write_text(link, "lost\n", false, true);
	slurp(target, buf, sizeof buf);
	cr_expect_str_eq(buf, "new\n");
	cleanup();
}

Test(output, a_device_is_written_in_place)
{
	write_text("/dev/null", "nothing\n", true, false);
	write_text("/dev/null", "nothing\n", true, true);
}

Test(output, write_errors_are_reported_at_close)
{
	char err[256] = "";
	IrOutput *out = ir_output_open("/dev/full", false, err, sizeof err);
	cr_assert_not_null(out, "%s", err);
	fputs("does not fit\n", ir_output_stream(out));
	cr_expect_not(ir_output_close(out, true, err, sizeof err));
	cr_expect_str_eq(err, "cannot write '/dev/full': No space left on "
	    "device");
}

Test(output, a_missing_directory_is_reported_at_open)
{
	char err[256] = "";
	cr_expect_null(ir_output_open("/nonexistent-dir/x.txt", false, err,
	    sizeof err));
	cr_expect(strstr(err, "cannot create '/nonexistent-dir/x.txt.tmp."),
	    "%s", err);
	cr_expect(strstr(err, "': No such file or directory"), "%s", err);
}

/* A replaced file is a new file in the old one's place (never the old
 * one rewritten): a hard link to the old file and a reader that has it
 * open still see the old bytes, and no temp file is left (the swapped
 * out old file included). Both ways of writing: streamed and buffered. */
Test(output, a_replaced_file_stays_whole_for_its_holders)
{
	char path[128], other[128], buf[64];
	make_dir();
	snprintf(path, sizeof path, "%s/out.bin", dir);
	snprintf(other, sizeof other, "%s/old.bin", dir);
	for (int buffered = 0; buffered < 2; buffered++) {
		write_text(path, "old contents\n", true, false);
		cr_assert_eq(link(path, other), 0);
		int fd = open(path, O_RDONLY);
		cr_assert_geq(fd, 0);
		write_text(path, "new\n", true, buffered);
		slurp(path, buf, sizeof buf);
		cr_expect_str_eq(buf, "new\n");
		slurp(other, buf, sizeof buf);
		cr_expect_str_eq(buf, "old contents\n");
		ssize_t n = pread(fd, buf, sizeof buf - 1, 0);
		cr_assert_eq(n, 13);
		buf[n] = 0;
		cr_expect_str_eq(buf, "old contents\n");
		close(fd);
		cr_expect_eq(count_files(), 2, "a temp file was left");
		cr_assert_eq(unlink(other), 0);
	}
	cleanup();
}

typedef struct Watch {
	const char *path;
	atomic_bool stop;
	atomic_long opened, missing;
} Watch;

static void *
watch(void *arg)
{
	Watch *w = arg;
	while (!atomic_load(&w->stop)) {
		int fd = open(w->path, O_RDONLY);
		if (fd < 0) {
			atomic_fetch_add(&w->missing, 1);
			continue;
		}
		atomic_fetch_add(&w->opened, 1);
		close(fd);
	}
	return NULL;
}

/* While an existing output is replaced again and again, a reader that
 * opens it by name always finds a file: the new one takes the name in
 * one step, with no moment between removing the old file and renaming
 * the new one. */
Test(output, the_target_never_disappears_while_replaced)
{
	char path[128], buf[64];
	make_dir();
	snprintf(path, sizeof path, "%s/busy.txt", dir);
	write_text(path, "0\n", true, false);
	Watch w = { .path = path };
	pthread_t t;
	cr_assert_eq(pthread_create(&t, NULL, watch, &w), 0);
	for (int i = 1; i <= 300 || atomic_load(&w.opened) < 100; i++) {
		char text[32];
		snprintf(text, sizeof text, "%d\n", i);
		write_text(path, text, true, i % 2);
	}
	atomic_store(&w.stop, true);
	pthread_join(t, NULL);
	cr_expect_eq(atomic_load(&w.missing), 0, "%ld opens of %ld found "
	    "no file", atomic_load(&w.missing), atomic_load(&w.opened));
	slurp(path, buf, sizeof buf);
	cr_expect_neq(buf[0], '0');
	cr_expect_eq(count_files(), 1);
	cleanup();
}
