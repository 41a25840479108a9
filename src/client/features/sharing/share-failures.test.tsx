// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import type { Answer, Handlers } from '../../test/fake-trpc-server';
import { fakeTrpcServer, memberEntry, openShareDialog, renderSignedIn, ShareButtonAndFlow, spaceContent } from './test-kit';

/**
 * Spec §8 "Sharing": every failure toast shows the server's message when it sent one the client can translate, and
 * the spec's fallback when it did not (a 500 or no answer at all). After a failure nothing the person did is lost.
 */

beforeEach(async () => {
  await i18n.changeLanguage('en');
  window.scrollTo = () => undefined;
});

afterEach(async () => {
  cleanup();
  // Sonner keeps its toasts across renders and replays the active ones to the next Toaster: start each test clean.
  toast.dismiss();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

/** A 500 exactly as the server's error formatter sends one: the generic message under the key 'internal'. */
const internalError = (): Answer => ({
  error: { message: 'Something went wrong. Please try again.', code: 'INTERNAL_SERVER_ERROR', status: 500, messageKey: 'internal' },
});

/** A refusal as the server sends an AppError: its English message, its code and the key the client translates. */
const refusal = (code: string, status: number, messageKey: string, message: string, messageParams?: Record<string, unknown>): Answer => ({
  error: { message, code, status, messageKey, ...(messageParams ? { messageParams } : {}) },
});

/** No answer at all: the request for `procedure` fails in the network (install after fakeTrpcServer). */
function dropCalls(procedure: string) {
  const stubbed = globalThis.fetch;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.includes(procedure)) throw new TypeError('Failed to fetch');
    return stubbed(input, init);
  };
}

type NoMessage = 'a 500' | 'a network failure';
const noMessageCases: NoMessage[] = ['a 500', 'a network failure'];

/** Makes `procedure` fail without a usable message, as `how` says; `handlers` answer the rest. */
function failing(how: NoMessage, procedure: string): Handlers {
  return how === 'a 500' ? { [procedure]: internalError } : {};
}
function afterServer(how: NoMessage, procedure: string) {
  if (how === 'a network failure') dropCalls(procedure);
}

/** The texts of the error toasts on screen. */
const errorToasts = () => [...document.querySelectorAll('[data-sonner-toast][data-type="error"]')].map((toast) => toast.textContent ?? '');
async function expectErrorToast(text: string) {
  await waitFor(() => expect(errorToasts()).toEqual(expect.arrayContaining([text])), { timeout: 3_000, onTimeout: (error) => error });
}
const successToasts = () => [...document.querySelectorAll('[data-sonner-toast][data-type="success"]')].map((toast) => toast.textContent ?? '');

const button = (testId: string) => screen.getByTestId(testId) as HTMLButtonElement;
const field = (testId: string) => screen.getByTestId(testId) as HTMLInputElement | HTMLTextAreaElement;
const tagList = () => within(screen.getByTestId('tag-list')).getAllByRole('listitem').map((item) => item.textContent);

describe.each(noMessageCases)('with %s, the spec fallback is shown and nothing is lost', (how) => {
  it("Course Details save: 'Failed to update course details', the edits stay", async () => {
    const { server, user } = openShareDialog({ tab: 'details', handlers: failing(how, 'spaces.updateSpace') });
    afterServer(how, 'spaces.updateSpace');
    const description = (await screen.findByTestId('details-description', {}, { timeout: 5_000 })) as HTMLTextAreaElement;
    await user.clear(description);
    await user.type(description, 'Mitosis.');
    await user.type(field('details-tag-input'), 'Genetics{Enter}');
    await user.click(button('details-save'));
    await expectErrorToast('Failed to update course details');
    expect(description.value).toBe('Mitosis.');
    expect(tagList()).toEqual(['Biology', 'Genetics']);
    expect(screen.getByRole('button', { name: 'Discard changes' })).toBeTruthy();
    await waitFor(() => expect(button('details-save').disabled).toBe(false));
    expect(successToasts()).not.toContain('Course details updated successfully!');
    if (how === 'a 500') {
      expect(server.of('spaces.updateSpace').map((call) => call.input)).toMatchObject([
        { description: 'Mitosis.', tags: ['Biology', 'Genetics'] },
      ]);
    }
  });

  it("Regenerate: 'Failed to generate content', the description being edited stays", async () => {
    const { user } = openShareDialog({ tab: 'details', handlers: failing(how, 'spaces.generateDescriptionAndTags') });
    afterServer(how, 'spaces.generateDescriptionAndTags');
    const description = (await screen.findByTestId('details-description', {}, { timeout: 5_000 })) as HTMLTextAreaElement;
    await user.type(description, ' And why.');
    await user.click(button('details-regenerate'));
    await expectErrorToast('Failed to generate content');
    expect(description.value).toBe('How cells work. And why.');
    expect(tagList()).toEqual(['Biology']);
    await waitFor(() => expect(button('details-regenerate').disabled).toBe(false));
    expect(description.readOnly).toBe(false);
    expect(button('details-regenerate').textContent).toBe('Regenerate');
  });

  it("Revoke access: 'Failed to revoke access', the member and the typed confirmation stay", async () => {
    const { user } = openShareDialog({ members: [memberEntry('a', true)], handlers: failing(how, 'spaces.removeMember') });
    afterServer(how, 'spaces.removeMember');
    await user.click(await screen.findByTestId('member-revoke', {}, { timeout: 5_000 }));
    const dialog = screen.getByRole('alertdialog');
    await user.type(within(dialog).getByRole('textbox'), 'REVOKE ACCESS');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke access' }));
    await expectErrorToast('Failed to revoke access');
    // The dialog stays open to retry, with what was typed.
    const confirm = within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Revoke access' }) as HTMLButtonElement;
    await waitFor(() => expect(confirm.disabled).toBe(false));
    expect((within(screen.getByRole('alertdialog')).getByRole('textbox') as HTMLInputElement).value).toBe('REVOKE ACCESS');
    expect(screen.getAllByTestId('member-row').map((row) => row.textContent)).toEqual([expect.stringContaining('Member a')]);
  });

  it("Make Private: 'Failed to update sharing settings', the course stays public", async () => {
    const { user } = openShareDialog({ handlers: failing(how, 'spaces.updateSpace') });
    afterServer(how, 'spaces.updateSpace');
    // Nobody joined by the link, so no typed confirmation is asked.
    await screen.findByText('Nobody has joined yet.', {}, { timeout: 5_000 });
    await user.click(button('share-visibility-toggle'));
    await expectErrorToast('Failed to update sharing settings');
    expect(screen.getByTestId('share-visibility').textContent).toBe('Public: anyone with the link can join; listed in Find a course');
    await waitFor(() => expect(button('share-visibility-toggle').disabled).toBe(false));
    expect(button('share-visibility-toggle').textContent).toBe('Make Private');
  });

  it("Make Public: 'Failed to update sharing settings', the course stays private", async () => {
    const { user } = openShareDialog({ space: spaceContent({ visibility: 'private' }), handlers: failing(how, 'spaces.updateSpace') });
    afterServer(how, 'spaces.updateSpace');
    await user.click(await screen.findByTestId('share-visibility-toggle', {}, { timeout: 5_000 }));
    await expectErrorToast('Failed to update sharing settings');
    expect(screen.getByTestId('share-visibility').textContent).toBe('Private');
    await waitFor(() => expect(button('share-visibility-toggle').disabled).toBe(false));
    expect(button('share-visibility-toggle').textContent).toBe('Make Public');
  });

  it("Invite: 'Failed to invite user', the address and role stay", async () => {
    const { user } = openShareDialog({ handlers: failing(how, 'spaces.addMember') });
    afterServer(how, 'spaces.addMember');
    const email = (await screen.findByTestId('invite-email', {}, { timeout: 5_000 })) as HTMLInputElement;
    await user.selectOptions(screen.getByTestId('invite-role'), 'Can Edit');
    await user.type(email, 'grace@example.com');
    await user.click(button('invite-submit'));
    await expectErrorToast('Failed to invite user');
    expect(email.value).toBe('grace@example.com');
    expect((screen.getByTestId('invite-role') as HTMLSelectElement).value).toBe('editor');
    await waitFor(() => expect(button('invite-submit').disabled).toBe(false));
    expect(screen.queryByTestId('invite-error')).toBeNull();
  });

  it("Content visibility: 'Failed to update content visibility', the switch goes back", async () => {
    const space = spaceContent({
      files: [
        { fileId: 'file-1', file: { name: 'Mitosis.pdf', extension: 'pdf' }, isVisible: true },
        { fileId: 'file-2', file: { name: 'Meiosis.pdf', extension: 'pdf' }, isVisible: false },
      ],
    });
    const { user } = openShareDialog({ tab: 'content', space, handlers: failing(how, 'spaces.toggleContentVisibility') });
    afterServer(how, 'spaces.toggleContentVisibility');
    const switches = await screen.findAllByTestId('content-switch', {}, { timeout: 5_000 });
    await user.click(switches[1] as HTMLElement);
    await expectErrorToast('Failed to update content visibility');
    expect(screen.getAllByTestId('content-switch').map((item) => item.getAttribute('aria-checked'))).toEqual(['true', 'false']);
  });

  it("Share button: 'Failed to share course' when the check fails, and the dialog closes again", async () => {
    const server = fakeTrpcServer({ 'spaces.createSpace': () => ({ data: { id: 's1', uuid: 'u1' } }), ...failing(how, 'spaces.isDirectoryShared') });
    afterServer(how, 'spaces.isDirectoryShared');
    const { user } = renderSignedIn(<ShareButtonAndFlow target={{ directoryId: 'course-1', courseName: 'Cell Biology' }} />);
    await user.click(await screen.findByTestId('header-share', {}, { timeout: 5_000 }));
    await expectErrorToast('Failed to share course');
    await waitFor(() => expect(screen.queryByTestId('share-dialog')).toBeNull());
    expect(server.of('spaces.createSpace')).toHaveLength(0);
    expect(screen.queryByTestId('share-dialog')).toBeNull();
  });

  it("Share button: 'Failed to share course' when making the space fails, and the dialog closes again", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    const server = fakeTrpcServer({
      'spaces.isDirectoryShared': () => ({ data: { isShared: false, spaceInfo: null } }),
      ...failing(how, 'spaces.createSpace'),
    });
    afterServer(how, 'spaces.createSpace');
    const { user } = renderSignedIn(<ShareButtonAndFlow target={{ directoryId: 'course-1', courseName: 'Cell Biology' }} />);
    vi.spyOn(navigator.clipboard, 'writeText').mockImplementation(writeText);
    await user.click(await screen.findByTestId('header-share', {}, { timeout: 5_000 }));
    await expectErrorToast('Failed to share course');
    await waitFor(() => expect(screen.queryByTestId('share-dialog')).toBeNull());
    if (how === 'a 500') expect(server.of('spaces.createSpace')).toHaveLength(1);
    expect(successToasts()).not.toContain('Course shared successfully!');
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.queryByTestId('share-dialog')).toBeNull();
  });
});

describe('refusals with a server message show that message instead of the fallback', () => {
  it('Course Details save: the translated limit, and the edits stay', async () => {
    const { user } = openShareDialog({
      tab: 'details',
      handlers: {
        'spaces.updateSpace': () =>
          refusal('BAD_REQUEST', 400, 'spaceDescriptionTooLong', 'The description may have at most 2000 characters.', { max: 2000 }),
      },
    });
    const description = (await screen.findByTestId('details-description', {}, { timeout: 5_000 })) as HTMLTextAreaElement;
    await user.type(description, ' More.');
    await user.click(button('details-save'));
    // The client's translation (with its number formatting), not the server's English text.
    await expectErrorToast('The description may have at most 2,000 characters.');
    expect(errorToasts()).not.toContain('Failed to update course details');
    expect(description.value).toBe('How cells work. More.');
  });

  it('Regenerate: the server says why', async () => {
    const { user } = openShareDialog({
      tab: 'details',
      handlers: { 'spaces.generateDescriptionAndTags': () => refusal('UNAUTHORIZED', 401, 'generateSignedOut', 'You must be logged in to generate content') },
    });
    await user.click(await screen.findByTestId('details-regenerate', {}, { timeout: 5_000 }));
    await expectErrorToast('You must be logged in to generate content');
    expect(errorToasts()).not.toContain('Failed to generate content');
    expect(field('details-description').value).toBe('How cells work.');
  });

  it('Revoke access: the member is gone already', async () => {
    const { user } = openShareDialog({
      members: [memberEntry('a', true)],
      handlers: { 'spaces.removeMember': () => refusal('NOT_FOUND', 404, 'spaceMemberNotFound', 'Member not found. Try to refresh the page.') },
    });
    await user.click(await screen.findByTestId('member-revoke', {}, { timeout: 5_000 }));
    await user.type(within(screen.getByRole('alertdialog')).getByRole('textbox'), 'REVOKE ACCESS');
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Revoke access' }));
    await expectErrorToast('Member not found. Try to refresh the page.');
    expect(errorToasts()).not.toContain('Failed to revoke access');
  });

  it("Make Private: the server's count of link members, with the typed confirmation kept to retry", async () => {
    const { user } = openShareDialog({
      members: [memberEntry('a', false)],
      handlers: {
        'spaces.updateSpace': () =>
          refusal('BAD_REQUEST', 400, 'spaceConfirmMakePrivate', '2 people joined through the public link and will lose access. Type MAKE PRIVATE to confirm.', {
            count: 2,
          }),
      },
    });
    await screen.findAllByTestId('member-row', {}, { timeout: 5_000 });
    await user.click(button('share-visibility-toggle'));
    await user.type(within(screen.getByRole('alertdialog')).getByRole('textbox'), 'MAKE PRIVATE');
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Make Private' }));
    await expectErrorToast('2 people joined through the public link and will lose access. Type MAKE PRIVATE to confirm.');
    expect(errorToasts()).not.toContain('Failed to update sharing settings');
    const dialog = screen.getByRole('alertdialog');
    expect((within(dialog).getByRole('textbox') as HTMLInputElement).value).toBe('MAKE PRIVATE');
    await waitFor(() => expect((within(dialog).getByRole('button', { name: 'Make Private' }) as HTMLButtonElement).disabled).toBe(false));
    expect(screen.getByTestId('share-visibility').textContent).toBe('Public: anyone with the link can join; listed in Find a course');
  });

  it('Invite: the invitation limit, in the reader’s language', async () => {
    await i18n.changeLanguage('de');
    const { user } = openShareDialog({
      handlers: { 'spaces.addMember': () => refusal('BAD_REQUEST', 400, 'inviteLimitReached', 'This course has reached the limit of 500 invitations.', { max: 500 }) },
    });
    const email = (await screen.findByTestId('invite-email', {}, { timeout: 5_000 })) as HTMLInputElement;
    await user.type(email, 'olivia@example.com');
    await user.click(button('invite-submit'));
    await expectErrorToast('Dieser Kurs hat die Grenze von 500 Einladungen erreicht.');
    expect(errorToasts()).not.toContain(i18n.t('sharing:toast.inviteFailed'));
    expect(email.value).toBe('olivia@example.com');
  });

  it('Content visibility: the last visible file, with the switch put back', async () => {
    const { user } = openShareDialog({
      tab: 'content',
      handlers: {
        'spaces.toggleContentVisibility': () =>
          refusal('BAD_REQUEST', 400, 'spaceLastVisibleFile', 'At least one file must remain visible in the shared course!'),
      },
    });
    const switches = await screen.findAllByTestId('content-switch', {}, { timeout: 5_000 });
    await user.click(switches[0] as HTMLElement);
    await user.type(within(screen.getByRole('alertdialog')).getByRole('textbox'), 'HIDE FILE');
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Hide file' }));
    await expectErrorToast('At least one file must remain visible in the shared course!');
    expect(errorToasts()).not.toContain('Failed to update content visibility');
    expect(screen.getAllByTestId('content-switch').map((item) => item.getAttribute('aria-checked'))).toEqual(['true', 'true']);
  });

  it('Share button: the course is gone', async () => {
    fakeTrpcServer({
      'spaces.isDirectoryShared': () => ({ data: { isShared: false, spaceInfo: null } }),
      'spaces.createSpace': () => refusal('NOT_FOUND', 404, 'courseNotFound', 'Course not found. Try to refresh the page.'),
    });
    const { user } = renderSignedIn(<ShareButtonAndFlow target={{ directoryId: 'course-1', courseName: 'Cell Biology' }} />);
    await user.click(await screen.findByTestId('header-share', {}, { timeout: 5_000 }));
    await expectErrorToast('Course not found. Try to refresh the page.');
    expect(errorToasts()).not.toContain('Failed to share course');
    await waitFor(() => expect(screen.queryByTestId('share-dialog')).toBeNull());
  });
});

describe('failures without a server', () => {
  it("Copy: 'Failed to copy link' when the browser refuses, and no 'copied' hint", async () => {
    const { user } = openShareDialog();
    const copy = await screen.findByTestId('share-copy-link', {}, { timeout: 5_000 });
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Write permission denied.', 'NotAllowedError'));
    await user.click(copy);
    await expectErrorToast('Failed to copy link');
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/space/${spaceContent().uuid}`);
    expect(screen.getByTestId('share-copy-hint').textContent).toBe('');
    expect(successToasts()).not.toContain('Link copied to clipboard!');
  });

  it("Share button: 'Failed to copy link' when the new space's link cannot be copied, and the dialog still opens", async () => {
    const space = spaceContent({ hasGeneratedDescription: true });
    fakeTrpcServer({
      'spaces.isDirectoryShared': () => ({ data: { isShared: true, spaceInfo: { id: space.id, uuid: space.uuid, visibility: 'public', isOwner: true } } }),
      'spaces.getSpaceContent': () => ({ data: space }),
      'spaces.getInvitations': () => ({ data: [] }),
      'spaces.getMembers': () => ({ data: [] }),
    });
    const { user } = renderSignedIn(<ShareButtonAndFlow target={{ directoryId: 'course-1', courseName: 'Cell Biology' }} />);
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Write permission denied.', 'NotAllowedError'));
    await user.click(await screen.findByTestId('header-share', {}, { timeout: 5_000 }));
    await expectErrorToast('Failed to copy link');
    expect(await screen.findByTestId('share-dialog', {}, { timeout: 5_000 })).toBeTruthy();
    expect(successToasts()).not.toContain('Share link copied to clipboard!');
    // Let the dialog's own requests finish before the next test stubs the network.
    expect(await screen.findByText('No invitations sent yet.', {}, { timeout: 5_000 })).toBeTruthy();
    expect(await screen.findByText('Nobody has joined yet.', {}, { timeout: 5_000 })).toBeTruthy();
  });

  it("Share button without a course: 'Please select a course to share', and nothing is asked of the server", async () => {
    const server = fakeTrpcServer({});
    const { user } = renderSignedIn(<ShareButtonAndFlow target={null} />);
    await user.click(await screen.findByTestId('header-share', {}, { timeout: 5_000 }));
    await expectErrorToast('Please select a course to share');
    expect(server.calls).toEqual([]);
    expect(screen.queryByTestId('share-dialog')).toBeNull();
  });
});
