// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';

afterEach(cleanup);

type Options = Pick<ConfirmDialogProps, 'severity' | 'confirmationText'> & { onConfirm: () => unknown };

function Harness(options: Options) {
  const [open, setOpen] = useState(true);
  const common = { open, onOpenChange: setOpen, title: 'Make course private?', description: 'Members lose access.', confirmLabel: 'Make private', onConfirm: options.onConfirm };
  return options.severity === 'high' ? (
    <ConfirmDialog {...common} severity="high" confirmationText={options.confirmationText ?? ''} />
  ) : (
    <ConfirmDialog {...common} severity={options.severity} />
  );
}

const confirmButton = () => screen.getByRole('button', { name: 'Make private' });

describe('ConfirmDialog', () => {
  it.each(['low', 'medium'] as const)('confirms a %s-severity action directly and closes', async (severity) => {
    const onConfirm = vi.fn();
    render(<Harness severity={severity} onConfirm={onConfirm} />);
    expect(screen.getByRole('alertdialog', { name: 'Make course private?' })).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();

    await userEvent.click(confirmButton());

    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('keeps a high-severity action disabled until the confirmation text is typed exactly', async () => {
    const onConfirm = vi.fn();
    const user = userEvent.setup();
    render(<Harness severity="high" confirmationText="MAKE PRIVATE" onConfirm={onConfirm} />);
    const input = screen.getByRole('textbox', { name: 'Type MAKE PRIVATE to confirm' });
    expect(confirmButton()).toHaveProperty('disabled', true);

    await user.type(input, 'make private');
    expect(confirmButton()).toHaveProperty('disabled', true);
    await user.click(confirmButton());
    expect(onConfirm).not.toHaveBeenCalled();

    await user.clear(input);
    await user.type(input, 'MAKE PRIVATE ');
    expect(confirmButton()).toHaveProperty('disabled', true);

    await user.type(input, '{Backspace}');
    expect(confirmButton()).toHaveProperty('disabled', false);
    await user.click(confirmButton());
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('puts the focus where the next step is: the text field when typing is needed, else Cancel', () => {
    render(<Harness severity="high" confirmationText="REVOKE ACCESS" onConfirm={vi.fn()} />);
    expect(document.activeElement).toBe(screen.getByRole('textbox'));
    cleanup();

    render(<Harness severity="medium" onConfirm={vi.fn()} />);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
  });

  it('confirms a high-severity action with Enter once the text matches', async () => {
    const onConfirm = vi.fn();
    const user = userEvent.setup();
    render(<Harness severity="high" confirmationText="HIDE FILE" onConfirm={onConfirm} />);

    await user.type(screen.getByRole('textbox'), 'HIDE FILE{Enter}');

    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('shows a pending state while the action runs and stays open when it fails', async () => {
    let reject: (error: Error) => void = () => {};
    const onConfirm = vi.fn(() => new Promise<void>((_, fail) => (reject = fail)));
    const user = userEvent.setup();
    render(<Harness severity="medium" onConfirm={onConfirm} />);

    await user.click(confirmButton());
    const busy = screen.getByRole('button', { name: 'Working…' });
    expect(busy).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', true);

    reject(new Error('offline'));
    expect(await screen.findByRole('button', { name: 'Make private' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('alertdialog')).toBeTruthy();
  });

  it('closes on Cancel without confirming', async () => {
    const onConfirm = vi.fn();
    render(<Harness severity="low" onConfirm={onConfirm} />);

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
