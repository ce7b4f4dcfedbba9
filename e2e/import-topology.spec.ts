// Imported networks keep their real topology (issue 16), as a new user meets it: a pipes file with start and end
// node columns, where two mains cross without a junction, a 0.3 m pipe carries a valve at each end and a pump's two
// nodes are drawn at one point; then a valves file naming each valve's pipe and node, one of them on a pipe the
// network does not have. The wizard suggests the node and id columns, and its network check says what it kept.
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACCOUNTS } from './support/accounts.ts';
import { ImportWizard } from './support/import-wizard.ts';
import { LoginPage } from './support/login-page.ts';

const LAT = 38.2;
/** Metres east and north of a point near Louisville → [lon, lat]. */
const at = (x: number, y: number) => [
  -85.7 + x / (111_320 * Math.cos((LAT * Math.PI) / 180)),
  LAT + y / 111_320,
];

type Link = [id: string, from: string, to: string, a: [number, number], b: [number, number], length: number];
const LINKS: Link[] = [
  ['P0', 'R', 'I', [0, -60], [0, -10], 50],
  ['PUMP', 'I', 'O', [0, -10], [0, -10], 0],
  ['P1', 'O', 'J1', [0, -10], [0, 0], 10],
  ['A1', 'J1', 'J2', [0, 0], [0, 50], 50],
  ['A2', 'J2', 'J3', [0, 50], [0, 100], 50],
  ['S', 'J3', 'J4', [0, 100], [0, 100.3], 0.3],
  ['C1', 'J4', 'J5', [0, 100.3], [0, 150], 49.7],
  ['B1', 'K1', 'K2', [-50, 50], [0, 50], 50],
  ['B2', 'K2', 'K3', [0, 50], [50, 50], 50],
];

const VALVES: [string, string, string, [number, number]][] = [
  ['VS1', 'S', 'J3', [0, 100]],
  ['VS2', 'S', 'J4', [0, 100.3]],
  ['VP1', 'PUMP', 'I', [0, -10]],
  ['VP2', 'PUMP', 'O', [0, -10]],
  ['VBAD', 'NOPE', 'J1', [900, 900]],
];

function writeFiles() {
  const dir = mkdtempSync(join(tmpdir(), 'pipewise-e2e-topology-'));
  const collection = (features: unknown[]) => JSON.stringify({ type: 'FeatureCollection', features });
  const pipes = join(dir, 'mains.geojson');
  writeFileSync(
    pipes,
    collection(
      LINKS.map(([id, from, to, a, b, length]) => ({
        type: 'Feature',
        properties: { native_pipe_id: id, start_node: from, end_node: to, diameter: 200, length },
        geometry: { type: 'LineString', coordinates: [at(...a), at(...b)] },
      })),
    ),
  );
  const valves = join(dir, 'valves.geojson');
  writeFileSync(
    valves,
    collection(
      VALVES.map(([valve_id, native_pipe_id, node, xy]) => ({
        type: 'Feature',
        properties: { native_pipe_id, node, valve_id },
        geometry: { type: 'Point', coordinates: at(...xy) },
      })),
    ),
  );
  return { pipes, valves };
}

async function throughMaterials(wizard: ImportWizard, page: Page) {
  await wizard.next();
  await expect(page.getByTestId('import-materials-none')).toBeVisible();
  await wizard.next();
}

test('pipes then valves keep the file topology, and the network check names what it kept', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const files = writeFiles();
  const network = `Node ids ${Date.now()}`;
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(ACCOUNTS.admin);
  await expect(page).toHaveURL(/\/home$/);

  // Pipes: the node id columns are suggested with the id, so the topology comes from the ids.
  const wizard = new ImportWizard(page);
  await wizard.openFromDataPage();
  await wizard.chooseFile(files.pipes, network);
  await wizard.waitForUpload();
  await wizard.chooseLayer('mains');
  await expect(wizard.mappingOf('nativeId')).toHaveValue('native_pipe_id');
  await expect(wizard.mappingOf('fromNode')).toHaveValue('start_node');
  await expect(wizard.mappingOf('toNode')).toHaveValue('end_node');
  await throughMaterials(wizard, page);
  await wizard.answer('lengthUnit', 'm');
  await wizard.answer('diameterUnit', 'mm');
  // The node tolerance in the US administrator's feet: 0.5 m.
  await expect(page.getByTestId('import-node-tolerance')).toHaveValue('1.64');
  await wizard.next();

  await expect(wizard.report()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('import-topology-mode')).toContainText("Nodes come from the file's node IDs");
  await expect(page.getByTestId('import-topology')).toContainText('Connected parts2');
  const coincident = page.getByTestId('import-topology-coincidentNodes');
  await expect(coincident).toContainText('kept apart as their IDs say: 3');
  await expect(coincident).toContainText('(J2)');
  await expect(coincident).toContainText('(K2)');
  await expect(page.getByTestId('import-topology-zeroLengthLinks')).toContainText('PUMP');
  await expect(page.getByTestId('import-topology-selfLoops')).toHaveCount(0);
  await page
    .getByTestId('import-topology-report')
    .screenshot({ path: 'test-results/import-topology-pipes.png' });
  await wizard.startImport();
  await expect(wizard.succeeded()).toBeVisible({ timeout: 120_000 });

  // Valves: their own id, the pipe and the node are suggested; a valve on an unknown pipe holds the import.
  await wizard.openFromDataPage();
  await wizard.chooseFile(files.valves, network, { assetLayer: 'valves', into: 'existing' });
  await wizard.waitForUpload();
  await wizard.chooseLayer('valves');
  await expect(wizard.mappingOf('nativeId')).toHaveValue('valve_id');
  await expect(wizard.mappingOf('nativePipeId')).toHaveValue('native_pipe_id');
  await expect(wizard.mappingOf('node')).toHaveValue('node');
  await throughMaterials(wizard, page);
  await wizard.next();

  await expect(wizard.report()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('import-blocking')).toContainText(
    'Valves name pipes the network does not have',
  );
  await expect(page.getByTestId('import-problem-unknown-pipe-id')).toContainText(
    "valve VBAD: pipe NOPE is not among the network's pipes",
  );
  await expect(page.getByTestId('import-commit')).toBeDisabled();
  await page.getByTestId('import-unknown-pipe-ids').getByRole('checkbox').check();
  await expect(page.getByTestId('import-warnings')).toContainText('imported unlinked');
  await expect(page.getByTestId('import-can-import')).toBeVisible();
  await wizard.report().screenshot({ path: 'test-results/import-topology-valves.png' });
  await wizard.startImport();
  await expect(wizard.succeeded()).toBeVisible({ timeout: 120_000 });
});
