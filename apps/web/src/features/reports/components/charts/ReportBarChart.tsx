// A bar chart of a report section: category axis and value axis titled with their units, one colour per series
// (stacked when the model says so) or per category (levels, LOF classes), values formatted as the table formats
// them.
import { BarChart } from '@mui/x-charts/BarChart';
import type { BarChartModel } from '../../lib/section.ts';
import { CHART_HEIGHT, horizontalHeight, rotatesCategoryLabels, valueAxisWidth } from './chart-size.ts';

/** `height`: a fixed height (the dashboard's cards); by default one that suits the categories. */
export function ReportBarChart({ model, height }: { model: BarChartModel; height?: number }) {
  const horizontal = model.horizontal === true;
  const band = {
    scaleType: 'band' as const,
    data: model.categories,
    label: model.categoryLabel,
    ...(model.categoryColors && {
      colorMap: { type: 'ordinal' as const, values: model.categories, colors: model.categoryColors },
    }),
  };
  const tick = model.tick ?? model.format;
  const value = {
    label: model.valueLabel,
    valueFormatter: (v: number, context: { location: string }) =>
      context.location === 'tick' ? tick(v) : model.format(v),
  };
  const stacked = model.series.some((s) => s.stack !== undefined);
  return (
    <BarChart
      layout={horizontal ? 'horizontal' : 'vertical'}
      height={height ?? (horizontal ? horizontalHeight(model.categories.length) : CHART_HEIGHT)}
      xAxis={[
        horizontal
          ? { ...value, height: 45 }
          : {
              ...band,
              height: 'auto',
              // Turned, every category keeps its label ('auto' measures the turned labels for the axis height).
              ...(rotatesCategoryLabels(model.categories) && {
                tickLabelStyle: { angle: -35, textAnchor: 'end' as const },
              }),
            },
      ]}
      // The value axis is sized from its tick labels (valueAxisWidth): measured ('auto'), it was sometimes sized
      // before its widest tick and cut '100' to '1…'. Category names are measured.
      yAxis={[horizontal ? { ...band, width: 'auto' } : { ...value, width: valueAxisWidth(model) }]}
      series={model.series.map((s) => ({
        id: s.id,
        label: s.label,
        data: s.data,
        ...(s.color && { color: s.color }),
        ...(s.stack && { stack: s.stack }),
        valueFormatter: (v: number | null) => (v == null ? '' : model.format(v)),
      }))}
      // One series needs no legend: its name is the value axis' title.
      hideLegend={model.series.length < 2}
      slotProps={{ legend: { position: { vertical: 'top', horizontal: 'center' } } }}
      grid={horizontal ? { vertical: true } : { horizontal: true }}
      skipAnimation
      {...(stacked && {
        axisHighlight: { x: horizontal ? 'none' : 'band', y: horizontal ? 'band' : 'none' },
      })}
    />
  );
}
