import { VIEW_DEFINITIONS } from '@pipewise/domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { CheckboxFilter } from './CheckboxFilter.tsx';

describe('CheckboxFilter', () => {
  beforeAll(() => i18n.loadNamespaces(['filters', 'views']));

  it('lists every tier with its translated label and colour swatch', () => {
    const view = VIEW_DEFINITIONS.cof;
    render(
      <CheckboxFilter view={view} selected={undefined} unitSystem="metric" onChange={() => undefined} />,
    );
    for (const label of ['Low', 'Medium low', 'Medium high', 'High', 'Very high']) {
      expect(screen.getByRole('checkbox', { name: label })).toBeChecked();
    }
    const swatches = document.querySelectorAll('[data-color]');
    expect([...swatches].map((s) => s.getAttribute('data-color'))).toEqual(view.tiers.map((t) => t.color));
  });

  it('narrows the selection and removes the filter when all are ticked again', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    const { rerender } = render(
      <CheckboxFilter
        view={VIEW_DEFINITIONS.materialStatus}
        selected={undefined}
        unitSystem="metric"
        onChange={onChange}
      />,
    );
    await user.click(screen.getByRole('checkbox', { name: 'Imputed' }));
    expect(onChange).toHaveBeenLastCalledWith([0, 2]);
    rerender(
      <CheckboxFilter
        view={VIEW_DEFINITIONS.materialStatus}
        selected={[0, 2]}
        unitSystem="metric"
        onChange={onChange}
      />,
    );
    expect(screen.getByRole('checkbox', { name: 'Imputed' })).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Imputed' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('labels materials by name', () => {
    render(
      <CheckboxFilter
        view={VIEW_DEFINITIONS.materialTypeCode}
        selected={[8]}
        unitSystem="metric"
        onChange={vi.fn()}
      />,
    );
    expect(screen.getByRole('checkbox', { name: 'PVC' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Cast iron' })).not.toBeChecked();
    expect(screen.getAllByRole('checkbox')).toHaveLength(11);
  });
});
