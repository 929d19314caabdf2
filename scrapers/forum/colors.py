"""Colour notations forums use for red votes and the GM's colours, to one form: #rrggbb."""

from __future__ import annotations

import re

# CSS named colours that forum editors offer (BBCode colour pickers of phpBB, IPB, vB,
# SMF, mybb.ru, uCoz), and the rest of the CSS reds, since a red vote may be any red.
NAMED: dict[str, str] = {
    "black": "#000000", "white": "#ffffff", "red": "#ff0000", "darkred": "#8b0000",
    "maroon": "#800000", "crimson": "#dc143c", "firebrick": "#b22222", "indianred": "#cd5c5c",
    "orangered": "#ff4500", "tomato": "#ff6347", "salmon": "#fa8072", "lightcoral": "#f08080",
    "coral": "#ff7f50", "orange": "#ffa500", "darkorange": "#ff8c00", "gold": "#ffd700",
    "yellow": "#ffff00", "green": "#008000", "darkgreen": "#006400", "lime": "#00ff00",
    "limegreen": "#32cd32", "olive": "#808000", "teal": "#008080", "blue": "#0000ff",
    "darkblue": "#00008b", "navy": "#000080", "royalblue": "#4169e1", "deepskyblue": "#00bfff",
    "skyblue": "#87ceeb", "cyan": "#00ffff", "aqua": "#00ffff", "purple": "#800080",
    "indigo": "#4b0082", "violet": "#ee82ee", "magenta": "#ff00ff", "fuchsia": "#ff00ff",
    "deeppink": "#ff1493", "hotpink": "#ff69b4", "pink": "#ffc0cb", "brown": "#a52a2a",
    "sienna": "#a0522d", "chocolate": "#d2691e", "gray": "#808080", "grey": "#808080",
    "silver": "#c0c0c0", "darkgray": "#a9a9a9", "darkgrey": "#a9a9a9",
    "mediumvioletred": "#c71585", "palevioletred": "#db7093", "darkmagenta": "#8b008b",
    "seagreen": "#2e8b57", "darkviolet": "#9400d3", "slategray": "#708090",
}
_HEX = re.compile(r"^#?([0-9a-f]{3}|[0-9a-f]{6})$", re.I)
_RGB = re.compile(r"^rgba?\(\s*(\d{1,3})%?\s*,\s*(\d{1,3})%?\s*,\s*(\d{1,3})%?\s*(?:,[^)]*)?\)$",
                  re.I)
_STYLE_COLOR = re.compile(r"(?:^|;)\s*color\s*:\s*([^;!]+)", re.I)
_STYLE_BOLD = re.compile(r"(?:^|;)\s*font-weight\s*:\s*(bold|bolder|[6-9]00)\b", re.I)


def normalise_color(value: str) -> str | None:
    """'#F00', 'red', 'rgb(255, 0, 0)', 'FF0000' -> '#ff0000'; None if not a colour."""
    v = value.strip().lower()
    if v in NAMED:
        return NAMED[v]
    m = _HEX.match(v)
    if m:
        h = m.group(1)
        if len(h) == 3:
            h = "".join(c * 2 for c in h)
        return "#" + h
    m = _RGB.match(v)
    if m:
        r, g, b = (min(255, int(x)) for x in m.groups())
        return f"#{r:02x}{g:02x}{b:02x}"
    return None


def style_color(style: str) -> str | None:
    m = _STYLE_COLOR.search(style)
    return normalise_color(m.group(1)) if m else None


def style_bold(style: str) -> bool:
    return _STYLE_BOLD.search(style) is not None


def is_red(color: str | None) -> bool:
    """A colour a reader would call red: red clearly dominant (seed 001's red votes)."""
    if color is None or not _HEX.match(color):
        return False
    r, g, b = (int(color[i:i + 2], 16) for i in (1, 3, 5))
    return r >= 128 and r >= 2 * max(g, b, 1) - 1 and max(g, b) <= 110
