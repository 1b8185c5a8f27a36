# test/lit/targets/ethos_u/Inputs/mkstream.py: writes small Ethos-U command
# streams and COP1 payloads, good and bad, for the decoder tests. Words
# are little-endian; a command's word 0 is opcode | control << 14 |
# param << 16 (Arm's command layout).
import struct
import sys


def cmd0(op, param=0):
    return [op | (param & 0xffff) << 16]


def cmd1(op, payload, param=0):
    return [op | 1 << 14 | (param & 0xffff) << 16, payload & 0xffffffff]


def stream():
    return (cmd0(0x10f, 1) + cmd1(0x000, 0x40) + cmd0(0x105, 0x41) +
            cmd0(0x109, -128) + cmd0(0x006, 1) + cmd0(0x000))


def cop1(words, config=0x1807):
    nops = (4 - (1 + 3 + 1) % 4) % 4
    return ([0x31504f43, 0x00100001, config, 0x10060000] + [5] * nops +
            [2 | len(words) << 16] + words)


def pack(words):
    return b''.join(struct.pack('<I', w & 0xffffffff) for w in words)


CASES = {
    'raw': lambda: pack(stream()),
    'cop1': lambda: pack(cop1(stream())),
    'odd-length': lambda: pack(stream()) + b'\x01\x02',
    'cut-cmd1': lambda: pack(cmd0(0x10f, 1) + [0x4000]),
    'unknown-op': lambda: pack(cmd0(0x10f, 1) + cmd0(0x3ff)),
    'bad-control': lambda: pack(cmd0(0x10f, 1) + [0x8000 | 0x105]),
    'long-stream': lambda: pack(cop1(stream())[:-2]),
    'bad-action': lambda: pack([0x31504f43, 0x00000009]),
    'cut-config': lambda: pack([0x31504f43, 0x00100001, 0x1807]),
}

if __name__ == '__main__':
    with open(sys.argv[2], 'wb') as f:
        f.write(CASES[sys.argv[1]]())
