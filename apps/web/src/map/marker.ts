// LAYER-28: the pin where a chosen address search result lies. Built here as a plain element, so MapView (the only
// code touching the map) hands it to a MapLibre Marker, and a test checks it without a map.

/**
 * Spec 000 §9: "Marker size 96 by 117". That is the image; it is drawn at one third (32×39 CSS px), like an @3x
 * sprite, so the pin stays sharp on high-density screens and small beside the pipes.
 */
export const MARKER_SIZE = { width: 96, height: 117 } as const;
export const MARKER_SCALE = 1 / 3;
/** The pin's tip is the bottom centre of its image: that point sits on the address. */
export const MARKER_ANCHOR = 'bottom';

const SVG_NS = 'http://www.w3.org/2000/svg';
// A teardrop whose tip touches the bottom centre (48, 117 minus half the outline), with a white dot inside.
const PIN_PATH = 'M48 114 C36 96 6 72 6 46 A42 42 0 0 1 90 46 C90 72 60 96 48 114 Z';

export function pinElement(color: string): HTMLElement {
  const width = Math.round(MARKER_SIZE.width * MARKER_SCALE);
  const height = Math.round(MARKER_SIZE.height * MARKER_SCALE);
  const el = document.createElement('div');
  el.dataset['testid'] = 'search-marker';
  el.style.width = `${width}px`;
  el.style.height = `${height}px`;
  // The map's clicks go through the pin to the pipes under it.
  el.style.pointerEvents = 'none';
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', `0 0 ${MARKER_SIZE.width} ${MARKER_SIZE.height}`);
  svg.setAttribute('width', String(width));
  svg.setAttribute('height', String(height));
  svg.setAttribute('aria-hidden', 'true');
  svg.style.display = 'block';
  const pin = document.createElementNS(SVG_NS, 'path');
  pin.setAttribute('d', PIN_PATH);
  pin.setAttribute('fill', color);
  pin.setAttribute('stroke', '#ffffff');
  pin.setAttribute('stroke-width', '6');
  pin.setAttribute('stroke-linejoin', 'round');
  const dot = document.createElementNS(SVG_NS, 'circle');
  dot.setAttribute('cx', '48');
  dot.setAttribute('cy', '46');
  dot.setAttribute('r', '16');
  dot.setAttribute('fill', '#ffffff');
  svg.append(pin, dot);
  el.append(svg);
  return el;
}
