"""test/lit/tools/Inputs/fsize-limit.py: runs a tool under a 4 KB file
size limit (ulimit -f) writing OUT, and prints how it ended and which
files OUT* exist: a truncated output or temp file must not be left.

usage: fsize-limit.py OUT TOOL ARGS...
"""
import glob
import os
import resource
import signal
import subprocess
import sys


def limit():
    resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))
    signal.signal(signal.SIGXFSZ, signal.SIG_DFL)


def main():
    out = sys.argv[1]
    for p in glob.glob(out + '*'):
        os.unlink(p)
    rc = subprocess.run(sys.argv[2:], preexec_fn=limit,
                        stderr=subprocess.DEVNULL).returncode
    left = sorted(os.path.basename(p) for p in glob.glob(out + '*'))
    print('exit %s, left: %s' % (
        'SIGXFSZ' if rc == -signal.SIGXFSZ else rc, left))


if __name__ == '__main__':
    main()
