// A range filter (spec 000 §5, FILT-SLD-01…09): a two-thumb slider and two text boxes. Typed text is stripped to
// digits, '.' and '-'; a box that does not parse shakes and is flagged invalid; a valid pair is sorted and applied,
// with ends at or beyond the slider's min/max sent as unbounded. Apply stays disabled until a box differs from the
// applied value; Esc puts the applied values back. The parent keys this component by the applied range, so an
// outside change (reset, restored filter) starts it afresh.
import {
  formatSliderValue,
  parseSliderInput,
  sliderLabel,
  sortRange,
  toRangeFilter,
  type RangeFilter,
  type UnitSystem,
  type ViewDefinition,
} from '@pipewise/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { keyframes } from '@mui/material/styles';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { sliderScale } from '../slider-scale.ts';

// Two identical animations: switching between them replays the shake on every failed Apply.
const shakeA = keyframes`
  0%, 100% { transform: translateX(0); }
  20%, 60% { transform: translateX(-4px); }
  40%, 80% { transform: translateX(4px); }
`;
const shakeB = keyframes`
  0%, 100% { transform: translateX(0); }
  20%, 60% { transform: translateX(-4px); }
  40%, 80% { transform: translateX(4px); }
`;

export interface SliderFilterProps {
  view: ViewDefinition;
  /** The applied range in the tile's unit; undefined = unbounded. */
  range: RangeFilter | undefined;
  unitSystem: UnitSystem;
  /** null = no filter (both ends unbounded). */
  onApply: (range: RangeFilter | null) => void;
}

type Pair = [number, number];
type Texts = [string, string];

export function SliderFilter({ view, range, unitSystem, onApply }: SliderFilterProps) {
  const { t } = useTranslation('filters');
  const scale = sliderScale(view, unitSystem);
  if (!scale) throw new Error(`View ${view.key} has no slider`);
  const clamp = (v: number) => Math.min(scale.max, Math.max(scale.min, v));
  const format = (v: number) => formatSliderValue(v, scale.step);

  const applied: Pair = [
    range?.low == null ? scale.min : clamp(scale.toDisplay(range.low)),
    range?.high == null ? scale.max : clamp(scale.toDisplay(range.high)),
  ];
  const appliedTexts: Texts = [format(applied[0]), format(applied[1])];

  const [values, setValues] = useState<Pair>(applied);
  const [texts, setTexts] = useState<Texts>(appliedTexts);
  const [errors, setErrors] = useState<[boolean, boolean]>([false, false]);
  const [shakes, setShakes] = useState(0);

  const dirty = texts[0] !== appliedTexts[0] || texts[1] !== appliedTexts[1];
  const title = t(`views:${view.titleKey}`);

  const onSlider = (_: Event, next: number | number[]) => {
    if (!Array.isArray(next)) return;
    const pair: Pair = [next[0] ?? scale.min, next[1] ?? scale.max];
    setValues(pair);
    setTexts([format(pair[0]), format(pair[1])]);
    setErrors([false, false]);
  };

  const onText = (index: 0 | 1, text: string) => {
    const nextTexts: Texts = index === 0 ? [text, texts[1]] : [texts[0], text];
    setTexts(nextTexts);
    setErrors(index === 0 ? [false, errors[1]] : [errors[0], false]);
    const parsed = parseSliderInput(text);
    if (parsed !== null) setValues(index === 0 ? [clamp(parsed), values[1]] : [values[0], clamp(parsed)]);
  };

  const apply = () => {
    const low = parseSliderInput(texts[0]);
    const high = parseSliderInput(texts[1]);
    if (low === null || high === null) {
      setErrors([low === null, high === null]);
      setShakes((n) => n + 1);
      return;
    }
    const [a, b] = sortRange(low, high);
    setTexts([format(a), format(b)]);
    setValues([clamp(a), clamp(b)]);
    const next = toRangeFilter(a, b, scale);
    onApply(
      next.low === null && next.high === null
        ? null
        : {
            low: next.low === null ? null : scale.toTile(next.low),
            high: next.high === null ? null : scale.toTile(next.high),
          },
    );
  };

  const resetBoxes = () => {
    setTexts(appliedTexts);
    setValues(applied);
    setErrors([false, false]);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      resetBoxes();
    } else if (event.key === 'Enter' && dirty) {
      apply();
    }
  };

  const box = (index: 0 | 1) => (
    <TextField
      size="small"
      label={t(index === 0 ? 'slider.low' : 'slider.high')}
      value={texts[index]}
      error={errors[index]}
      helperText={errors[index] ? t('slider.invalid') : undefined}
      onChange={(e) => onText(index, e.target.value)}
      onKeyDown={onKeyDown}
      slotProps={{
        htmlInput: {
          inputMode: 'decimal',
          'aria-invalid': errors[index],
          'data-testid': `${view.key}-${index === 0 ? 'low' : 'high'}`,
        },
      }}
      sx={errors[index] ? { animation: `${shakes % 2 ? shakeA : shakeB} 0.4s ease-in-out` } : undefined}
    />
  );

  return (
    <Box data-testid={`slider-filter-${view.key}`}>
      <Box sx={{ px: 1.5 }}>
        <Slider
          value={values}
          min={scale.min}
          max={scale.max}
          step={scale.step}
          onChange={onSlider}
          valueLabelDisplay="auto"
          valueLabelFormat={(v) => sliderLabel(v, scale)}
          marks={[
            { value: scale.min, label: sliderLabel(scale.min, scale) },
            { value: scale.max, label: sliderLabel(scale.max, scale) },
          ]}
          getAriaLabel={(i) => `${title} ${t(i === 0 ? 'slider.low' : 'slider.high')}`}
          getAriaValueText={(v) => sliderLabel(v, scale)}
          disableSwap
        />
      </Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }} title={t('slider.escHint')}>
        {box(0)}
        {box(1)}
        <Button variant="contained" size="small" onClick={apply} disabled={!dirty} sx={{ mt: 0.5 }}>
          {t('slider.apply')}
        </Button>
      </Stack>
    </Box>
  );
}
