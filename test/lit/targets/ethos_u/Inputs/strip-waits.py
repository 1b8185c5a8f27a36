# test/lit/targets/ethos_u/Inputs/strip-waits.py: rewrites the command
# streams of an imported .mlir (ethos_u.stream ops holding COP1 payloads)
# with their NPU_OP_DMA_WAITs (mode dma) or NPU_OP_KERNEL_WAITs (mode
# kernel) made harmless: each becomes NPU_OP_KERNEL_WAIT 3, which lets
# every outstanding operation run on, so the stream keeps its length and
# offsets but loses those waits. Prints how many it replaced on stderr.
# Usage: strip-waits.py dma|kernel IN.mlir OUT.mlir
import re
import struct
import sys

OPCODE = {'dma': 0x011, 'kernel': 0x012}
HARMLESS = 0x012 | 3 << 16


def strip(payload, opcode):
    words = list(struct.unpack('<%dI' % (len(payload) // 4), payload))
    if words[0] != 0x31504f43:  # 'COP1'
        sys.exit('not a COP1 payload')
    i, n = 1, 0
    while i < len(words):
        code, size = words[i] & 0xff, words[i] >> 16
        i += 1
        if code == 1:  # OPTIMIZER_CONFIG: config and id words
            i += 2
        elif code == 2:  # COMMAND_STREAM of size words
            end = i + size
            while i < end:
                w = words[i]
                if w >> 14 & 3:  # cmd1: a payload word follows
                    i += 2
                    continue
                if w & 0x3ff == opcode and w != HARMLESS:
                    words[i] = HARMLESS
                    n += 1
                i += 1
        elif code != 5:  # anything but NOP
            sys.exit('driver action %d not handled' % code)
    return struct.pack('<%dI' % len(words), *words), n


def main():
    mode, src, dst = sys.argv[1:4]
    text = open(src).read()
    total = 0

    def repl(m):
        nonlocal total
        data, n = strip(bytes.fromhex(m.group(1)), OPCODE[mode])
        total += n
        return 'command_stream = dense<"0x%s"' % data.hex().upper()

    text = re.sub(r'command_stream = dense<"0x([0-9A-Fa-f]+)"', repl, text)
    open(dst, 'w').write(text)
    sys.stderr.write('replaced %d waits\n' % total)


main()
