// The boundary popup's content (BOUND-07): edit / confirm / delete buttons, labelled by the caller (i18n stays
// outside the map). Plain DOM because it lives in a MapLibre popup, outside React's tree.
import type { BoundaryButton } from './modes.ts';

/** BOUND-08: spec 000 §9 boundary popup offset. */
export const BOUNDARY_POPUP_OFFSET = 30;

export type BoundaryLabels = Record<BoundaryButton, string>;

export function boundaryPopupContent(
  buttons: readonly BoundaryButton[],
  labels: BoundaryLabels,
  onPress: (button: BoundaryButton) => void,
): HTMLElement {
  const root = document.createElement('div');
  root.setAttribute('data-testid', 'boundary-popup');
  root.style.display = 'flex';
  root.style.gap = '6px';
  for (const button of buttons) {
    const el = document.createElement('button');
    el.type = 'button';
    el.textContent = labels[button];
    el.setAttribute('data-testid', `boundary-${button}`);
    el.style.cssText = 'font: inherit; padding: 2px 8px; cursor: pointer;';
    el.addEventListener('click', (e) => {
      e.stopPropagation();
      onPress(button);
    });
    root.append(el);
  }
  return root;
}
