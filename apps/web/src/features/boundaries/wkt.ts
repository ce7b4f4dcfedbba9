// Drawn boundaries (closed [lng, lat] rings, one per rectangle) as the WKT the intersecting-assets call takes.
// Rings are written as they are: terra-draw closes them; an open ring is closed here so the WKT stays valid.
type Ring = readonly (readonly number[])[];

const ringWkt = (ring: Ring) => {
  const closed =
    ring.length > 0 && (ring[0]![0] !== ring.at(-1)![0] || ring[0]![1] !== ring.at(-1)![1])
      ? [...ring, ring[0]!]
      : ring;
  return `(${closed.map(([lng, lat]) => `${lng} ${lat}`).join(', ')})`;
};

export function polygonsToWkt(polygons: readonly Ring[]): string {
  if (polygons.length === 0) throw new Error('No boundary to send');
  if (polygons.length === 1) return `POLYGON(${ringWkt(polygons[0]!)})`;
  return `MULTIPOLYGON(${polygons.map((ring) => `(${ringWkt(ring)})`).join(', ')})`;
}
