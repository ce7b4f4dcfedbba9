// Renders a piece of the planner panel inside its providers, as PlannerPanel would.
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { ConfirmDialogHost } from '../../components/confirm-dialog/index.ts';
import { renderWithApp } from '../../test/render.tsx';
import { PlannerProvider } from './hooks/planner-context.tsx';
import { PanelProvider, type PlannerMapBridge } from './hooks/panel-context.tsx';
import type { PlannerUser } from './lib/viewer.ts';
import { plannerUser } from './test-data.ts';

export function renderPlanner(
  ui: ReactElement,
  { user = plannerUser(), bridge = {} as Partial<PlannerMapBridge>, datasetId = 3 } = {},
) {
  const fullBridge: PlannerMapBridge = {
    area: null,
    areaPipeIds: null,
    selectedPipeId: null,
    captureImage: vi.fn(() => Promise.resolve(null)),
    zoomTo: vi.fn(),
    captureBox: vi.fn(() => Promise.resolve(null)),
    metresPerPixel: vi.fn(() => 0.5),
    heading: { datasetName: 'Demo town', cofScenarioName: 'Hospitals first' },
    ...bridge,
  };
  const result = renderWithApp(
    <PlannerProvider user={user as PlannerUser} datasetId={datasetId}>
      <PanelProvider bridge={fullBridge}>
        {ui}
        <ConfirmDialogHost />
      </PanelProvider>
    </PlannerProvider>,
  );
  return { ...result, bridge: fullBridge };
}
