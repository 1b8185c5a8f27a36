# test/lit/tools/Inputs/expect-exit.py: runs a command and succeeds only
# when it exits with the given status (lit's `not` cannot tell 1 from 2).
# usage: expect-exit.py STATUS COMMAND [ARGS...]
import subprocess
import sys

want = int(sys.argv[1])
got = subprocess.call(sys.argv[2:])
if got != want:
    sys.stderr.write('expected exit status %d, got %d\n' % (want, got))
    sys.exit(1)
