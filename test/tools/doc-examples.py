#!/usr/bin/env python3
# test/tools/doc-examples.py: runs the examples of README.md and docs/*.md
# that are marked as runnable, so the documentation cannot drift from the
# tools (docs/testing.md, "Doc examples").
#
# A marker is an HTML comment on its own line (invisible when rendered)
# right before a code block (indented by 4 spaces or fenced):
#   <!-- doctest -->          each line is a shell command (lines ending
#                             in a backslash continue, '#' lines and
#                             trailing '# ...' comments are ignored); all
#                             must exit 0
#   <!-- doctest: output -->  lines starting with '$ ' are commands, the
#                             lines after each are its exact output
#                             (stdout and stderr together)
#   <!-- doctest: fails -->   each command must exit 1 (an error, not a
#                             crash or a usage error)
#   <!-- doctest: mlir -->    the block is IR that `npu-opt` must accept
#                             (round trip: printing it again is stable);
#                             'mlir unregistered' adds
#                             --allow-unregistered-dialect
# Adding 'shared' (`<!-- doctest: shared -->`) skips the block when
# ../shared/models is absent.
#
# Commands run with the build's bin/ first in PATH, in a scratch
# directory that holds the fixtures the docs name: model.tflite (the
# shipped person detector), model.mlir (its import), x.npy (its input),
# ref.npy (its output), invalid.mlir (an annotated error test), and
# links to the source tree's top-level entries (docs/, examples/, test/,
# ...), with ../shared beside it as beside the source tree.
#
# usage: doc-examples.py SRC_DIR BUILD_DIR [FILE.md ...]
# Prints one line per block, exits 1 when any block fails.
import os
import re
import shutil
import subprocess
import sys
import tempfile

MARK = re.compile(r'^<!--\s*doctest(?::\s*([\w\s-]*))?\s*-->\s*$')
TIMEOUT = 120

INVALID = '''\
// expected-error@+1 {{custom op 'no.such_op' is unknown}}
no.such_op
'''


def blocks(path):
    """(line, kinds, lines) for each marked block of a markdown file."""
    lines = open(path, encoding='utf-8').read().split('\n')
    i = 0
    while i < len(lines):
        m = MARK.match(lines[i])
        i += 1
        if not m:
            continue
        kinds = set((m.group(1) or '').split())
        while i < len(lines) and not lines[i].strip():
            i += 1
        start = i + 1
        body = []
        if i < len(lines) and lines[i].startswith('```'):
            i += 1
            while i < len(lines) and not lines[i].startswith('```'):
                body.append(lines[i])
                i += 1
            i += 1
        else:
            while i < len(lines) and (lines[i].startswith('    ') or
                                      lines[i].startswith('\t') or
                                      not lines[i].strip()):
                body.append(lines[i][4:] if lines[i].startswith('    ')
                            else lines[i].lstrip('\t'))
                i += 1
            while body and not body[-1].strip():
                body.pop()
        yield start, kinds, body


def commands(body):
    """Shell commands of a plain block: continuations joined, comments
    dropped."""
    out, cur = [], ''
    for ln in body:
        if not cur and (not ln.strip() or ln.lstrip().startswith('#')):
            continue
        if ln.rstrip().endswith('\\'):
            cur += ln.rstrip()[:-1] + ' '
            continue
        cur += ln
        out.append(strip_comment(cur).strip())
        cur = ''
    if cur:
        out.append(strip_comment(cur).strip())
    return [c for c in out if c]


def strip_comment(cmd):
    """Drops a trailing ' # comment' outside quotes."""
    q = None
    for k, ch in enumerate(cmd):
        if q:
            if ch == q:
                q = None
        elif ch in '\'"':
            q = ch
        elif ch == '#' and k > 0 and cmd[k - 1] in ' \t':
            return cmd[:k]
    return cmd


def run(cmd, cwd, env):
    try:
        p = subprocess.run(['sh', '-c', cmd], cwd=cwd, env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return -1, 'timed out after %d s' % TIMEOUT
    return p.returncode, p.stdout.decode('utf-8', 'replace')


def scratch(src, build, root):
    """The directory commands run in, with the fixtures."""
    work = os.path.join(root, 'work')
    os.mkdir(work)
    for name in os.listdir(src):
        if name.startswith('.') or name.startswith('build'):
            continue
        os.symlink(os.path.join(src, name), os.path.join(work, name))
    shared = os.path.normpath(os.path.join(src, '..', 'shared'))
    if os.path.isdir(shared):
        os.symlink(shared, os.path.join(root, 'shared'))
    ex = os.path.join(src, 'examples')
    shutil.copy(os.path.join(ex, 'person_detect.tflite'),
                os.path.join(work, 'model.tflite'))
    shutil.copy(os.path.join(ex, 'person_detect_input.npy'),
                os.path.join(work, 'x.npy'))
    with open(os.path.join(work, 'invalid.mlir'), 'w') as f:
        f.write(INVALID)
    env = dict(os.environ)
    env['PATH'] = os.path.join(build, 'bin') + os.pathsep + env['PATH']
    for cmd in ('npu-translate --import-tflite model.tflite -o model.mlir',
                'npu-run model.mlir --input=x.npy --output=ref.npy'):
        rc, out = run(cmd, work, env)
        if rc:
            sys.exit('doc-examples: fixture failed: %s\n%s' % (cmd, out))
    return work, env, os.path.isdir(shared)


def check_plain(body, kinds, cwd, env):
    want = 1 if 'fails' in kinds else 0
    for cmd in commands(body):
        rc, out = run(cmd, cwd, env)
        if rc != want:
            return '%s\n  exit %d (want %d):\n%s' % (cmd, rc, want, out)
    return None


def check_output(body, cwd, env):
    i = 0
    while i < len(body):
        if not body[i].startswith('$ '):
            return 'output without a command: %r' % body[i]
        cmd = body[i][2:]
        i += 1
        want = []
        while i < len(body) and not body[i].startswith('$ '):
            want.append(body[i])
            i += 1
        rc, out = run(cmd, cwd, env)
        got = [ln.rstrip() for ln in out.rstrip('\n').split('\n')] \
            if out else []
        if [w.rstrip() for w in want] != got:
            return '%s\n  expected:\n%s\n  got (exit %d):\n%s' % (
                cmd, '\n'.join(want), rc, '\n'.join(got))
    return None


def check_mlir(body, kinds, cwd, env):
    path = os.path.join(cwd, 'doc-block.mlir')
    with open(path, 'w') as f:
        f.write('\n'.join(body) + '\n')
    cmd = 'npu-opt %sdoc-block.mlir' % (
        '--allow-unregistered-dialect ' if 'unregistered' in kinds else '')
    rc, first = run(cmd, cwd, env)
    if rc:
        return 'npu-opt rejects the block (exit %d):\n%s' % (rc, first)
    with open(path, 'w') as f:
        f.write(first)
    rc, second = run(cmd, cwd, env)
    if rc or second != first:
        return 'the printed block does not print the same again'
    return None


def main(argv):
    src, build = os.path.abspath(argv[1]), os.path.abspath(argv[2])
    files = argv[3:] or (['README.md'] + sorted(
        os.path.join('docs', f) for f in os.listdir(os.path.join(src,
                                                                  'docs'))
        if f.endswith('.md')))
    root = tempfile.mkdtemp(prefix='doc-examples.')
    bad = total = 0
    try:
        work, env, have_shared = scratch(src, build, root)
        for rel in files:
            for line, kinds, body in blocks(os.path.join(src, rel)):
                total += 1
                where = '%s:%d' % (rel, line)
                if 'shared' in kinds and not have_shared:
                    print('SKIP %s (no ../shared/models)' % where)
                    continue
                if 'mlir' in kinds:
                    err = check_mlir(body, kinds, work, env)
                elif 'output' in kinds:
                    err = check_output(body, work, env)
                else:
                    err = check_plain(body, kinds, work, env)
                if not body:
                    err = 'the marker is not followed by a code block'
                print('%s %s' % ('FAIL' if err else 'ok', where))
                if err:
                    bad += 1
                    print('  ' + err.replace('\n', '\n  '))
    finally:
        shutil.rmtree(root, ignore_errors=True)
    print('%d of %d doc examples failed' % (bad, total))
    return 1 if bad or not total else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
