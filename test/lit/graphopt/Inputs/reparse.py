# Runs NPU_OPT --pass-pipeline=<the text in FILE> --print-pipeline (lit's
# shell has no command substitution). Usage: reparse.py NPU_OPT FILE
import subprocess
import sys

text = open(sys.argv[2]).read().strip()
sys.exit(subprocess.run([sys.argv[1], '--pass-pipeline=' + text,
                         '--print-pipeline']).returncode)
