// The network check of a validation report (issue 16: "a topology report that names what it changed"): how the
// nodes were found (the file's node ids, or ends joined within a tolerance), the figures, and each finding with its
// first examples by the utility's own id and row. Distances are in the user's length unit. Reports stored before
// a finding existed simply lack it.
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ValidationReport } from '../../api/validate-import.ts';
import { useDisplayFormat } from '../../hooks/use-display-format.ts';
import { Figures } from './Figures.tsx';

type Topology = NonNullable<ValidationReport['topology']>;
type Finding = Topology['mergedEnds'];
type Example = Finding['examples'][number];

/** The findings shown, in the order a user should read them. */
const FINDINGS = [
  'zeroLengthLinks',
  'mergedEnds',
  'shortLinks',
  'selfLoops',
  'coincidentNodes',
  'farEnds',
  'dangling',
] as const satisfies readonly (keyof Topology)[];

export function TopologyReportView({ topology }: { topology: Topology }) {
  const { t } = useTranslation('data');
  const { number, shortLength } = useDisplayFormat();
  // A report stored before issue 16 has only the first figures.
  const found: Partial<Topology> = topology;
  const figures: [string, string][] = [
    [t('wizard.review.nodes'), number(topology.nodes)],
    ...(found.links !== undefined
      ? ([[t('wizard.review.links'), number(found.links)]] as [string, string][])
      : []),
    [t('wizard.review.components'), number(topology.components)],
    [t('wizard.review.largestShare'), `${Math.round(topology.largestComponentShare * 100)} %`],
    [t('wizard.review.danglingEnds'), number(topology.danglingEnds)],
    [t('wizard.review.unsnappedEnds'), number(topology.unsnappedEnds)],
    [t('wizard.review.valvesFar'), number(topology.valvesFar)],
  ];
  if ((found.valvesUnknownPipe ?? 0) > 0)
    figures.push([t('wizard.review.valvesUnknownPipe'), number(found.valvesUnknownPipe)]);
  return (
    <Box data-testid="import-topology-report">
      <Typography variant="subtitle1">{t('wizard.review.topology')}</Typography>
      {found.mode && (
        <Typography variant="body2" color="text.secondary" data-testid="import-topology-mode" sx={{ mb: 1 }}>
          {found.mode === 'node_ids'
            ? t('wizard.review.topologyByIds', { tolerance: shortLength(found.toleranceM ?? 0) })
            : // Node ID columns mapped but some rows without one: the whole layer falls back to coordinates
              // (topology-check.ts), which is not "the file has no node IDs" (issue 38).
              t(
                (found.missingNodeIds ?? 0) > 0
                  ? 'wizard.review.topologyBySnappingMissingIds'
                  : 'wizard.review.topologyBySnapping',
                {
                  count: found.missingNodeIds ?? 0,
                  tolerance: shortLength(found.toleranceM ?? 0),
                  largest: shortLength(found.largestMergeM ?? 0),
                },
              )}
        </Typography>
      )}
      <Figures testId="import-topology" items={figures} />
      {(found.missingNodeIds ?? 0) > 0 && (
        <Typography variant="body2" color="warning.main" data-testid="import-topology-missing-ids">
          {t('wizard.review.missingNodeIds', { count: found.missingNodeIds })}
        </Typography>
      )}
      {FINDINGS.map((key) => {
        const finding = found[key];
        return finding && finding.count > 0 ? <FindingTable key={key} kind={key} finding={finding} /> : null;
      })}
      {topology.unsnappedEnds > 0 && (
        <FindingTable
          kind="unsnapped"
          finding={{
            count: topology.unsnappedEnds,
            examples: topology.unsnappedExamples.map((e) => ({ row: 0, ...e })),
          }}
        />
      )}
      {(found.componentSizes?.length ?? 0) > 1 && <Components parts={found.componentSizes!} />}
    </Box>
  );
}

function FindingTable({
  kind,
  finding,
}: {
  kind: (typeof FINDINGS)[number] | 'unsnapped';
  finding: Finding;
}) {
  const { t } = useTranslation('data');
  const { shortLength } = useDisplayFormat();
  const end = (e: Pick<Example, 'nativeId' | 'row' | 'end' | 'nodeId'>) =>
    [e.nativeId, e.end ? t(`wizard.review.end.${e.end}`) : null, e.nodeId ? `(${e.nodeId})` : null]
      .filter(Boolean)
      .join(' ');
  const measure = (e: Example) =>
    e.distanceM !== undefined
      ? shortLength(e.distanceM)
      : e.lengthM !== undefined
        ? shortLength(e.lengthM)
        : '';
  return (
    <Box data-testid={`import-topology-${kind}`} sx={{ mt: 2 }}>
      <Typography variant="subtitle2">
        {t(`wizard.review.finding.${kind}`, { count: finding.count })}
      </Typography>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('wizard.review.link')}</TableCell>
            <TableCell>{t('wizard.review.row')}</TableCell>
            <TableCell>{t('wizard.review.measure')}</TableCell>
            <TableCell>{t('wizard.review.others')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {finding.examples.map((e, i) => (
            <TableRow key={i}>
              <TableCell>{end(e)}</TableCell>
              <TableCell>{e.row || ''}</TableCell>
              <TableCell>{measure(e)}</TableCell>
              <TableCell>
                {(e.with ?? []).map((o) => `${end(o)} · ${t('wizard.review.row')} ${o.row}`).join(', ')}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function Components({ parts }: { parts: Topology['componentSizes'] }) {
  const { t } = useTranslation('data');
  const { number, length } = useDisplayFormat();
  return (
    <Box data-testid="import-topology-components" sx={{ mt: 2 }}>
      <Typography variant="subtitle2">{t('wizard.review.componentSizes')}</Typography>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('wizard.review.nodes')}</TableCell>
            <TableCell>{t('wizard.review.links')}</TableCell>
            <TableCell>{t('wizard.review.length')}</TableCell>
            <TableCell>{t('wizard.review.link')}</TableCell>
            <TableCell>{t('wizard.review.row')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {parts.map((p, i) => (
            <TableRow key={i}>
              <TableCell>{number(p.nodes)}</TableCell>
              <TableCell>{number(p.links)}</TableCell>
              <TableCell>{length(p.lengthM)}</TableCell>
              <TableCell>{p.nativeId}</TableCell>
              <TableCell>{p.row}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
