// What Enter in the map search box does (SRCH-01…09, TOAST-11/12/20): look the text up as an id of the active
// layer; with no match and text that is not purely an id, ask the address search; report with the spec's toasts.
import { TOAST_MS } from '@pipewise/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/index.ts';
import { areaSearchQueryOptions } from '../api/find-area.ts';
import { segmentSearchQueryOptions } from '../api/find-segment.ts';
import { geocodeQueryOptions, type GeocodeFeature } from '../api/geocode.ts';
import { assetSearchQueryOptions } from '../api/search-assets.ts';
import { isPurelyId, segmentIdOf } from '../search-text.ts';
import type { SearchLayerGroup, SearchMatch } from '../types.ts';
import { reportError } from '../../../lib/report-error.ts';

export interface MapSearchArgs {
  datasetId: number;
  layerGroup: SearchLayerGroup;
  onFound: (matches: SearchMatch[]) => void;
}

/** What a search ended with: matches were reported, addresses are to be offered, or nothing was found. */
export type SearchOutcome =
  | { kind: 'found'; matches: SearchMatch[] }
  | { kind: 'addresses'; features: GeocodeFeature[] }
  | { kind: 'none' };

export function useMapSearch({ datasetId, layerGroup, onFound }: MapSearchArgs) {
  const { t } = useTranslation('details');
  const { show } = useToast();
  const client = useQueryClient();

  const findIds = useCallback(
    async (q: string): Promise<SearchMatch[]> => {
      switch (layerGroup) {
        case 'pipes': {
          const found = await client.fetchQuery(assetSearchQueryOptions(datasetId, q));
          return found.map((match) => ({ layerGroup, id: match.id }));
        }
        case 'vis': {
          const segmentId = segmentIdOf(q);
          if (segmentId == null) return [];
          const found = await client.fetchQuery(segmentSearchQueryOptions(datasetId, segmentId));
          return found ? [{ layerGroup, id: segmentId }] : [];
        }
        case 'mesh':
        case 'district':
        case 'custom_zone': {
          const found = await client.fetchQuery(areaSearchQueryOptions(datasetId, layerGroup, q));
          // Areas are selected by native id: the area endpoint and the details pane are keyed by it.
          return found ? [{ layerGroup, id: found.nativeId, featureId: found.id }] : [];
        }
      }
    },
    [client, datasetId, layerGroup],
  );

  const notFound = useCallback(
    (q: string, askedAddresses: boolean) => {
      if (askedAddresses || layerGroup === 'pipes' || layerGroup === 'vis') {
        show({ text: t('search.notFound'), color: 'warning', timer: TOAST_MS.normal, top: true });
        return;
      }
      // TOAST-20: a missing mesh, district or custom zone has its own localized text, and is reported.
      reportError(`Search: no ${layerGroup} with native id ${q} in dataset ${datasetId}`);
      show({
        text: t(`area.notFound.${layerGroup}`, { id: q }),
        color: 'warning',
        timer: TOAST_MS.normal,
        top: true,
      });
    },
    [datasetId, layerGroup, show, t],
  );

  return useCallback(
    async (text: string): Promise<SearchOutcome> => {
      const q = text.trim();
      if (!q) return { kind: 'none' };
      let matches: SearchMatch[] = [];
      try {
        matches = await findIds(q);
      } catch (err) {
        reportError('Id search failed', err);
      }
      if (matches.length > 0) {
        if (matches.length > 1) {
          show({ text: t('search.multiple'), color: 'primary', timer: TOAST_MS.normal });
        }
        onFound(matches);
        return { kind: 'found', matches };
      }
      const askAddresses = !isPurelyId(q);
      if (askAddresses) {
        const features = await client.fetchQuery(geocodeQueryOptions(datasetId, q));
        if (features.length > 0) return { kind: 'addresses', features };
      }
      notFound(q, askAddresses);
      return { kind: 'none' };
    },
    [client, datasetId, findIds, notFound, onFound, show, t],
  );
}
