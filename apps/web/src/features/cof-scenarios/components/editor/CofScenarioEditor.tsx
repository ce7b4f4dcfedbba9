// /cof/scenarios/{id} (001 §2, COF-RT-03): loads one scenario and hands it to the form; a scenario that is gone (or
// another client's) reads as not found, with the way back to the list.
import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useCofScenario } from '../../api/get-cof-scenario.ts';
import { errorText } from '../../lib/error-text.ts';
import type { CofViewer } from '../../lib/viewer.ts';
import { ScenarioEditorForm } from './ScenarioEditorForm.tsx';

export interface CofScenarioEditorProps {
  id: number;
  /** The current dataset: its areas are what a custom COF by layer can name. */
  datasetId: number | null;
  viewer: CofViewer;
  /** The scenario in use changed or is being re-run: the route fetches the dataset again. */
  onApplied?: () => void;
  /** A re-run for this scenario finished: the route fetches the dataset status (the map's 'Refresh map'). */
  onResultsReady?: () => void;
}

export function CofScenarioEditor(props: CofScenarioEditorProps) {
  const { t } = useTranslation('cof');
  const { data, error, isPending } = useCofScenario(props.id);
  return (
    <Container maxWidth="lg" sx={{ py: 3 }} data-testid="cof-scenario-page">
      <Button component={RouterLink} to="/cof/scenarios" startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        {t('editor.back')}
      </Button>
      {isPending && <CircularProgress aria-label={t('list.loading')} />}
      {error && (
        <Alert severity="error" data-testid="cof-scenario-error">
          {errorText(t, error)}
        </Alert>
      )}
      {/* Keyed by id: another scenario starts a fresh draft. */}
      {data && (
        <ScenarioEditorForm
          key={props.id}
          scenario={data}
          datasetId={props.datasetId}
          viewer={props.viewer}
          onApplied={props.onApplied}
          onResultsReady={props.onResultsReady}
        />
      )}
    </Container>
  );
}
