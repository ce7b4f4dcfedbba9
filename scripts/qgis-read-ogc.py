#!/usr/bin/python3
"""Reads a Pipewise OGC API – Features collection with QGIS's own OAPIF provider, headless (issue 42).

Checks that QGIS (not only GDAL) reads the endpoint: the layer opens, its feature count and attributes, and a map
render of it to a PNG. Not part of CI (QGIS is a large install); run by hand against a running server:

  QT_QPA_PLATFORM=offscreen /usr/bin/python3 scripts/qgis-read-ogc.py \
      http://127.0.0.1:3000/ogc pwt_… 1-pipes docs/img/qgis-ogc.png

Debian's python3-qgis lives in /usr/lib/python3/dist-packages, hence /usr/bin/python3 rather than a pyenv one.
The token goes first as an HTTP header (the URI's `http-header:` key, of QGIS versions newer than 3.22), then, when
that layer does not open, as the `?token=` query parameter (which the server never logs and carries in every link).
"""
import os
import sys

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from qgis.core import (  # noqa: E402  (after the platform is set)
    Qgis,
    QgsApplication,
    QgsGraduatedSymbolRenderer,
    QgsMapRendererParallelJob,
    QgsMapSettings,
    QgsStyle,
    QgsSymbol,
    QgsVectorLayer,
)
from qgis.PyQt.QtCore import QSize  # noqa: E402
from qgis.PyQt.QtGui import QColor  # noqa: E402


def main(url: str, token: str, collection: str, png: str) -> int:
    app = QgsApplication([], False)
    app.initQgis()
    try:
        # The layer and the render job live in read_and_render's frame, so they are gone before exitQgis
        # (a layer outliving QgsApplication crashes Python on exit).
        return read_and_render(url, token, collection, png)
    finally:
        app.exitQgis()


def read_and_render(url: str, token: str, collection: str, png: str) -> int:
    # Pages of 1,000 features (the server's default); QGIS follows the next links. First the token as a header
    # (the `http-header:` URI key of newer QGIS), then as the query parameter every link of the answer carries.
    header_uri = f"url='{url}' typename='{collection}' pageSize='1000' http-header:Authorization='Bearer {token}'"
    layer = QgsVectorLayer(header_uri, collection, "OAPIF")
    print(f"QGIS {Qgis.QGIS_VERSION}, provider OAPIF, collection {collection}")
    print(f"token as an HTTP header in the URI: {'valid' if layer.isValid() else 'not valid'}")
    if not layer.isValid():
        sep = "&" if "?" in url else "?"
        query_uri = f"url='{url}{sep}token={token}' typename='{collection}' pageSize='1000'"
        layer = QgsVectorLayer(query_uri, collection, "OAPIF")
        print(f"token as the query parameter (?token=): {'valid' if layer.isValid() else 'not valid'}")
    if not layer.isValid():
        provider = layer.dataProvider()
        print("layer is not valid:", provider.error().message() if provider else "")
        return 1
    names = [f.name() for f in layer.fields()]
    print(f"fields ({len(names)}): {', '.join(names)}")
    features = list(layer.getFeatures())
    print(f"feature count: {len(features)} (provider says {layer.featureCount()})")
    shown = [n for n in ("native_pipe_id", "material", "install_year", "diameter_mm", "lof_12") if n in names]
    for f in features[:3]:
        print("  " + ", ".join(f"{n}={f[n]}" for n in shown))
    extent = layer.extent()
    print(f"extent: {extent.toString(5)}")

    # Pipes coloured by their 12-year likelihood of failure, when the layer has it.
    if "lof_12" in names:
        symbol = QgsSymbol.defaultSymbol(layer.geometryType())
        symbol.setWidth(0.4)
        ramp = QgsStyle.defaultStyle().colorRamp("RdYlGn")
        ramp.invert()  # red = likely to fail
        renderer = QgsGraduatedSymbolRenderer.createRenderer(
            layer, "lof_12", 5, QgsGraduatedSymbolRenderer.Quantile, symbol, ramp
        )
        layer.setRenderer(renderer)
    settings = QgsMapSettings()
    settings.setLayers([layer])
    settings.setBackgroundColor(QColor(255, 255, 255))
    settings.setOutputSize(QSize(640, 480))
    settings.setExtent(extent.buffered(extent.width() * 0.02))
    job = QgsMapRendererParallelJob(settings)
    job.start()
    job.waitForFinished()
    image = job.renderedImage()
    image.save(png, "png")
    print(f"rendered {png}: {os.path.getsize(png)} bytes")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 5:
        print(__doc__)
        sys.exit(2)
    sys.exit(main(*sys.argv[1:]))
