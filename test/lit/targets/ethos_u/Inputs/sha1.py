# test/lit/targets/ethos_u/Inputs/sha1.py: prints each file's base name,
# size and the first 16 hex digits of its SHA-1 (tflite-dump's form).
import hashlib
import os
import sys

for path in sys.argv[1:]:
    data = open(path, 'rb').read()
    print('%s %d %s' % (os.path.basename(path), len(data),
                        hashlib.sha1(data).hexdigest()[:16]))
