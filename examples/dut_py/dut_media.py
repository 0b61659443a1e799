"""dut_media.py: MEDIA_LD (0x37) and MEDIA_ST (0x38) for the Python example
DUT (dut.py), written from Intel's MEDIA_LD / MEDIA_ST pages (format table,
Semantics, the width / height table) and the oracle's decisions D205-D215:
register row i at i * reg_pitch (w < 4 ? 4 : next power of two); the
surface's 2D geometry is its "media" object (byte (y, c) at y * pitch + c);
a read past an edge takes the same byte of the edge pixel (pixels of at most
4 bytes), a write past an edge is dropped. What the oracle leaves undefined
or does not model: the DUT does nothing."""

G_XE2 = 9


def reg_pitch(w):
    p = 4
    while p < w:
        p <<= 1
    return p


def scalar(m, o, Invalid):
    """X or Y: an immediate UD or a scalar UD register; None when past its variable"""
    if o["mod"]:
        raise Invalid("media offset: modifier")
    if o["hi"]:
        raise Invalid("media offset: tag bits 7..6")
    if o["cls"] == 5:
        if o["type"] != 0:
            raise Invalid("media offset: immediate must be UD")
        return o["imm"]
    if o["cls"] != 0:
        raise Invalid("media offset: general or immediate only")
    if o["id"] == 0:
        raise Invalid("media offset: %null")
    v = m.lookup(o["id"], "media offset")
    if v.type not in ("ud", "d"):  # UD or D (D214)
        raise Invalid("media offset: variable must be UD or D")
    if not m.region_ok(o["region"]):
        raise Invalid("media offset: region")
    if o["col"] * 4 >= m.grf:
        raise Invalid("media offset: column crosses the GRF")
    at = o["row"] * m.grf + o["col"] * 4
    if at + 4 > len(v.data):
        return None
    return int.from_bytes(v.data[at:at + 4], "little")


def media(m, store, Invalid, PREDEF, TYPES):
    mods, surf, plane, w, h = m.get(1), m.get(1), m.get(1), m.get(1), m.get(1)
    ox, oy = m.vec(), m.vec()
    d = m.raw()
    m.done()
    if mods > (3 if store else 5):
        raise Invalid("media: modifiers")
    if 1 <= surf <= 3:
        raise Invalid("media: reserved surface")
    if surf in (0, 4, 5):
        raise Invalid("media: not a 2D surface")
    sf = m.surfaces.get(surf)
    if sf is None:
        raise Invalid("media: undeclared surface")
    g = getattr(sf, "media", None)
    if not g:
        raise Invalid("media: surface without 2D geometry")
    if plane > 3:
        raise Invalid("media: plane")
    if w == 0 or w > 64:
        raise Invalid("media: width")
    rp = reg_pitch(w)
    if h == 0 or h * rp > 256:
        raise Invalid("media: height (page table)")
    xo = scalar(m, ox, Invalid)
    yo = scalar(m, oy, Invalid)
    if d["id"] == 0:
        raise Invalid("media: %null data")
    v = m.lookup(d["id"], "media data")
    if not store and d["id"] < 22 and not PREDEF[d["id"]][3]:
        raise Invalid("media dst: read-only")
    es = TYPES[v.type][1]
    if len(v.data) >= m.grf and d["off"] % m.grf:
        raise Invalid("media data: offset not GRF-aligned")
    if d["off"] % es:
        raise Invalid("media data: offset not a multiple of the element size")
    if xo is None or yo is None:
        return  # D14: undefined
    if d["off"] + rp * (h - 1) + w > len(v.data):
        return
    if m.gen >= G_XE2 or mods >= 2 or plane:
        return
    if xo >= 0x80000000 or yo >= 0x80000000 or (store and xo % 4):
        return
    W, H, P, px = g["width"], g["height"], g["pitch"], g["pixel"]
    if (xo + w > W or yo + h > H) and px > 4:
        return
    for i in range(h):
        for j in range(w):
            y, c, r = yo + i, xo + j, d["off"] + i * rp + j
            if store:
                if y < H and c < W:
                    sf.write(y * P + c, bytes([v.data[r]]))
                continue
            y = min(y, H - 1)
            if c >= W:
                c = W - px + c % px
            v.data[r] = sf.read(y * P + c, 1)[0]
