# test/lit/tools/Inputs/empty-dir.py: fails (listing the files) unless
# the directory is empty, e.g. after a failed run left no temp file.
import os
import sys

left = sorted(os.listdir(sys.argv[1]))
if left:
    sys.stderr.write('left behind: %s\n' % ' '.join(left))
    sys.exit(1)
