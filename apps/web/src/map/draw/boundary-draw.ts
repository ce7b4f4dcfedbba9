// Boundary drawing on the map with terra-draw (ARCHITECTURE.md), owned by MapView: rectangles only (BOUND-02),
// the modes of modes.ts, and the boundary popup (BOUND-07/08). It reports; the caller owns mode and boundaries.
import { Popup } from 'maplibre-gl';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { TerraDraw, TerraDrawRectangleMode, TerraDrawSelectMode } from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import { BOUNDARY_POPUP_OFFSET, boundaryPopupContent } from './boundary-popup.ts';
import type { BoundaryLabels } from './boundary-popup.ts';
import { popupAnchor, samePolygons, toFeatures, toPolygons } from './geometry.ts';
import type { BoundaryPolygons } from './geometry.ts';
import { boundaryButtons, drawInteraction, nextDrawMode } from './modes.ts';
import type { BoundaryButton, DrawMode } from './modes.ts';

export interface BoundaryDrawCallbacks {
  onChange?: (polygons: BoundaryPolygons) => void;
  onFinalize?: (polygons: BoundaryPolygons) => void;
  onModeChange?: (mode: DrawMode) => void;
  labels: BoundaryLabels;
}

const BOUNDARY_COLOR = '#e65100';
/** terra-draw's feature id (not exported from its entry point). */
type FeatureId = string | number;
const QUIET_MS = 300;

export class BoundaryDraw {
  private readonly draw: TerraDraw;
  private readonly popup = new Popup({
    closeButton: false,
    closeOnClick: false,
    offset: BOUNDARY_POPUP_OFFSET,
    className: 'pw-boundary-popup',
  });
  private mode: DrawMode = 'off';
  private destroyed = false;
  /** The click that finishes a rectangle (or presses a popup button) reaches the map too: it is not a selection. */
  private quietUntil = 0;

  constructor(
    private readonly map: MapLibreMap,
    private readonly callbacks: () => BoundaryDrawCallbacks,
  ) {
    this.draw = new TerraDraw({
      adapter: new TerraDrawMapLibreGLAdapter({ map }),
      modes: [
        new TerraDrawRectangleMode({
          // Panning is off in this mode (BOUND-04), so a drag draws as well as click–move–click.
          drawInteraction: 'click-move-or-drag',
          cursors: { start: 'crosshair' },
          styles: {
            fillColor: BOUNDARY_COLOR,
            fillOpacity: 0.12,
            outlineColor: BOUNDARY_COLOR,
            outlineWidth: 2,
          },
        }),
        new TerraDrawSelectMode({
          allowManualDeselection: false,
          keyEvents: null,
          // Edit = move the rectangle or drag a corner with the opposite one fixed: it stays a rectangle.
          flags: { rectangle: { feature: { draggable: true, coordinates: { resizable: 'opposite' } } } },
          styles: {
            selectedPolygonColor: BOUNDARY_COLOR,
            selectedPolygonFillOpacity: 0.12,
            selectedPolygonOutlineColor: BOUNDARY_COLOR,
            selectedPolygonOutlineWidth: 2,
          },
        }),
      ],
    });
    this.draw.start();
    this.draw.on('finish', this.onFinish);
    window.addEventListener('keydown', this.onKeyDown);
  }

  /** True just after a rectangle was finished: the map ignores that click for asset selection. */
  justFinished(): boolean {
    return performance.now() < this.quietUntil;
  }

  polygons(): BoundaryPolygons {
    return toPolygons(this.draw.getSnapshot());
  }

  setMode(mode: DrawMode): void {
    this.mode = mode;
    const interaction = drawInteraction(mode);
    if (this.draw.getMode() !== interaction.terraMode) this.draw.setMode(interaction.terraMode);
    if (interaction.dragPan) this.map.dragPan.enable();
    else this.map.dragPan.disable();
    if (mode === 'direct_select') {
      const last = this.lastRectangleId();
      if (last !== undefined) this.draw.selectFeature(last);
    }
    this.renderPopup();
  }

  /** Restores boundaries given from outside (saved filters); the ones it reported itself change nothing. */
  setBoundaries(polygons: BoundaryPolygons): void {
    if (samePolygons(polygons, this.polygons())) return;
    this.draw.clear();
    if (polygons.length > 0) {
      const invalid = this.draw.addFeatures(toFeatures(polygons)).filter((v) => !v.valid);
      if (invalid.length > 0) console.warn('Some boundaries could not be restored', invalid);
    }
    if (this.mode === 'direct_select') this.setMode(this.mode);
    this.renderPopup();
  }

  renderPopup(): void {
    const rings = this.polygons();
    const ring = rings[rings.length - 1];
    const buttons = boundaryButtons(this.mode);
    if (!ring || buttons.length === 0) {
      this.popup.remove();
      return;
    }
    const content = boundaryPopupContent(buttons, this.callbacks().labels, this.onPress);
    this.popup.setLngLat(popupAnchor(ring)).setDOMContent(content).addTo(this.map);
  }

  /** Idempotent: the map destroys it before removing itself, and its hook's cleanup may ask again after. */
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    window.removeEventListener('keydown', this.onKeyDown);
    this.popup.remove();
    try {
      this.draw.stop();
    } catch (err) {
      console.warn('Stopping the boundary drawing failed', err);
    }
  }

  private lastRectangleId(): FeatureId | undefined {
    const rectangles = this.draw.getSnapshot().filter((f) => f.properties.mode === 'rectangle');
    return rectangles[rectangles.length - 1]?.id;
  }

  private emitChange(): void {
    this.callbacks().onChange?.(this.polygons());
    this.renderPopup();
  }

  private readonly onFinish = (_id: FeatureId, context: { mode: string; action: string }) => {
    if (context.mode === 'rectangle' && context.action === 'draw') {
      this.quietUntil = performance.now() + QUIET_MS;
      this.emitChange();
      this.callbacks().onModeChange?.(nextDrawMode(this.mode, 'finished'));
    } else if (context.mode === 'select') {
      this.emitChange();
    }
  };

  private readonly onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || this.mode !== 'draw_rectangle') return;
    this.callbacks().onModeChange?.(nextDrawMode(this.mode, 'escape'));
  };

  private readonly onPress = (button: BoundaryButton) => {
    this.quietUntil = performance.now() + QUIET_MS;
    const { onFinalize, onModeChange } = this.callbacks();
    if (button === 'delete') {
      this.draw.clear();
      this.emitChange();
    } else if (button === 'confirm') {
      onFinalize?.(this.polygons());
    }
    onModeChange?.(nextDrawMode(this.mode, button));
  };
}
