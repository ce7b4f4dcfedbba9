// /cof/scenarios/{id}: the id is a saved scenario's, a positive integer; anything else is a 404 before any call.
import { data } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';

export function parseScenarioId(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,12}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

export function cofScenarioLoader({ params }: LoaderFunctionArgs): null {
  if (parseScenarioId(params.id) === null) {
    throw data({ message: `Unknown COF scenario '${params.id}'` }, { status: 404 });
  }
  return null;
}
