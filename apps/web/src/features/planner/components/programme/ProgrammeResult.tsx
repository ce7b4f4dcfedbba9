// A programme (issue 39): its progress while the job runs, then the budget that holds expected breaks at today's
// level, the charts, each scenario's table year by year (any year opens on the map; planners turn the first year
// into projects), and the assumptions the figures rest on.
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import MapOutlined from '@mui/icons-material/MapOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  convertLength,
  TOAST_MS,
  formatCurrency,
  formatNumber,
  formatPercent,
  NA,
  type CurrencyCode,
} from '@pipewise/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../components/toast/index.ts';
import { ApiError } from '../../../../lib/api-client.ts';
import { materialName } from '../../../../lib/materials.ts';
import {
  isProgrammeRunning,
  useFirstYearProjects,
  type ProgrammeScenarioView,
  type ProgrammeView,
} from '../../api/programmes.ts';
import type { ProjectDetailView } from '../../api/types.ts';
import { usePlanner } from '../../hooks/planner-context.tsx';
import { usePlannerFormat } from '../../hooks/use-planner-format.ts';
import { errorText } from '../../lib/error-text.ts';
import { downloadBlob } from '../../../../lib/download.ts';
import {
  programmeCsvText,
  programmePdfInput,
  reportFileName,
  type ProgrammeReportContext,
} from '../../lib/programme-report.ts';
import { assumptionRows, holdLine, ratePer100 } from '../../lib/programme-result.ts';
import type { Paper as PaperSize } from '../../lib/project-pdf.ts';
import { BookedPipesAlert } from '../ui/BookedPipesAlert.tsx';
import { PairList } from '../ui/PairList.tsx';
import { ProgrammeCharts, type ChartFormat } from './ProgrammeCharts.tsx';

export interface ProgrammeResultProps {
  programme: ProgrammeView;
  /** The dataset's name, on every page of the report. */
  datasetName: string;
  /** The COF scenario's name as the app says it (the country default by its currency). */
  cofName: string;
  /** Show a year of a scenario on the map. */
  onShowYear: (scenario: number, year: number) => void;
  /** Open a project made from the first year in the planner. */
  onOpenProject: (id: number) => void;
}

function useProgrammeFormat(currency: string) {
  const { t } = useTranslation('planner');
  const { language, units } = usePlanner();
  return useMemo(() => {
    const na = t('common.na');
    const orNa = (text: string) => (text === NA ? na : text);
    const number = (v: number | null | undefined, decimals = 0) =>
      v == null ? na : orNa(formatNumber(v, language, { decimals }));
    const largeSymbol = units.segmentLarge;
    return {
      na,
      number,
      money: (v: number | null | undefined) => orNa(formatCurrency(v, currency as CurrencyCode, language)),
      share: (v: number | null | undefined) =>
        v == null ? na : orNa(formatPercent(v * 100, { language, decimals: 1 })),
      length: (m: number | null | undefined) => number(convertLength(m, units.segmentLarge), 2),
      large: units.segmentLarge,
      largeSymbol,
      language,
    };
  }, [t, language, units.segmentLarge, currency]);
}
type Fmt = ReturnType<typeof useProgrammeFormat>;

export function ProgrammeResult({
  programme,
  datasetName,
  cofName,
  onShowYear,
  onOpenProject,
}: ProgrammeResultProps) {
  const { t } = useTranslation('planner');
  const fmt = useProgrammeFormat(programme.currency);
  if (isProgrammeRunning(programme)) {
    return (
      <Stack spacing={1} data-testid="programme-progress">
        <Typography variant="body2">{t(`programme.state.${programme.state}`)}</Typography>
        <LinearProgress
          variant={programme.state === 'queued' ? 'indeterminate' : 'determinate'}
          value={Math.round(programme.progress * 100)}
          aria-label={t('programme.result.progress')}
        />
        <Typography variant="caption" color="text.secondary">
          {fmt.share(programme.progress)}
        </Typography>
      </Stack>
    );
  }
  if (programme.state === 'failed') {
    return (
      <Alert severity="error" data-testid="programme-failed">
        {t('programme.result.failed')}
        {programme.error && (
          <Typography variant="caption" component="p">
            {programme.error}
          </Typography>
        )}
      </Alert>
    );
  }
  const hold = holdLine(programme);
  const chartFmt: ChartFormat = {
    money: (v) => (v == null ? '' : fmt.money(v)),
    number: (v, d) => (v == null ? '' : fmt.number(v, d)),
    large: fmt.large,
    largeSymbol: fmt.largeSymbol,
  };
  return (
    <Stack spacing={2} data-testid="programme-result">
      <ReportButtons programme={programme} datasetName={datasetName} cofName={cofName} />
      <Alert severity="info" icon={false} data-testid="programme-hold">
        <Typography variant="body1" sx={{ fontWeight: 500 }}>
          {hold.kind === 'hold'
            ? t('programme.result.hold', {
                amount: fmt.money(hold.amount),
                breaks: fmt.number(hold.breaks, 1),
              })
            : t('programme.result.noHold', { breaks: fmt.number(hold.breaks, 1) })}
        </Typography>
      </Alert>
      <ProgrammeCharts programme={programme} fmt={chartFmt} />
      <ScenarioTables programme={programme} fmt={fmt} onShowYear={onShowYear} onOpenProject={onOpenProject} />
      <Assumptions programme={programme} cofName={cofName} fmt={fmt} />
    </Stack>
  );
}

/** The council's report: a PDF on A4 or Letter (the user's paper first: Letter for US units) and the CSV. */
function ReportButtons(props: { programme: ProgrammeView; datasetName: string; cofName: string }) {
  const { t } = useTranslation('planner');
  const { language, units, timeZone } = usePlanner();
  const fmt = usePlannerFormat();
  const [paper, setPaper] = useState<PaperSize>(units.segment === 'ft' ? 'letter' : 'a4');
  const [busy, setBusy] = useState(false);
  const { programme } = props;
  const context = (): ProgrammeReportContext => ({
    t,
    language,
    large: units.segmentLarge,
    datasetName: props.datasetName,
    cofName: props.cofName,
    madeOn: fmt.moment(programme.finishedAt ?? programme.createdAt, timeZone),
  });
  const fail = (err: unknown) =>
    toast.show({ text: errorText(t, err), color: 'error', timer: TOAST_MS.long });
  const csv = () => {
    try {
      const text = programmeCsvText(programme, context());
      downloadBlob(
        new Blob([text], { type: 'text/csv;charset=utf-8' }),
        reportFileName(programme.name, 'csv'),
      );
    } catch (err) {
      fail(err);
    }
  };
  const pdf = async () => {
    setBusy(true);
    try {
      const { buildProgrammePdf } = await import('../../lib/programme-pdf.ts');
      const doc = buildProgrammePdf(programmePdfInput(programme, context(), paper));
      doc.save(reportFileName(`${programme.name}-${paper}`, 'pdf'));
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexWrap: 'wrap', alignItems: 'center' }}
      data-testid="programme-report"
    >
      <TextField
        select
        size="small"
        label={t('programme.report.paper')}
        value={paper}
        onChange={(e) => setPaper(e.target.value as PaperSize)}
        sx={{ minWidth: 110 }}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'programme-paper' } as object } }}
      >
        {(['a4', 'letter'] as const).map((p) => (
          <MenuItem key={p} value={p} data-testid={`programme-paper-${p}`}>
            {t(`programme.report.${p}`)}
          </MenuItem>
        ))}
      </TextField>
      <Button
        variant="outlined"
        size="small"
        startIcon={<FileDownloadOutlined />}
        disabled={busy}
        onClick={() => void pdf()}
        data-testid="programme-pdf"
      >
        {t('programme.report.pdf')}
      </Button>
      <Button
        variant="outlined"
        size="small"
        startIcon={<FileDownloadOutlined />}
        onClick={csv}
        data-testid="programme-csv"
      >
        {t('programme.report.csv')}
      </Button>
    </Stack>
  );
}

function ScenarioTables(props: {
  programme: ProgrammeView;
  fmt: Fmt;
  onShowYear: ProgrammeResultProps['onShowYear'];
  onOpenProject: ProgrammeResultProps['onOpenProject'];
}) {
  const { t } = useTranslation('planner');
  const [tab, setTab] = useState(0);
  const { programme, fmt } = props;
  const shown = Math.min(tab, programme.scenarios.length - 1);
  const scenario = programme.scenarios[shown];
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Typography variant="subtitle1" component="h3">
        {t('programme.table.title')}
      </Typography>
      <Tabs
        value={shown}
        onChange={(_, k: number) => setTab(k)}
        variant="scrollable"
        scrollButtons="auto"
        aria-label={t('programme.table.scenarios')}
      >
        {programme.scenarios.map((s, k) => (
          <Tab key={k} value={k} label={s.name} data-testid={`programme-tab-${k}`} />
        ))}
      </Tabs>
      {scenario && (
        <ScenarioTable
          key={shown}
          programme={programme}
          scenario={scenario}
          index={shown}
          fmt={fmt}
          onShowYear={props.onShowYear}
          onOpenProject={props.onOpenProject}
        />
      )}
    </Paper>
  );
}

function ScenarioTable(props: {
  programme: ProgrammeView;
  scenario: ProgrammeScenarioView;
  index: number;
  fmt: Fmt;
  onShowYear: ProgrammeResultProps['onShowYear'];
  onOpenProject: ProgrammeResultProps['onOpenProject'];
}) {
  const { t } = useTranslation('planner');
  const { canPlan, datasetId } = usePlanner();
  const { programme, scenario, index, fmt } = props;
  const make = useFirstYearProjects(datasetId);
  const [made, setMade] = useState<ProjectDetailView[] | null>(null);
  const booked = make.error instanceof ApiError && make.error.code === 'PIPE_BOOKED' ? make.error : null;
  const first = scenario.years[0];
  const columns = [
    t('programme.table.year'),
    t('programme.table.budget'),
    t('programme.table.spend'),
    t('programme.table.breaks'),
    t('programme.table.interval'),
    t('programme.table.bre'),
    t('programme.table.length', { unit: fmt.largeSymbol }),
    t('programme.table.projects'),
    t('programme.table.meanAge'),
    t('programme.table.p90Age'),
    t('programme.table.pastRul'),
  ];
  return (
    <Stack spacing={1} sx={{ mt: 1 }} data-testid={`programme-scenario-${index}`}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        {canPlan && first && (
          <Button
            variant="contained"
            size="small"
            disabled={make.isPending || first.pipesRenewed === 0}
            onClick={() =>
              make.mutate({ id: programme.id, scenario: index }, { onSuccess: (r) => setMade(r.projects) })
            }
            data-testid={`programme-make-projects-${index}`}
          >
            {t('programme.table.makeProjects', { year: first.year })}
          </Button>
        )}
        {first && (
          <Button
            size="small"
            startIcon={<MapOutlined />}
            onClick={() => props.onShowYear(index, first.year)}
            data-testid={`programme-first-on-map-${index}`}
          >
            {t('programme.table.firstOnMap', { year: first.year })}
          </Button>
        )}
      </Stack>
      {made && (
        <Alert severity="success" data-testid="programme-made">
          {t('programme.table.made', { count: made.length })}
          <Stack component="ul" sx={{ m: 0, pl: 2 }}>
            {made.map((p) => (
              <li key={p.id}>
                <Button
                  size="small"
                  onClick={() => props.onOpenProject(p.id)}
                  sx={{ textTransform: 'none', p: 0, minWidth: 0 }}
                  data-testid="programme-made-project"
                >
                  {p.name}
                </Button>
              </li>
            ))}
          </Stack>
        </Alert>
      )}
      {booked && <BookedPipesAlert booked={booked.booked ?? []} hint={t('programme.table.bookedHint')} />}
      {make.isError && !booked && (
        <Alert severity="error" data-testid="programme-make-error">
          {make.error instanceof ApiError && make.error.status === 409
            ? t('programme.table.nothingToPlan')
            : errorText(t, make.error)}
        </Alert>
      )}
      <TableContainer sx={{ maxHeight: 480 }}>
        <Table size="small" stickyHeader data-testid={`programme-table-${index}`}>
          <TableHead>
            <TableRow>
              {columns.map((c, k) => (
                <TableCell key={c} align={k === 0 ? 'left' : 'right'}>
                  {c}
                </TableCell>
              ))}
              <TableCell>
                <Box component="span" sx={visuallyHidden}>
                  {t('programme.table.map')}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {scenario.years.map((y) => (
              <TableRow key={y.year} hover data-testid="programme-row">
                <TableCell>{y.year}</TableCell>
                <TableCell align="right">{fmt.money(y.budget)}</TableCell>
                <TableCell align="right">{fmt.money(y.spend)}</TableCell>
                <TableCell align="right">{fmt.number(y.expectedBreaks, 1)}</TableCell>
                <TableCell align="right">
                  {t('programme.table.range', {
                    low: fmt.number(y.expectedBreaksLow, 1),
                    high: fmt.number(y.expectedBreaksHigh, 1),
                  })}
                </TableCell>
                <TableCell align="right">{fmt.money(y.bre)}</TableCell>
                <TableCell align="right">{fmt.length(y.lengthRenewedM)}</TableCell>
                <TableCell align="right">{fmt.number(y.projects)}</TableCell>
                <TableCell align="right">{fmt.number(y.meanAge, 1)}</TableCell>
                <TableCell align="right">{fmt.number(y.p90Age, 1)}</TableCell>
                <TableCell align="right">{fmt.share(y.sharePastRul)}</TableCell>
                <TableCell padding="none">
                  <Tooltip title={t('programme.table.onMap', { year: y.year })}>
                    <span>
                      <IconButton
                        size="small"
                        aria-label={t('programme.table.onMap', { year: y.year })}
                        disabled={y.pipesRenewed === 0}
                        onClick={() => props.onShowYear(index, y.year)}
                        data-testid={`programme-on-map-${y.year}`}
                      >
                        <MapOutlined fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Stack>
  );
}

const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: 1,
  margin: -1,
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: 1,
} as const;

function Assumptions({ programme, cofName, fmt }: { programme: ProgrammeView; cofName: string; fmt: Fmt }) {
  const { t } = useTranslation(['planner', 'views', 'details']);
  const a = programme.assumptions;
  if (!a) return null;
  const { head, rest } = assumptionRows(a, t, (v) => fmt.number(v));
  const pairs: [string, string][] = [
    ...head,
    [t('programme.assumptions.strategy'), t(`programme.strategy.${programme.strategy}`)],
    [t('programme.assumptions.cof'), cofName],
    [t('programme.assumptions.currency'), programme.currency],
    ...rest,
  ];
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="programme-assumptions">
      <Typography variant="subtitle1" component="h3" gutterBottom>
        {t('programme.assumptions.title')}
      </Typography>
      <PairList pairs={pairs} testId="programme-assumption-pairs" />
      <Typography variant="subtitle2" component="h4" sx={{ mt: 1.5 }}>
        {t('programme.assumptions.newPipeRates', { unit: fmt.largeSymbol })}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="programme-rates">
        {a.newPipeRates.map((r) => (
          <Typography component="li" variant="body2" key={r.material}>
            {t('programme.assumptions.rate', {
              material: materialName(t, r.material),
              rate: fmt.number(ratePer100(r.ratePerKm, fmt.large), 2),
              unit: fmt.largeSymbol,
            })}{' '}
            {r.source === 'utility'
              ? t('programme.assumptions.utilityRate', {
                  length: fmt.number(convertLength(r.youngKm * 1000, fmt.large), 1),
                  unit: fmt.largeSymbol,
                })
              : t('programme.assumptions.publishedRate')}
          </Typography>
        ))}
      </Box>
    </Paper>
  );
}
