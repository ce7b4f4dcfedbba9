// The screenshot control (spec 000 §2/§9, PDF-01…08): the map canvas as JPEG 0.95 in an A4 landscape PDF with the
// title bar (dataset name, view, date, model, prediction period, total length) and the active view's legend.
// Failures are logged only (PDF-07).
import {
  MAP_YEAR,
  formatDate,
  formatLength,
  toIsoDate,
  type LofMonths,
  type UnitSystem,
  type ViewDefinition,
} from '@pipewise/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildMapPdf, JPEG_QUALITY } from '../../features/map-export/index.ts';
import { tierLabel } from '../../lib/tier-label.ts';
import { reportError } from '../../lib/report-error.ts';

export interface ScreenshotSource {
  /** A JPEG data URL of what the map shows, with its pixel size; null when the map is not ready. */
  capture: (
    type: 'image/jpeg',
    quality: number,
  ) => Promise<{ url: string; width: number; height: number } | null>;
}

export interface ScreenshotContext {
  datasetName: string;
  totalLengthM: number;
  view: ViewDefinition;
  lofMonths: LofMonths;
  unitSystem: UnitSystem;
  largeUnit: 'km' | 'mi';
  timeZone: string;
  /** Why the dataset has no LOF model (no break history…), null when it has one. */
  lofUnavailable: string | null;
  /** Where the LOF comes from: a prior (no break history, issue 39) is named as such on the page. */
  lofSource?: 'utility' | 'prior' | null;
  /** The cost model of the COF and BRE on screen (the served scenario's name), null without COF results. */
  costModel: string | null;
}

/**
 * PDF-06 names the model 'Global Model' by default. Read as a council would (issue 38): the LOF model is trained on
 * this utility's own breaks, so the title bar says so — or that there is none — and names the cost model in use.
 */
export function modelText(
  t: (key: string, o?: Record<string, unknown>) => string,
  ctx: Pick<ScreenshotContext, 'lofUnavailable' | 'lofSource' | 'costModel'>,
): string {
  const lof = t(
    ctx.lofUnavailable ? 'pdf.noLofModel' : ctx.lofSource === 'prior' ? 'pdf.priorLofModel' : 'pdf.ownModel',
  );
  return ctx.costModel ? `${lof} · ${t('pdf.costModel', { name: ctx.costModel })}` : lof;
}

export function useMapScreenshot(source: ScreenshotSource | null, ctx: ScreenshotContext) {
  const { t, i18n } = useTranslation(['mapui', 'views']);
  const [busy, setBusy] = useState(false);
  const language = i18n.language;

  const run = async () => {
    if (!source || busy) return;
    setBusy(true);
    try {
      const image = await source.capture('image/jpeg', JPEG_QUALITY);
      if (!image) return;
      const viewName = t(`views:${ctx.view.titleKey}`);
      const period = ctx.view.usesLofMonths ? t('legend.months', { count: ctx.lofMonths }) : String(MAP_YEAR);
      const doc = await buildMapPdf({
        image: image.url,
        imageWidthPx: image.width,
        imageHeightPx: image.height,
        titleBar: {
          mapTitle: ctx.datasetName,
          viewName,
          date: formatDate(new Date(), language, { timeZone: ctx.timeZone }),
          model: t('pdf.model', { model: modelText(t, ctx) }),
          predictionPeriod: t('pdf.predictionPeriod', { period }),
          totalLength: t('pdf.totalLength', {
            length: formatLength(ctx.totalLengthM, ctx.largeUnit, language, { maxDecimals: 1 }),
          }),
        },
        legend: {
          title: viewName,
          items: ctx.view.tiers.map((tier) => ({
            color: tier.color,
            label: tierLabel(ctx.view, tier, { t, language, unitSystem: ctx.unitSystem }),
          })),
        },
      });
      doc.save(`pipewise-${ctx.view.alias}-${toIsoDate(new Date(), ctx.timeZone) ?? ''}.pdf`);
    } catch (err) {
      reportError('The map screenshot failed', err); // PDF-07: logged only
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
