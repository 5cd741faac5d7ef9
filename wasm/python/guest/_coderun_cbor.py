"""The lossless-JSON subset of CBOR that crosses the guest's boundary
(wasm/build/ABI.md, Messages): encoding with the path of what is not JSON,
and decoding what the host sends."""

# The runtime's functions look names up in a copy of the builtins taken
# now: a program that replaces builtins (builtins.len = None) changes its
# own names, not the ones the runtime uses to report its outcome.
import builtins as _builtins

__builtins__ = dict(_builtins.__dict__)


from math import isfinite
from json import dumps as _dumps
from struct import pack, unpack

_MAX_SAFE = 2**53 - 1
# Nesting deeper than this is refused: the host refuses more than 1000.
_MAX_DEPTH = 1000


# output_reserve of the host, set by the runtime; None natively.
_reserve = None
_RESERVE_STEP = 64 * 1024
_reserved = [0]


class NotJSON(ValueError):
    """A value that is not lossless JSON; the message starts with its path."""


def _head(out, major, n):
    if n < 24:
        out.append(major << 5 | n)
    elif n < 0x100:
        out += bytes((major << 5 | 24, n))
    elif n < 0x10000:
        out.append(major << 5 | 25)
        out += n.to_bytes(2, "big")
    elif n < 0x100000000:
        out.append(major << 5 | 26)
        out += n.to_bytes(4, "big")
    else:
        out.append(major << 5 | 27)
        out += n.to_bytes(8, "big")


# The encoder reads subclasses of str, int, float, list, tuple and dict
# through their base types' methods: a program's overrides (__iter__,
# items, encode, __repr__...) never run, so they can neither fail nor lie
# about the value.


def _utf8(s):
    try:
        return str.encode(s, "utf-8")
    except UnicodeEncodeError:  # lone surrogates: U+FFFD, as the ABI says
        return "".join("\ufffd" if 0xD800 <= ord(c) < 0xE000 else c for c in str.__str__(s)).encode("utf-8")


def _key_path(path, key):
    """path with the key appended, written as the TypeScript guest writes
    it: .name for an identifier, else the key as a JSON string in []."""
    key = str.__str__(key)
    if key.isidentifier():
        return f"{path}.{key}"
    return f"{path}[{_dumps(key, ensure_ascii=False)}]"


def encode(value, path="$"):
    _reserved[0] = 0
    out = bytearray()
    _encode(value, out, path, 0, set())
    return bytes(out)


def _encode(v, out, path, depth, active):
    if v is None:
        out.append(0xF6)
    elif v is True:
        out.append(0xF5)
    elif v is False:
        out.append(0xF4)
    elif isinstance(v, int):
        v = int.__index__(v)
        if not -_MAX_SAFE <= v <= _MAX_SAFE:
            raise NotJSON(f"{path}: int {v} is beyond ±(2**53 - 1), which JSON numbers hold exactly")
        if v >= 0:
            _head(out, 0, v)
        else:
            _head(out, 1, -1 - v)
    elif isinstance(v, float):
        v = float.__float__(v)
        if not isfinite(v):
            raise NotJSON(f"{path}: float {v!r} is not JSON")
        out.append(0xFB)
        out += pack(">d", v)
    elif isinstance(v, str):
        b = _utf8(v)
        _head(out, 3, len(b))
        out += b
    elif isinstance(v, (list, tuple, dict)):
        if depth >= _MAX_DEPTH:
            raise NotJSON(f"{path}: nested more than {_MAX_DEPTH} deep")
        if id(v) in active:
            raise NotJSON(f"{path}: a cycle (the value contains itself)")
        active.add(id(v))
        if isinstance(v, dict):
            _head(out, 5, dict.__len__(v))
            for k, item in dict.items(v):
                if not isinstance(k, str):
                    shown = f"{k!r} ({type(k).__name__})" if type(k) in (int, float, bool, type(None)) else f"of type {type(k).__name__}"
                    raise NotJSON(f"{path}: a dict key {shown} is not a str: JSON object keys are strings (convert it with str())")
                b = _utf8(k)
                _head(out, 3, len(b))
                out += b
                _encode(item, out, _key_path(path, k), depth + 1, active)
        else:
            base = list if isinstance(v, list) else tuple
            n = base.__len__(v)
            _head(out, 4, n)
            for i in range(n):
                _encode(base.__getitem__(v, i), out, f"{path}[{i}]", depth + 1, active)
        active.discard(id(v))
    else:
        raise NotJSON(f"{path}: {type(v).__name__} is not JSON")
    if len(out) > _RESERVE_STEP and len(out) >= _reserved[0]:
        # A value this large is announced to the host as it grows, so the
        # output budget ends the run before the guest's memory does.
        _reserved[0] = len(out) * 2
        if _reserve is not None:
            _reserve(len(out))


def decode(data):
    value, end = _decode(memoryview(data), 0)
    if end != len(data):
        raise ValueError("CBOR: trailing bytes")
    return value


def _arg(b, i, info):
    if info < 24:
        return info, i
    if info == 24:
        return b[i], i + 1
    if info == 25:
        return int.from_bytes(b[i : i + 2], "big"), i + 2
    if info == 26:
        return int.from_bytes(b[i : i + 4], "big"), i + 4
    if info == 27:
        return int.from_bytes(b[i : i + 8], "big"), i + 8
    raise ValueError("CBOR: unsupported length")


def _decode(b, i):
    ib = b[i]
    major, info = ib >> 5, ib & 31
    i += 1
    if major == 7:
        if info == 20:
            return False, i
        if info == 21:
            return True, i
        if info == 22:
            return None, i
        if info == 25:
            return unpack(">e", b[i : i + 2])[0], i + 2
        if info == 26:
            return unpack(">f", b[i : i + 4])[0], i + 4
        if info == 27:
            return unpack(">d", b[i : i + 8])[0], i + 8
        raise ValueError("CBOR: unsupported simple value")
    n, i = _arg(b, i, info)
    if major == 0:
        return n, i
    if major == 1:
        return -1 - n, i
    if major == 3:
        return str(b[i : i + n], "utf-8"), i + n
    if major == 4:
        items = []
        for _ in range(n):
            item, i = _decode(b, i)
            items.append(item)
        return items, i
    if major == 5:
        d = {}
        for _ in range(n):
            k, i = _decode(b, i)
            d[k], i = _decode(b, i)
        return d, i
    raise ValueError("CBOR: unsupported major type")
