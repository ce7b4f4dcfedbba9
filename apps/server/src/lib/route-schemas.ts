// Error responses for the OpenAPI document; every error has the same body.
import { errorBodySchema } from '@pipewise/domain';
import { z } from 'zod';

export function errorResponses<const C extends number>(...codes: C[]): Record<C, typeof errorBodySchema> {
  return Object.fromEntries(codes.map((c) => [c, errorBodySchema])) as Record<C, typeof errorBodySchema>;
}

export const noContent = z.null().describe('No content');
/** Either scheme opens an authenticated route: a session's access token, or an API token within its scopes. */
export const bearer: Record<string, string[]>[] = [{ bearerAuth: [] }, { apiToken: [] }];
