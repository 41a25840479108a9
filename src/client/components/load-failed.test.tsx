// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../lib/i18n';
import { LoadFailed } from './load-failed';

function TestCard(props: ComponentProps<'div'>) {
  return <div data-card="test" {...props} />;
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(cleanup);

describe('LoadFailed', () => {
  it("says it in the caller's namespace, inside the caller's card, and retries on the button", async () => {
    const onRetry = vi.fn();
    render(<LoadFailed card={TestCard} className="px-6" namespace="admin" testId="panel-load-failed" onRetry={onRetry} />);
    const card = screen.getByTestId('panel-load-failed');
    expect(card.dataset.card).toBe('test');
    expect(card.className).toContain('px-6');
    expect(card.className).toContain('py-10');
    expect(screen.getByText('This couldn’t be loaded')).toBeTruthy();
    expect(screen.getByText('Check your connection and try again.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('takes the words of another namespace, in German too', async () => {
    render(<LoadFailed card={TestCard} namespace="gamification" testId="page-load-failed" onRetry={() => undefined} />);
    expect(screen.getByText('This page could not load')).toBeTruthy();
    await i18n.changeLanguage('de');
    expect(await screen.findByText('Diese Seite konnte nicht geladen werden')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
  });
});
