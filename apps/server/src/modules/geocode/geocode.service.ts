// Address search of the map (spec 000 §7 geocoding; SRCH-05/06; docs/api-assets.md): the dataset's own pipe
// addresses first, then the external geocoder's results when GEOCODER_URL is set. Both run at once; the external
// call is made outside the database transaction, so a slow geocoder never holds a connection.
import type { GeocodeFeature, GeocodeResponse } from '@pipewise/domain';
import type { AuthUser, Deps } from '../../deps.ts';
import { inDataset } from '../assets/scope.ts';
import { externalGeocode } from './geocoder-client.ts';
import { searchAddresses } from './geocode.repository.ts';

export const GEOCODE_LIMIT = 10;
/** 7 decimals of a degree are about 1 cm: the rest is floating-point noise of the coordinates' arithmetic. */
const deg = (v: number) => Math.round(v * 1e7) / 1e7;

export async function geocode(
  deps: Deps,
  me: AuthUser,
  datasetId: number,
  q: string,
): Promise<GeocodeResponse> {
  const template = deps.config.geocoderUrl;
  // Never rejects (failures are logged inside), so starting it before the 404 check leaves nothing unhandled.
  const external = template
    ? externalGeocode(template, q, { log: deps.log, limit: GEOCODE_LIMIT })
    : Promise.resolve([]);
  const own = await inDataset(deps, me, datasetId, ({ tx }) =>
    searchAddresses(tx, datasetId, q, GEOCODE_LIMIT),
  );
  const features: GeocodeFeature[] = own.map((m) => ({
    place_name: m.address,
    geometry: { type: 'Point', coordinates: [deg(m.lng), deg(m.lat)] },
    pipe_id: m.pipeId,
  }));
  return { features: [...features, ...(await external)] };
}
