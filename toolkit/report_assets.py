"""What the report inlines so that it works offline and under a Content-Security-Policy
that loads nothing from outside: plotly.js, and DataTables (the bundle itables ships) for
the search and paging of long tables. itables' own offline mode imports its bundle from a
`blob:` URL, which that policy refuses; here the bundle runs as an inline module script
that hands DataTables to the page."""

from __future__ import annotations

import re
from functools import cache
from importlib.resources import files

from engine.errors import MafiakitError

# the bundle ends by exporting its modules; DataTables is its default export
_EXPORT = re.compile(r"export\s*\{([^}]*)\}\s*;?")
_PAGE = 15  # rows a long table shows at a time


class AssetError(MafiakitError):
    """An inlined library that is not as the report expects (another version)."""


@cache
def datatables() -> tuple[str, str]:
    """The DataTables module script (its export turned into `window.MafiakitDataTable`) and
    its stylesheet."""
    folder = files("itables") / "html"
    source = (folder / "dt_bundle.js").read_text(encoding="utf-8")
    css = (folder / "dt_bundle.css").read_text(encoding="utf-8")
    exports = _EXPORT.findall(source)
    if len(exports) != 1:
        raise AssetError(f"itables: its DataTables bundle has {len(exports)} export "
                         "statements, not one: the report cannot inline this version")
    names = dict(reversed(part.split(" as ")) for part in
                 (p.strip() for p in exports[0].split(",")) if " as " in part)
    if "default" not in names:
        raise AssetError("itables: its DataTables bundle exports no DataTable")
    script = _EXPORT.sub(f"window.MafiakitDataTable={names['default']};", source)
    return script.replace("</script", "<\\/script"), css


def tables_script() -> str:
    """Search, sorting and paging on every long table (`mk-long`), once DataTables is in."""
    return ("document.querySelectorAll('table.mk-long').forEach(function(t){"
            "t.classList.add('compact');"
            "new window.MafiakitDataTable(t,{pageLength:" + str(_PAGE) + ","
            "order:[],autoWidth:false,lengthMenu:[" + str(_PAGE) + ",50,100,-1]});});")
