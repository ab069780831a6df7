/**
 * Plan points as Leaflet's latLngToLayerPoint places them, for thousands of devices per pass: the
 * same arithmetic (the CRS's transformation at the map's zoom, rounded to whole pixels, less the
 * pixel origin) into one reused point instead of several new objects per call.
 */
import L from 'leaflet';

/** What Leaflet's CRS objects carry besides their typed API. */
interface CrsParts {
  projection?: L.Projection;
  transformation?: { _transform?(p: L.Point, scale: number): L.Point };
}

/** Writes the layer point of (lat, lng) into `out`, as of the map's zoom and origin when made. */
export type LayerPoints = (lat: number, lng: number, out: { x: number; y: number }) => void;

export function layerPoints(map: L.Map): LayerPoints {
  const crs = map.options.crs ?? L.CRS.EPSG3857;
  const { projection, transformation } = crs as L.CRS & CrsParts;
  const transform = transformation?._transform?.bind(transformation);
  if (projection !== L.Projection.LonLat || !transform)
    return (lat, lng, out) => {
      const p = map.latLngToLayerPoint([lat, lng]);
      out.x = p.x;
      out.y = p.y;
    };
  const origin = map.getPixelOrigin();
  const scale = crs.scale(map.getZoom());
  const p = L.point(0, 0);
  return (lat, lng, out) => {
    p.x = lng;
    p.y = lat;
    transform(p, scale);
    out.x = Math.round(p.x) - origin.x;
    out.y = Math.round(p.y) - origin.y;
  };
}
