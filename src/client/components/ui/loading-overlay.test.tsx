// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { LoadingOverlay } from './loading-overlay';
import { closeLoadingOverlay, LOADING_OVERLAY_TIMEOUT_MS, openLoadingOverlay } from './loading-overlay-store';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  act(() => closeLoadingOverlay());
  cleanup();
  vi.useRealTimers();
});

const overlay = () => screen.queryByTestId('loading-overlay');
const closeButton = () => screen.queryByRole('button', { name: 'Close' });

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe('LoadingOverlay', () => {
  it.each(['chat', 'mindmap', 'summary', 'default'] as const)('shows the %s skeleton with a spoken status', (type) => {
    render(<LoadingOverlay />);
    act(() => {
      openLoadingOverlay(type);
    });
    expect(overlay()?.getAttribute('data-type')).toBe(type);
    expect(screen.getByRole('status')).toBeTruthy();
  });

  it('offers the close button only after 5 s', () => {
    render(<LoadingOverlay />);
    act(() => {
      openLoadingOverlay('summary');
    });

    advance(LOADING_OVERLAY_TIMEOUT_MS - 1);
    expect(closeButton()).toBeNull();
    advance(1);
    fireEvent.click(closeButton() as HTMLElement);

    expect(overlay()).toBeNull();
  });

  it('closes on Escape at any time, also before 5 s', () => {
    render(<LoadingOverlay />);
    act(() => {
      openLoadingOverlay('chat');
    });
    advance(100);

    fireEvent.keyDown(document, { key: 'Escape' });

    expect(overlay()).toBeNull();
  });

  it('closes an overlay opened with a time limit by itself, and not before', () => {
    render(<LoadingOverlay />);
    act(() => {
      openLoadingOverlay('mindmap', { autoCloseMs: LOADING_OVERLAY_TIMEOUT_MS });
    });

    advance(LOADING_OVERLAY_TIMEOUT_MS - 1);
    expect(overlay()).not.toBeNull();
    advance(1);
    expect(overlay()).toBeNull();
  });

  it('keeps an overlay without a time limit open until it is closed', () => {
    render(<LoadingOverlay />);
    act(() => {
      openLoadingOverlay('default');
    });

    advance(LOADING_OVERLAY_TIMEOUT_MS * 3);

    expect(overlay()).not.toBeNull();
  });

  it('lets an opener close only its own opening', () => {
    render(<LoadingOverlay />);
    let first = 0;
    act(() => {
      first = openLoadingOverlay('summary');
      openLoadingOverlay('chat');
    });

    act(() => closeLoadingOverlay(first));
    expect(overlay()?.getAttribute('data-type')).toBe('chat');
  });

  it('restarts the 5 s for a new opening', () => {
    render(<LoadingOverlay />);
    act(() => {
      openLoadingOverlay('summary');
    });
    advance(4_000);
    act(() => {
      openLoadingOverlay('chat');
    });
    advance(4_000);

    expect(closeButton()).toBeNull();
    advance(1_000);
    expect(closeButton()).not.toBeNull();
  });
});
