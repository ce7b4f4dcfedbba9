// The legend's "On the map" list (issue 15): every layer the map shows — the active group, the population, each
// asset overlay, the demo town's streets — with its symbol, drawn in the colours and shape the map uses
// (apps/web/src/map/legend-layers.ts reads them from the layers' own definitions), and its name.
import { Box, Stack, Typography } from '@mui/material';
import type { LegendLayer, LegendSymbol } from '../../../map/legend-layers.ts';
import { OVERLAY_RING_WIDTH } from '../../../map/overlays.layers.ts';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { FacilityType } from '../state.ts';

export interface LegendLayersProps {
  layers: readonly LegendLayer[];
  /** The population year drawn, named with the population layer. */
  popYear: number;
  /** The facility types the critical-infrastructure overlay shows. */
  facilityTypes: readonly FacilityType[];
}

/** A ramp of steps (a view's tiers, the population's classes) as hard-edged bands, one colour as itself. */
function paint(colors: readonly string[]): string {
  if (colors.length <= 1) return colors[0] ?? 'transparent';
  const step = 100 / colors.length;
  const bands = colors.map((c, i) => `${c} ${(i * step).toFixed(2)}% ${((i + 1) * step).toFixed(2)}%`);
  return `linear-gradient(to right, ${bands.join(', ')})`;
}

export function LegendSymbolSwatch({ symbol }: { symbol: LegendSymbol }) {
  const { shape, colors, opacity, outline, background } = symbol;
  const fill = paint(colors);
  const swatch =
    shape === 'circle' ? (
      // A point overlay's badge as the map draws it (overlays.layers.ts): the dot in its ring, outlined faintly so
      // that a white ring still shows on the legend's paper.
      <Box
        data-testid="legend-circle"
        sx={{
          width: 14,
          height: 14,
          boxSizing: 'border-box',
          borderRadius: '50%',
          background: fill,
          opacity,
          border: outline ? `${OVERLAY_RING_WIDTH}px solid ${outline}` : undefined,
          boxShadow: outline ? '0 0 0 1px rgba(0,0,0,0.35)' : undefined,
        }}
      />
    ) : shape === 'line' ? (
      <Box sx={{ width: 18, height: 4, borderRadius: 2, background: fill, opacity }} />
    ) : background ? (
      // A piece of town: blocks tinting the map's background, a street across them, framed so that a light one
      // still shows on the legend's paper.
      <Box
        sx={{
          position: 'relative',
          width: 18,
          height: 12,
          borderRadius: 0.5,
          bgcolor: background,
          border: 1,
          borderColor: 'divider',
          overflow: 'hidden',
        }}
      >
        <Box sx={{ position: 'absolute', inset: 0, background: fill, opacity }} />
        {outline && (
          <Box sx={{ position: 'absolute', left: 0, right: 0, top: 4, height: 3, bgcolor: outline }} />
        )}
      </Box>
    ) : (
      <Box
        sx={{
          position: 'relative',
          width: 18,
          height: 12,
          borderRadius: 0.5,
          border: outline ? `2px solid ${outline}` : undefined,
          overflow: 'hidden',
        }}
      >
        <Box sx={{ position: 'absolute', inset: 0, background: fill, opacity }} />
      </Box>
    );
  return (
    <Box
      aria-hidden
      data-testid="legend-symbol"
      data-shape={shape}
      data-colors={colors.join(',')}
      data-outline={outline ?? undefined}
      sx={{ width: 22, display: 'flex', justifyContent: 'center', alignItems: 'center', flexShrink: 0 }}
    >
      {swatch}
    </Box>
  );
}

function nameOf(layer: LegendLayer, t: TFunction, popYear: number): string {
  if (layer.role === 'group') return t(`layerGroups.${layer.id}`);
  if (layer.role === 'underlayer') return t('legend.population', { year: popYear });
  if (layer.role === 'basemap') return t('legend.demoTown');
  if (layer.id === 'infrastructure') return t('overlays.infrastructure');
  return t(`assetLayers.${layer.id}`);
}

function detailOf(layer: LegendLayer, props: LegendLayersProps, t: TFunction, language: string) {
  if (layer.role === 'basemap') return t('legend.demoTownNote');
  if (layer.id !== 'infrastructure' || props.facilityTypes.length === 0) return null;
  const names = props.facilityTypes.map((type) => t(`facilities.${type}`));
  return new Intl.ListFormat(language, { type: 'conjunction' }).format(names);
}

export function LegendLayers(props: LegendLayersProps) {
  const { t, i18n } = useTranslation('mapui');
  if (props.layers.length === 0) return null;
  return (
    <Box sx={{ mt: 1.5, pt: 1, borderTop: 1, borderColor: 'divider' }}>
      <Typography variant="caption" color="text.secondary" component="h3" sx={{ display: 'block', mb: 0.5 }}>
        {t('legend.layers')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="legend-layers">
        {props.layers.map((layer) => {
          const detail = detailOf(layer, props, t, i18n.language);
          return (
            <Stack
              component="li"
              key={layer.id}
              direction="row"
              spacing={1}
              sx={{ py: 0.25, alignItems: 'flex-start' }}
              data-testid={`legend-layer-${layer.id}`}
            >
              <Box sx={{ height: 20, display: 'flex', alignItems: 'center' }}>
                <LegendSymbolSwatch symbol={layer.symbol} />
              </Box>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2">{nameOf(layer, t, props.popYear)}</Typography>
                {detail && (
                  <Typography variant="caption" color="text.secondary" component="p">
                    {detail}
                  </Typography>
                )}
              </Box>
            </Stack>
          );
        })}
      </Box>
    </Box>
  );
}
