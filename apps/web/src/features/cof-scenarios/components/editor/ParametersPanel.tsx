// The scenario's factor assumptions (outage hours, damages, weights…: packages/engine cof/defaults.ts), which the
// spec does not give and the API does not let users change: shown read-only, folded away by default. Keys arrive
// camelCased from the API client; known ones have a translated label, others show as they are.
import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatNumber } from '@pipewise/domain';
import { useTranslation } from 'react-i18next';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A word the engine uses (a road or facility type) by its translated name, else as it is. */
type Word = (word: string) => string;

function formatValue(value: unknown, language: string, word: Word): string {
  if (typeof value === 'number') {
    // As many decimals as the assumption has, up to two: 0.5 reads '0.5', not '0.50'.
    const decimals = Number.isInteger(value) ? 0 : Number.isInteger(value * 10) ? 1 : 2;
    return formatNumber(value, language, { decimals });
  }
  if (typeof value === 'string') return word(value);
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map((v) => formatValue(v, language, word)).join(', ');
  return '';
}

function ParameterValue({ value, language }: { value: unknown; language: string }) {
  const { t } = useTranslation('cof');
  const word: Word = (w) => t(`parameters.items.${w}`, { defaultValue: w });
  if (!isRecord(value)) return <>{formatValue(value, language, word)}</>;
  // Tiers read D1…D6; road and facility types have names; anything else shows its key.
  const label = (key: string) => (/^d\d$/.test(key) ? key.toUpperCase() : word(key));
  return (
    <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
      {Object.entries(value).map(([key, inner]) => (
        <span key={key}>
          <Typography component="span" variant="body2" color="text.secondary">
            {label(key)}
          </Typography>{' '}
          {isRecord(inner) ? (
            <ParameterValue value={inner} language={language} />
          ) : (
            formatValue(inner, language, word)
          )}
        </span>
      ))}
    </Box>
  );
}

export function ParametersPanel({ parameters }: { parameters: Record<string, unknown> }) {
  const { t, i18n } = useTranslation('cof');
  const entries = Object.entries(parameters);
  return (
    <Accordion variant="outlined" disableGutters data-testid="cof-parameters">
      <AccordionSummary
        expandIcon={<ExpandMore />}
        aria-controls="cof-parameters-content"
        id="cof-parameters-head"
      >
        <div>
          <Typography sx={{ fontWeight: 600 }}>{t('parameters.title')}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t('parameters.help')}
          </Typography>
        </div>
      </AccordionSummary>
      <AccordionDetails id="cof-parameters-content">
        {entries.length === 0 ? (
          <Typography color="text.secondary">{t('parameters.none')}</Typography>
        ) : (
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'minmax(180px, 1fr) 3fr', gap: 1, m: 0 }}
          >
            {entries.map(([key, value]) => (
              <Box key={key} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" sx={{ fontWeight: 500 }}>
                  {t(`parameters.keys.${key}`, { defaultValue: key })}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                  <ParameterValue value={value} language={i18n.language} />
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </AccordionDetails>
    </Accordion>
  );
}
