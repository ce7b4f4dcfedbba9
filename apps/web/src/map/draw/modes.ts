// Boundary drawing modes (spec 000 §4, BOUND-01): what each mode means for the map and how user actions move
// between them. Pure: the terra-draw controller (boundary-draw.ts) and the popup follow these.

/** off = simple_select (nothing being drawn), direct_select = editing, static = finalised (001 "locked"). */
export const DRAW_MODES = ['off', 'draw_rectangle', 'direct_select', 'static'] as const;
export type DrawMode = (typeof DRAW_MODES)[number];

/** terra-draw's mode for each: `static` draws the features without interaction. */
export type TerraModeName = 'static' | 'rectangle' | 'select';

export interface DrawInteraction {
  terraMode: TerraModeName;
  /** BOUND-04: panning is off while a rectangle is being drawn. */
  dragPan: boolean;
  /** BOUND-03: a crosshair while drawing. */
  cursor: 'crosshair' | null;
  /** Map clicks select assets only when no boundary is being drawn or edited. */
  featureClicks: boolean;
}

export function drawInteraction(mode: DrawMode): DrawInteraction {
  switch (mode) {
    case 'draw_rectangle':
      return { terraMode: 'rectangle', dragPan: false, cursor: 'crosshair', featureClicks: false };
    case 'direct_select':
      return { terraMode: 'select', dragPan: true, cursor: null, featureClicks: false };
    case 'off':
    case 'static':
      return { terraMode: 'static', dragPan: true, cursor: null, featureClicks: true };
  }
}

/** What the user does: the toolbar's Select/Cancel, the popup's edit/confirm/delete, a finished drawing, Escape. */
export type DrawAction = 'select' | 'cancel' | 'finished' | 'escape' | 'edit' | 'confirm' | 'delete';

/** The next mode after an action; the same mode when the action does not apply there. */
export function nextDrawMode(mode: DrawMode, action: DrawAction): DrawMode {
  switch (action) {
    case 'select':
      return 'draw_rectangle';
    case 'cancel':
    case 'escape':
      // BOUND-05: Escape cancels drawing; in the other modes it leaves them as they are.
      return mode === 'draw_rectangle' ? 'off' : mode;
    case 'finished':
      return mode === 'draw_rectangle' ? 'off' : mode;
    case 'edit':
      return 'direct_select';
    case 'confirm':
      return mode === 'direct_select' || mode === 'off' ? 'static' : mode;
    case 'delete':
      return 'off';
  }
}

export type BoundaryButton = 'edit' | 'confirm' | 'delete';

/** BOUND-07: the boundary popup's buttons in each mode (none while drawing). */
export function boundaryButtons(mode: DrawMode): BoundaryButton[] {
  switch (mode) {
    case 'off':
      return ['edit', 'confirm', 'delete'];
    case 'direct_select':
      return ['confirm', 'delete'];
    case 'static':
      return ['edit', 'delete'];
    case 'draw_rectangle':
      return [];
  }
}
