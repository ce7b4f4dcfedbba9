// Which pipe panels the user's subscriptions (and the dataset) open; a gated panel shows the returned note
// instead of its content (see DetailsPanel). BRE needs BRE and COF; with COF alone the BRE panel opens and
// shows the restricted marker (SUB-07). The COF panel needs COF and dataset origin 1 (SUB-05).
import type { TFunction } from 'i18next';
import type { Viewer } from '../../hooks/use-viewer.ts';

/** Spec 000 §6 / 001 §6: "the COF panel needs the subscription and dataset origin equal to 1". */
export const COF_PANEL_DATASET_ORIGIN = 1;

export interface PipeGates {
  bre: string | null;
  cof: string | null;
  lof: string | null;
  rul: string | null;
  population: string | null;
}

export function pipeGates(viewer: Viewer, datasetOrigin: number | null | undefined, t: TFunction): PipeGates {
  const requires = (subscription: string) => t('gating.requires', { ns: 'details', subscription });
  return {
    bre: viewer.has('COF') ? null : t('gating.requiresBoth', { ns: 'details', first: 'BRE', second: 'COF' }),
    cof: !viewer.has('COF')
      ? requires('COF')
      : datasetOrigin !== COF_PANEL_DATASET_ORIGIN
        ? t('gating.cofOrigin', { ns: 'details' })
        : null,
    lof: viewer.has('LOF') ? null : requires('LOF'),
    rul: viewer.has('RUL') ? null : requires('RUL'),
    population: viewer.has('POPULATION') ? null : requires('POPULATION'),
  };
}
