// The map's search box (SRCH-01…12). Enter looks the text up as an asset id or native id of the active layer;
// with no match it falls back to the address search, whose results are offered as options; when the user already
// had the suggestions in front of them (or there is one address), Enter goes to the first, as a search box does
// (issue 38: Enter on '8th Ave' only showed the list again). While typing, address
// suggestions are fetched after DELAYS.fetchMs (200 ms) of quiet. Choosing an address places the map there
// (onPlace) and, when the geocoder names a pipe, selects it (onFound).
import Search from '@mui/icons-material/Search';
import { Autocomplete, CircularProgress, InputAdornment, Paper, TextField } from '@mui/material';
import { DELAYS } from '@pipewise/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGeocode, type GeocodeFeature } from '../api/geocode.ts';
import { useDebounced } from '../hooks/use-debounced.ts';
import { useMapSearch } from '../hooks/use-map-search.ts';
import { wantsAddressSuggestions } from '../search-text.ts';
import type { SearchLayerGroup, SearchMatch } from '../types.ts';

export interface MapSearchBoxProps {
  datasetId: number;
  layerGroup: SearchLayerGroup;
  /** One or more assets matched; the parent opens the first and lists all as tabs (SRCH-07/08). */
  onFound: (matches: SearchMatch[]) => void;
  /** An address was chosen: centre the map there. */
  onPlace: (center: [number, number]) => void;
}

export function MapSearchBox({ datasetId, layerGroup, onFound, onPlace }: MapSearchBoxProps) {
  const { t } = useTranslation('details');
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  // Addresses found by an Enter search; typing again goes back to live suggestions.
  const [submitted, setSubmitted] = useState<GeocodeFeature[] | null>(null);
  const debounced = useDebounced(input, DELAYS.fetchMs);
  const suggestions = useGeocode(
    datasetId,
    debounced.trim(),
    submitted == null && wantsAddressSuggestions(debounced),
  );
  const options = submitted ?? (wantsAddressSuggestions(input) ? (suggestions.data ?? []) : []);
  const search = useMapSearch({ datasetId, layerGroup, onFound });

  const choose = (feature: GeocodeFeature) => {
    const [lng, lat] = feature.geometry.coordinates;
    // The address's pipe is selected first, so the pin placed next belongs to that selection (LAYER-28: a later
    // selection takes the pin off, this one must not).
    if (feature.pipeId != null) onFound([{ layerGroup: 'pipes', id: feature.pipeId }]);
    onPlace([lng, lat]);
    setInput(feature.placeName);
    setSubmitted(null);
    setOpen(false);
  };

  const listShown = open && options.length > 0;

  const runSearch = async (text: string) => {
    // Read before the search: what the user saw when pressing Enter.
    const sawSuggestions = listShown;
    setBusy(true);
    try {
      const outcome = await search(text);
      if (outcome.kind === 'addresses') {
        const [first] = outcome.features;
        if (first && (sawSuggestions || outcome.features.length === 1)) choose(first);
        else {
          setSubmitted(outcome.features);
          setOpen(true);
        }
      } else {
        setOpen(false);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper elevation={3} sx={{ width: '20em', maxWidth: '100%' }}>
      <Autocomplete<GeocodeFeature, false, false, true>
        freeSolo
        size="small"
        open={listShown}
        onOpen={() => setOpen(true)}
        onClose={() => setOpen(false)}
        options={options}
        filterOptions={(all) => all}
        getOptionLabel={(option) => (typeof option === 'string' ? option : option.placeName)}
        getOptionKey={(option) =>
          typeof option === 'string' ? option : `${option.placeName}@${option.geometry.coordinates.join(',')}`
        }
        inputValue={input}
        onInputChange={(_event, value, reason) => {
          if (reason === 'input' || reason === 'clear') {
            setInput(value);
            setSubmitted(null);
          }
        }}
        value={null}
        onChange={(_event, value) => {
          // freeSolo: Enter on the text gives a string (the id search); picking an option gives the feature.
          if (typeof value === 'string') void runSearch(value);
          else if (value) choose(value);
        }}
        noOptionsText={t('search.noAddresses')}
        renderInput={(params) => (
          <TextField
            {...params}
            placeholder={t(`search.placeholder.${layerGroup}`)}
            slotProps={{
              ...params.slotProps,
              htmlInput: {
                ...params.slotProps.htmlInput,
                'data-testid': 'map-search-input',
                'aria-label': t('search.label'),
              },
              input: {
                ...params.slotProps.input,
                startAdornment: (
                  <InputAdornment position="start">
                    {busy ? <CircularProgress size={16} /> : <Search fontSize="small" />}
                  </InputAdornment>
                ),
              },
            }}
          />
        )}
        data-testid="map-search"
      />
    </Paper>
  );
}
