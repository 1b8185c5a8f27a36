#!/usr/bin/env python3
# bench/measure.py: runs a command and prints its wall seconds, CPU
# seconds (user + system, from wait4: microseconds, where GNU time
# rounds to 10 ms) and peak RSS in KiB on one line; exits with the
# command's status.
# usage: bench/measure.py COMMAND [ARG...]
import os
import sys
import time

if len(sys.argv) < 2:
    sys.stderr.write("usage: measure.py COMMAND [ARG...]\n")
    sys.exit(2)
t0 = time.perf_counter()
pid = os.fork()
if pid == 0:
    try:
        os.execvp(sys.argv[1], sys.argv[1:])
    finally:
        os._exit(127)
_, status, ru = os.wait4(pid, 0)
wall = time.perf_counter() - t0
print("%.4f %.4f %d" % (wall, ru.ru_utime + ru.ru_stime, ru.ru_maxrss))
sys.exit(os.waitstatus_to_exitcode(status))
