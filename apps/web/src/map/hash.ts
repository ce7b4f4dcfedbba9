// Short, stable fingerprints of style expressions for the map container's data attributes (e2e tests see a
// repaint happen) and for effect dependencies (an expression rebuilt with the same content changes nothing).
import type { ExpressionSpecification } from 'maplibre-gl';

/** FNV-1a of the JSON, 8 hex digits; 'none' for no expression. */
export function expressionHash(expression: ExpressionSpecification | null | undefined): string {
  if (expression == null) return 'none';
  return textHash(JSON.stringify(expression));
}

/** FNV-1a of a text, 8 hex digits (the tile URLs the map draws, say). */
export function textHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}
