import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { LanguageSelector } from './LanguageSelector.tsx';

describe('LanguageSelector (SHELL-TOP-07)', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('offers exactly EN, JP, DE, IT, FR, ES and switches at once when logged out', async () => {
    renderWithApp(<LanguageSelector />);
    fireEvent.click(screen.getByTestId('language-selector'));
    const menu = await screen.findByRole('menu');
    const labels = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.querySelector('.MuiListItemText-primary')?.textContent);
    expect(labels).toEqual(['EN', 'JP', 'DE', 'IT', 'FR', 'ES']);
    fireEvent.click(screen.getByTestId('language-option-ja'));
    await waitFor(() => expect(screen.getByTestId('language-selector')).toHaveTextContent('JP'));
    expect(i18n.language).toBe('ja');
    expect(localStorage.getItem('login_language')).toBe('ja');
  });
});
