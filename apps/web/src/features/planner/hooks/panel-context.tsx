// What the planner panel gets from the map page (the route composes it; features do not reach into the map): the
// drawn area, the pipes inside it, the pipe selected on the map, a capture of the map, and a way to fly somewhere.
import { createContext, useContext, type ReactNode } from 'react';
import type { BBox } from '../lib/map-shapes.ts';

export interface PlannerMapBridge {
  /** The Planner tab's rectangle(s) as WKT, or null when none is drawn. */
  area: string | null;
  /** Pipes inside the finalised rectangle (the intersecting assets), or null before finalising. */
  areaPipeIds: readonly number[] | null;
  /** The pipe selected on the map (details pane), if any. */
  selectedPipeId: number | null;
  /** The map as a data URL (the PDF screenshot's capture), or null when it cannot be read. */
  captureImage: () => Promise<string | null>;
  zoomTo: (bbox: BBox) => void;
  /** The map fitted to the box and captured once drawn (the project PDF), or null. */
  captureBox: (bbox: BBox) => Promise<string | null>;
  /** Ground metres per pixel of the captured image (a printed scale bar), or null. */
  metresPerPixel: () => number | null;
  /** The dataset and the COF scenario in use, named on printed work (issue 36). */
  heading: { datasetName: string; cofScenarioName: string | null };
}

const PanelContext = createContext<PlannerMapBridge | null>(null);

export function PanelProvider({ bridge, children }: { bridge: PlannerMapBridge; children: ReactNode }) {
  return <PanelContext value={bridge}>{children}</PanelContext>;
}

export function useMapBridge(): PlannerMapBridge {
  const value = useContext(PanelContext);
  if (!value) throw new Error('useMapBridge outside PanelProvider');
  return value;
}
