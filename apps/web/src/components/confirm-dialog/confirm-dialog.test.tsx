import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ConfirmDialogHost } from './index.ts';
import { useConfirmStore } from './confirm-store.ts';

const options = {
  title: 'Delete filter?',
  description: 'This cannot be undone.',
  action: 'Delete',
  cancel: 'Cancel',
};

describe('confirm dialog (SHELL-DLG-01)', () => {
  it('shows title, description, action and cancel, and resolves true on the action', async () => {
    render(<ConfirmDialogHost />);
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = useConfirmStore.getState().confirm(options);
    });
    expect(await screen.findByText('Delete filter?')).toBeInTheDocument();
    expect(screen.getByText('This cannot be undone.')).toBeInTheDocument();
    expect(screen.getByTestId('confirm-cancel')).toHaveTextContent('Cancel');
    await userEvent.click(screen.getByTestId('confirm-action'));
    await expect(answer).resolves.toBe(true);
    await waitFor(() => expect(screen.queryByText('Delete filter?')).not.toBeInTheDocument());
  });

  it('resolves false on cancel, and a replaced question counts as cancelled', async () => {
    render(<ConfirmDialogHost />);
    let first: Promise<boolean> = Promise.resolve(true);
    let second: Promise<boolean> = Promise.resolve(true);
    act(() => {
      first = useConfirmStore.getState().confirm(options);
      second = useConfirmStore.getState().confirm({ ...options, title: 'Second' });
    });
    await expect(first).resolves.toBe(false);
    await userEvent.click(await screen.findByTestId('confirm-cancel'));
    await expect(second).resolves.toBe(false);
  });
});
