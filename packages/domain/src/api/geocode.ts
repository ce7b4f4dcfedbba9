// Wire shapes of address search (spec 000 §7 'Third-party maps geocoding GET with a text query → features with
// place_name and geometry.coordinates'; docs/api-assets.md): the web reads the same Mapbox-like shape it would get
// from a third-party geocoder, with our pipe id added.
import { z } from 'zod';

export const geocodeQuerySchema = z.object({ q: z.string().trim().min(1).max(200) });
export type GeocodeQuery = z.infer<typeof geocodeQuerySchema>;

export const geocodeFeatureSchema = z.object({
  place_name: z.string(),
  geometry: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }),
  /** The pipe carrying this address in the dataset; null for a result of the external geocoder. */
  pipe_id: z.number().int().nullable(),
});
export type GeocodeFeature = z.infer<typeof geocodeFeatureSchema>;

export const geocodeResponseSchema = z.object({ features: z.array(geocodeFeatureSchema) });
export type GeocodeResponse = z.infer<typeof geocodeResponseSchema>;
