#!/usr/bin/env python3
"""Checks that a file is a well-formed SVG or PNG image (Python's standard
library only), for the tests of `affjit bench --plot`.

Usage: check_image.py FILE [TEXT...]. An .svg must parse as XML with an
<svg> root whose text holds every TEXT (the bar labels); a .png must have
the PNG signature, chunks whose CRCs match, an IHDR first, image data that
inflates to exactly the rows IHDR describes, and more than one colour.
Prints `WIDTHxHEIGHT` and exits 0 when the image is good, 1 otherwise.
"""
import binascii
import struct
import sys
import xml.etree.ElementTree as ET
import zlib

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
# Bytes per pixel of the 8-bit PNG colour types (gray, RGB, palette,
# gray+alpha, RGBA).
CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}


def fail(message):
    print(message, file=sys.stderr)
    sys.exit(1)


def check_svg(path, texts):
    root = ET.parse(path).getroot()
    if not root.tag.endswith("svg"):
        fail(f"root element is {root.tag}, not svg")
    content = " ".join(t for t in root.itertext())
    for text in texts:
        if text not in content:
            fail(f"the SVG does not show '{text}'")
    # gnuplot's dynamic SVG has a viewBox instead of a fixed size.
    box = root.get("viewBox", "").split()
    print(f"{box[2]}x{box[3]}" if len(box) == 4 else "svg")


def png_chunks(data):
    at = len(PNG_SIGNATURE)
    while at < len(data):
        (length,) = struct.unpack(">I", data[at:at + 4])
        kind = data[at + 4:at + 8]
        body = data[at + 8:at + 8 + length]
        (crc,) = struct.unpack(">I", data[at + 8 + length:at + 12 + length])
        if binascii.crc32(kind + body) != crc:
            fail(f"bad CRC in chunk {kind!r}")
        yield kind, body
        at += 12 + length


def check_png(path):
    data = open(path, "rb").read()
    if not data.startswith(PNG_SIGNATURE):
        fail("no PNG signature")
    chunks = list(png_chunks(data))
    if not chunks or chunks[0][0] != b"IHDR" or chunks[-1][0] != b"IEND":
        fail("PNG does not start with IHDR and end with IEND")
    width, height, depth, colour = struct.unpack(">IIBB", chunks[0][1][:10])
    if depth != 8 or colour not in CHANNELS:
        fail(f"unexpected PNG depth {depth} / colour type {colour}")
    raw = zlib.decompress(b"".join(b for k, b in chunks if k == b"IDAT"))
    row = 1 + width * CHANNELS[colour]
    if len(raw) != row * height:
        fail(f"image data holds {len(raw)} bytes, expected {row * height}")
    # A drawn chart has more than one colour (filter bytes aside).
    if len(set(raw[1:row])) < 2 and len(set(raw)) < 3:
        fail("the image is blank")
    print(f"{width}x{height}")


def main():
    if len(sys.argv) < 2:
        fail("usage: check_image.py FILE [TEXT...]")
    path = sys.argv[1]
    if path.endswith(".svg"):
        check_svg(path, sys.argv[2:])
    elif path.endswith(".png"):
        check_png(path)
    else:
        fail("expected a .svg or .png file")


if __name__ == "__main__":
    main()
