// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { fakeTrpcServer, holdCalls, renderSignedIn, ShareButtonAndFlow, spaceContent } from './test-kit';

/**
 * Issue 22, "Sharing is surprising": one click on Share still shares the course publicly and copies its link (spec §4),
 * but the dialog opens on the click, says what sharing did and offers Make Private, and one toast tells of it.
 */

beforeEach(async () => {
  await i18n.changeLanguage('en');
  window.scrollTo = () => undefined;
});

afterEach(() => {
  cleanup();
  toast.dismiss();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const toastTexts = () => [...document.querySelectorAll('[data-sonner-toast]')].map((item) => item.textContent ?? '');

function serverForNewShare() {
  // Described already, so the new space generates nothing here: the toasts are the share's alone.
  const space = spaceContent({ hasGeneratedDescription: true });
  const server = fakeTrpcServer({
    'spaces.isDirectoryShared': () => ({ data: { isShared: false, spaceInfo: null } }),
    'spaces.createSpace': () => ({ data: { id: space.id, uuid: space.uuid } }),
    'spaces.getSpaceContent': () => ({ data: space }),
    'spaces.getInvitations': () => ({ data: [] }),
    'spaces.getMembers': () => ({ data: [] }),
  });
  return { server, space };
}

describe('one click on Share', () => {
  it('opens the dialog at once, then shares publicly, copies the link and says so in the dialog and in one toast', async () => {
    const { server, space } = serverForNewShare();
    const held = holdCalls('spaces.isDirectoryShared');
    const { user } = renderSignedIn(<ShareButtonAndFlow target={{ directoryId: 'course-1', courseName: 'Cell Biology' }} />);
    await user.click(await screen.findByTestId('header-share', {}, { timeout: 5_000 }));
    // The server has not answered yet, and the dialog is there, loading.
    expect(await screen.findByTestId('share-dialog-loading', {}, { timeout: 5_000 })).toBeTruthy();
    expect(server.of('spaces.createSpace')).toHaveLength(0);
    held.release();

    const visibility = await screen.findByTestId('share-visibility', {}, { timeout: 5_000 });
    expect(visibility.textContent).toBe('Public: anyone with the link can join; listed in Find a course');
    expect(screen.getByTestId('share-visibility-toggle').textContent).toBe('Make Private');
    expect(server.of('spaces.createSpace').map((call) => call.input)).toEqual([
      { name: 'Cell Biology', description: '', visibility: 'public', directoryId: 'course-1' },
    ]);
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/space/${space.uuid}`);
    await waitFor(() => expect(toastTexts()).toEqual(['Course shared successfully!Share link copied to clipboard!']));
    expect(await screen.findByText('Nobody has joined yet.', {}, { timeout: 5_000 })).toBeTruthy();
  });

  it('says it in German too', async () => {
    await i18n.changeLanguage('de');
    serverForNewShare();
    const { user } = renderSignedIn(<ShareButtonAndFlow target={{ directoryId: 'course-1', courseName: 'Zellbiologie' }} />);
    await user.click(await screen.findByTestId('header-share', {}, { timeout: 5_000 }));
    const visibility = await screen.findByTestId('share-visibility', {}, { timeout: 5_000 });
    expect(visibility.textContent).toBe('Öffentlich: Alle mit dem Link können beitreten; gelistet unter „Kurs finden“');
    expect(screen.getByTestId('share-visibility-toggle').textContent).toBe('Privat machen');
    expect(await screen.findByText('Noch ist niemand beigetreten.', {}, { timeout: 5_000 })).toBeTruthy();
  });

  it('runs once when clicked again while the course is being shared', async () => {
    const { server } = serverForNewShare();
    const held = holdCalls('spaces.isDirectoryShared');
    const { user } = renderSignedIn(<ShareButtonAndFlow target={{ directoryId: 'course-1', courseName: 'Cell Biology' }} />);
    const share = await screen.findByTestId('header-share', {}, { timeout: 5_000 });
    await user.click(share);
    await screen.findByTestId('share-dialog-loading', {}, { timeout: 5_000 });
    // The dialog covers the button; a second request (another menu, a quick double click) comes through the flow.
    share.click();
    held.release();
    await screen.findByTestId('share-visibility', {}, { timeout: 5_000 });
    expect(server.of('spaces.isDirectoryShared')).toHaveLength(1);
    expect(server.of('spaces.createSpace')).toHaveLength(1);
    expect(await screen.findByText('Nobody has joined yet.', {}, { timeout: 5_000 })).toBeTruthy();
  });
});
