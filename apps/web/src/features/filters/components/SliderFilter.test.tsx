import { VIEW_DEFINITIONS, type RangeFilter } from '@pipewise/domain';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { SliderFilter } from './SliderFilter.tsx';

function setup(
  view = VIEW_DEFINITIONS.installYear,
  range?: RangeFilter,
  unitSystem: 'metric' | 'imperial' = 'metric',
) {
  const onApply = vi.fn();
  render(<SliderFilter view={view} range={range} unitSystem={unitSystem} onApply={onApply} />);
  const low = screen.getByTestId(`${view.key}-low`) as HTMLInputElement;
  const high = screen.getByTestId(`${view.key}-high`) as HTMLInputElement;
  const apply = screen.getByRole('button', { name: 'Apply' });
  return { onApply, low, high, apply, user: userEvent.setup() };
}

describe('SliderFilter (spec 000 §5)', () => {
  beforeAll(() => i18n.loadNamespaces(['filters', 'views']));

  it('starts at the applied range, with Apply disabled until a box differs (FILT-SLD-05)', async () => {
    const { low, high, apply, user } = setup(VIEW_DEFINITIONS.installYear, { low: 1900, high: null });
    expect(low.value).toBe('1900');
    expect(high.value).toBe('2030');
    expect(apply).toBeDisabled();
    await user.clear(low);
    await user.type(low, '1900');
    expect(apply).toBeDisabled();
    await user.type(low, '5');
    expect(apply).toBeEnabled();
  });

  it('strips stray characters, sorts the pair and applies it (FILT-SLD-01/03/04)', async () => {
    const { low, high, apply, onApply, user } = setup();
    await user.clear(low);
    await user.type(low, '1,980 yr');
    await user.clear(high);
    await user.type(high, '1920');
    await user.click(apply);
    expect(onApply).toHaveBeenCalledWith({ low: 1920, high: 1980 });
    expect(low.value).toBe('1920');
    expect(high.value).toBe('1980');
  });

  it('sends ends at or beyond min/max as unbounded (FILT-SLD-07)', async () => {
    const { low, apply, onApply, user } = setup(VIEW_DEFINITIONS.installYear, { low: 1900, high: 1950 });
    await user.clear(low);
    await user.type(low, '1700');
    await user.click(apply);
    expect(onApply).toHaveBeenCalledWith({ low: null, high: 1950 });
  });

  it('flags a box that is not a number and does not apply (FILT-SLD-02)', async () => {
    const { high, apply, onApply, user } = setup();
    await user.clear(high);
    await user.type(high, 'abc');
    await user.click(apply);
    expect(onApply).not.toHaveBeenCalled();
    expect(high).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Enter a number')).toBeInTheDocument();
  });

  it('resets the boxes on Esc (FILT-SLD-06)', async () => {
    const { low, apply, user } = setup(VIEW_DEFINITIONS.installYear, { low: 1900, high: null });
    await user.clear(low);
    await user.type(low, 'x');
    await user.click(apply);
    fireEvent.keyDown(low, { key: 'Escape' });
    expect(low.value).toBe('1900');
    expect(low).toHaveAttribute('aria-invalid', 'false');
    expect(apply).toBeDisabled();
  });

  it('labels decimals by the step and the highest top end as 100 (FILT-SLD-08/09)', () => {
    const { low, high } = setup(VIEW_DEFINITIONS.highest, { low: 0.2, high: null });
    expect(low.value).toBe('0.20');
    expect(high.value).toBe('3.01');
    expect(screen.getAllByText('100').length).toBeGreaterThan(0);
    expect(screen.getByRole('slider', { name: /To/ })).toHaveAttribute('aria-valuetext', '100');
  });

  it('lets imperial users type inches and applies millimetres', async () => {
    const { low, high, apply, onApply, user } = setup(VIEW_DEFINITIONS.diameter, undefined, 'imperial');
    expect(high.value).toBe('2000.0');
    await user.clear(low);
    await user.type(low, '4');
    await user.click(apply);
    const range = onApply.mock.calls[0]?.[0] as RangeFilter;
    expect(range.low).toBeCloseTo(101.6);
    expect(range.high).toBeNull();
  });
});
