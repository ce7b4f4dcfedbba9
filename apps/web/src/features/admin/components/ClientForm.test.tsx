import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { renderWithApp } from '../../../test/render.tsx';
import type { AdminClient } from '../api/get-admin-clients.ts';
import { ClientForm } from './ClientForm.tsx';

const existing = {
  id: 4,
  name: 'Lakeside',
  authorizationExpiry: '2027-01-31T00:00:00.000Z',
  clientStatusTypeCode: 2,
  isActive: true,
  subscriptions: ['LOF', 'JOB_PLANNER'],
  details: { country: 'DE' },
  planTier: 3,
} as AdminClient;

describe('ClientForm', () => {
  beforeAll(() => i18n.loadNamespaces(['admin']));

  it('starts from the client, and an emptied expiry is sent as none', async () => {
    const onSubmit = vi.fn();
    renderWithApp(<ClientForm client={existing} saving={false} failed={false} onSubmit={onSubmit} />);
    const user = userEvent.setup();
    expect(screen.getByLabelText(/Client name/)).toHaveValue('Lakeside');
    expect(screen.getByLabelText('JOB_PLANNER')).toBeChecked();
    await user.clear(screen.getByLabelText('Authorisation expires'));
    await user.click(screen.getByLabelText('JOB_PLANNER'));
    await user.click(screen.getByLabelText('Active'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Lakeside',
      clientStatusTypeCode: 2,
      isActive: false,
      authorizationExpiry: null,
      subscriptions: ['LOF'],
      details: { country: 'DE' },
      planTier: 3,
    });
  });

  // Issue 38: a new client with every subscription read "Free plan", and its country was free text.
  it('chooses the plan and one of the supported countries by name', async () => {
    const onSubmit = vi.fn();
    renderWithApp(<ClientForm saving={false} failed={false} onSubmit={onSubmit} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Client name/), 'Riverside');
    expect(screen.getByTestId('client-plan')).toHaveValue('2');
    await user.click(screen.getByRole('combobox', { name: 'Country' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'United States',
      'Japan',
      'Germany',
      'Italy',
      'France',
      'Spain',
    ]);
    await user.click(screen.getByRole('option', { name: 'Japan' }));
    await user.click(screen.getByRole('combobox', { name: 'Plan' }));
    await user.click(await screen.findByRole('option', { name: 'Pro plan' }));
    await user.click(screen.getByRole('button', { name: 'Create client' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ details: { country: 'JP' }, planTier: 3 }),
    );
  });

  it('cannot be sent without a name, and says when saving failed', async () => {
    const onSubmit = vi.fn();
    renderWithApp(<ClientForm saving={false} failed onSubmit={onSubmit} />);
    expect(screen.getByRole('button', { name: 'Create client' })).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent('could not be saved');
    await userEvent.setup().type(screen.getByLabelText(/Client name/), '  ');
    expect(screen.getByRole('button', { name: 'Create client' })).toBeDisabled();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
