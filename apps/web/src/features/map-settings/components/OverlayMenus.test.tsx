import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useMapSettings } from '../state.ts';
import { OverlayMenus } from './OverlayMenus.tsx';

const assets = {
  infrastructure: true,
  population: true,
  valves: true,
  mesh: false,
  district: true,
  customZone: false,
  reservoirs: false,
  purificationPlants: true,
  hydrants: true,
  breaks: true,
  drains: false,
  supplyAreas: false,
};

afterEach(() => {
  useMapSettings.getState().reset();
  useMapSettings.getState().setTheme('light');
  localStorage.clear();
});

const open = (testId: string) =>
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));

describe('OverlayMenus', () => {
  it('disables the asset layers the dataset lacks and resets the choice (LAYER-12/13)', () => {
    render(<OverlayMenus assets={assets} />);
    open('asset-layers-menu');
    expect(screen.getByTestId('asset-layer-reservoirs')).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByTestId('asset-layer-drains')).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(screen.getByTestId('asset-layer-valves'));
    fireEvent.click(screen.getByTestId('asset-layer-breaks'));
    expect(useMapSettings.getState().assetLayers).toEqual(['valves', 'breaks']);
    fireEvent.click(screen.getByTestId('asset-layers-reset'));
    expect(useMapSettings.getState().assetLayers).toEqual([]);
  });

  it('counts the chosen critical-infrastructure types on a chip (LAYER-11)', () => {
    render(<OverlayMenus assets={assets} />);
    expect(screen.queryByTestId('infrastructure-count')).toBeNull();
    open('infrastructure-menu');
    fireEvent.click(screen.getByTestId('infrastructure-hospital'));
    fireEvent.click(screen.getByTestId('infrastructure-school'));
    expect(screen.getByTestId('infrastructure-count')).toHaveTextContent('2');
    fireEvent.click(screen.getByTestId('infrastructure-reset'));
    expect(useMapSettings.getState().facilityTypes).toEqual([]);
  });

  it('keeps the chosen theme in local storage, light by default (LAYER-14/15)', () => {
    render(<OverlayMenus assets={assets} />);
    expect(useMapSettings.getState().theme).toBe('light');
    open('theme-menu');
    fireEvent.click(screen.getByTestId('theme-terrain'));
    expect(useMapSettings.getState().theme).toBe('terrain');
    expect(JSON.parse(localStorage.getItem('pipewise_map') ?? '{}').state.theme).toBe('terrain');
  });
});
