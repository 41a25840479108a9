// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InvitationEntry } from '../../../shared/sharing';
import { i18n } from '../../lib/i18n';
import { holdCalls, memberEntry, openShareDialog, spaceContent, USER_ID } from './test-kit';

beforeEach(async () => {
  await i18n.changeLanguage('en');
  window.scrollTo = () => undefined;
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const invitation = (email: string, status: InvitationEntry['status'] = 'pending'): InvitationEntry => ({
  id: `inv-${email}`,
  email,
  role: 'viewer',
  status,
  createdAt: '2026-01-02T00:00:00.000Z',
});

const button = (testId: string) => screen.getByTestId(testId) as HTMLButtonElement;
const alertDialog = () => screen.getByRole('alertdialog');

describe('Share Settings: inviting', () => {
  it('keeps Invite disabled while blank, asks for an address, and refuses one already invited in any case', async () => {
    const { server, user } = openShareDialog({ invitations: [invitation('Ada@Example.com')] });
    const email = await screen.findByTestId('invite-email', {}, { timeout: 5_000 });
    expect(button('invite-submit').disabled).toBe(true);

    await user.type(email, '   ');
    expect(button('invite-submit').disabled).toBe(false);
    await user.click(button('invite-submit'));
    expect(screen.getByTestId('invite-error').textContent).toBe('Please enter an email address');

    await user.clear(email);
    expect(button('invite-submit').disabled).toBe(true);
    expect(screen.getByTestId('invite-error').textContent).toBe('Please enter an email address');

    await user.type(email, ' ADA@example.COM ');
    await user.click(button('invite-submit'));
    expect(screen.getByTestId('invite-error').textContent).toBe('This email has already been invited');
    expect(server.of('spaces.addMember')).toHaveLength(0);
  });

  it('invites with the chosen role, disabled while the request is pending, then clears the form', async () => {
    const { server, space, user } = openShareDialog({ handlers: { 'spaces.addMember': () => ({ data: { id: 'inv-new' } }) } });
    const email = await screen.findByTestId('invite-email', {}, { timeout: 5_000 });
    expect((screen.getByTestId('invite-role') as HTMLSelectElement).value).toBe('viewer');
    expect(screen.getByRole('option', { name: 'Can View' })).toBeTruthy();
    await user.selectOptions(screen.getByTestId('invite-role'), 'Can Edit');
    await user.type(email, ' Grace@Example.com ');
    const held = holdCalls('spaces.addMember');
    await user.click(button('invite-submit'));
    await waitFor(() => expect(button('invite-submit').disabled).toBe(true));
    held.release();
    expect(await screen.findByText('Invitation sent successfully!')).toBeTruthy();
    expect(server.of('spaces.addMember').map((call) => call.input)).toEqual([
      { spaceId: space.id, uuid: space.uuid, email: 'Grace@Example.com', role: 'editor' },
    ]);
    expect((email as HTMLInputElement).value).toBe('');
    expect(button('invite-submit').disabled).toBe(true);
  });

  it('lists invitations with their status, or says there are none', async () => {
    openShareDialog({ invitations: [invitation('ada@example.com'), invitation('grace@example.com', 'accepted')] });
    const rows = await screen.findAllByTestId('invitation-row', {}, { timeout: 5_000 });
    expect(rows.map((row) => row.textContent)).toEqual(['ada@example.comCan ViewPending', 'grace@example.comCan ViewAccepted']);
    cleanup();
    vi.unstubAllGlobals();
    openShareDialog();
    expect(await screen.findByText('No invitations sent yet.', {}, { timeout: 5_000 })).toBeTruthy();
  });
});

describe('Share Settings: typed confirmations', () => {
  it("asks for 'MAKE PRIVATE' when members joined through the public link", async () => {
    const { server, space, user } = openShareDialog({
      members: [memberEntry('a', false), memberEntry('b', true)],
      handlers: { 'spaces.updateSpace': () => ({ data: { visibility: 'private' } }) },
    });
    await screen.findAllByTestId('member-row', {}, { timeout: 5_000 });
    await user.click(button('share-visibility-toggle'));
    const dialog = alertDialog();
    expect(within(dialog).getByText('Make this course private?')).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: 'Make Private' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await user.type(within(dialog).getByRole('textbox'), 'make private');
    expect(confirm.disabled).toBe(true);
    expect(server.of('spaces.updateSpace')).toHaveLength(0);
    await user.clear(within(dialog).getByRole('textbox'));
    await user.type(within(dialog).getByRole('textbox'), 'MAKE PRIVATE');
    await user.click(confirm);
    expect(await screen.findByText('Sharing settings updated successfully!')).toBeTruthy();
    expect(server.of('spaces.updateSpace').map((call) => call.input)).toEqual([
      { id: space.id, uuid: space.uuid, visibility: 'private', confirm: 'MAKE PRIVATE' },
    ]);
  });

  it('makes a course private at once when nobody joined through the link', async () => {
    const { server, user } = openShareDialog({
      members: [memberEntry('b', true)],
      handlers: { 'spaces.updateSpace': () => ({ data: { visibility: 'private' } }) },
    });
    await screen.findAllByTestId('member-row', {}, { timeout: 5_000 });
    await user.click(button('share-visibility-toggle'));
    await waitFor(() => expect(server.of('spaces.updateSpace')).toHaveLength(1));
    // Sonner's toasts outlive a test's render, so the previous test's toast may still be listed.
    expect((await screen.findAllByText('Sharing settings updated successfully!')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(server.of('spaces.updateSpace')[0]?.input).toMatchObject({ visibility: 'private' });
  });

  it("revokes a member's access after 'REVOKE ACCESS' is typed", async () => {
    const { server, space, user } = openShareDialog({
      members: [memberEntry('a', true)],
      handlers: { 'spaces.removeMember': () => ({ data: { success: true } }) },
    });
    await user.click(await screen.findByTestId('member-revoke', {}, { timeout: 5_000 }));
    const dialog = alertDialog();
    const confirm = within(dialog).getByRole('button', { name: 'Revoke access' }) as HTMLButtonElement;
    await user.type(within(dialog).getByRole('textbox'), 'REVOKE');
    expect(confirm.disabled).toBe(true);
    await user.type(within(dialog).getByRole('textbox'), ' ACCESS');
    await user.click(confirm);
    expect(await screen.findByText('Access revoked successfully')).toBeTruthy();
    expect(server.of('spaces.removeMember').map((call) => call.input)).toEqual([{ spaceId: space.id, memberId: 'a' }]);
  });
});

describe('Share Settings: the link', () => {
  it('copies the link and clears the hint after 5 s', async () => {
    const { space, user } = openShareDialog();
    const copy = await screen.findByTestId('share-copy-link', {}, { timeout: 5_000 });
    vi.useFakeTimers();
    fireEvent.click(copy);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByTestId('share-copy-hint').textContent).toBe('Link copied to clipboard!');
    await act(() => vi.advanceTimersByTimeAsync(4_999));
    expect(screen.getByTestId('share-copy-hint').textContent).toBe('Link copied to clipboard!');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByTestId('share-copy-hint').textContent).toBe('');
    vi.useRealTimers();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/space/${space.uuid}`);
    void user;
  });
});

describe('Course Details', () => {
  it('appends the generated description chunk by chunk, 50 ms apart, then takes the tags', async () => {
    const { server } = openShareDialog({
      tab: 'details',
      handlers: {
        'spaces.generateDescriptionAndTags': () => ({ data: { chunks: ['Cells ', 'divide ', 'and grow.'], tags: ['Biology', 'Science'] } }),
      },
    });
    const regenerate = await screen.findByTestId('details-regenerate', {}, { timeout: 5_000 });
    const description = screen.getByTestId('details-description') as HTMLTextAreaElement;
    expect(description.value).toBe('How cells work.');
    // Only the timers the page schedules; the fake network's own promises and streams keep running.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(regenerate);
    // The answer arrives through real I/O and the clients' own zero-delay timers (1 ms on Node's clock).
    for (let step = 0; step < 100 && description.value !== 'Cells '; step++) {
      await act(async () => {
        await new Promise((resolve) => setImmediate(resolve));
        await vi.advanceTimersByTimeAsync(1);
      });
    }
    expect(description.value).toBe('Cells ');
    await act(() => vi.advanceTimersByTimeAsync(49));
    expect(description.value).toBe('Cells ');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(description.value).toBe('Cells divide ');
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(description.value).toBe('Cells divide and grow.');
    await act(() => vi.advanceTimersByTimeAsync(100));
    vi.useRealTimers();
    // One generation, one save on the server: one toast, the tags under the description's line (not a stack of two).
    await waitFor(() =>
      expect([...document.querySelectorAll('[data-sonner-toast]')].map((item) => item.textContent).filter((text) => text?.includes('generated'))).toEqual([
        'Description generated successfully!Tags generated successfully!',
      ]),
    );
    expect(within(screen.getByTestId('tag-list')).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Biology', 'Science']);
    expect(server.of('spaces.generateDescriptionAndTags')[0]?.input).toMatchObject({ userId: USER_ID, onlyDescription: false });
  });

  it('generates on its own for a space the Share button just made', async () => {
    const { server } = openShareDialog({
      space: spaceContent({ hasGeneratedDescription: false, description: '' }),
      autoGenerate: true,
      handlers: { 'spaces.generateDescriptionAndTags': () => ({ data: { chunks: ['A course.'], tags: [] } }) },
    });
    const description = (await screen.findByTestId('details-description', {}, { timeout: 5_000 })) as HTMLTextAreaElement;
    await waitFor(() => expect(description.value).toBe('A course.'));
    expect(server.of('spaces.generateDescriptionAndTags')).toHaveLength(1);
  });

  it("suggests the subjects without 'All' and refuses a tag already there", async () => {
    const { user } = openShareDialog({ tab: 'details' });
    const suggestions = await screen.findByTestId('details-suggestions', {}, { timeout: 5_000 });
    const labels = within(suggestions).getAllByRole('button').map((item) => item.textContent);
    expect(labels).toHaveLength(13);
    expect(labels).not.toContain('All');
    expect(labels).not.toContain('Biology');
    expect(labels).toContain('Computer Science');
    expect(suggestions.querySelectorAll('svg')).toHaveLength(13);
    await user.type(screen.getByTestId('details-tag-input'), ' biology {Enter}');
    expect(screen.getByTestId('details-tag-error').textContent).toBe('Tag already exists');
    await user.click(within(suggestions).getByRole('button', { name: 'Math' }));
    expect(within(screen.getByTestId('tag-list')).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Biology', 'Math']);
  });

  it('shows details read-only to members', async () => {
    openShareDialog({ tab: 'details', space: spaceContent({ isOwner: false, role: 'viewer', membershipId: 'm1' }) });
    const details = await screen.findByTestId('details-read-only', {}, { timeout: 5_000 });
    expect(details.textContent).toContain('How cells work.');
    expect(screen.queryByTestId('details-description')).toBeNull();
    expect(screen.queryByTestId('invite-form')).toBeNull();
  });
});

describe('Content Settings', () => {
  it("hides a file at once after 'HIDE FILE' and puts it back when the server refuses", async () => {
    const { server, space, user } = openShareDialog({
      tab: 'content',
      handlers: {
        'spaces.toggleContentVisibility': () => ({ error: { message: 'Failed', code: 'INTERNAL_SERVER_ERROR', status: 500 } }),
      },
    });
    const switches = await screen.findAllByTestId('content-switch', {}, { timeout: 5_000 });
    expect(switches.map((item) => item.getAttribute('aria-checked'))).toEqual(['true', 'true']);
    await user.click(switches[0] as HTMLElement);
    const dialog = alertDialog();
    expect(within(dialog).getByText('Hide file?')).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: 'Hide file' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await user.type(within(dialog).getByRole('textbox'), 'HIDE FILE');
    const held = holdCalls('spaces.toggleContentVisibility');
    await user.click(confirm);
    await waitFor(() => expect(screen.getAllByTestId('content-switch')[0]?.getAttribute('aria-checked')).toBe('false'));
    held.release();
    expect(await screen.findByText('Failed to update content visibility')).toBeTruthy();
    expect(screen.getAllByTestId('content-switch')[0]?.getAttribute('aria-checked')).toBe('true');
    expect(server.of('spaces.toggleContentVisibility').map((call) => call.input)).toEqual([
      { spaceId: space.id, uuid: space.uuid, fileId: 'file-1', isVisible: false },
    ]);
  });

  it('keeps the last visible file visible', async () => {
    const { server, user } = openShareDialog({
      tab: 'content',
      space: spaceContent({
        files: [
          { fileId: 'file-1', file: { name: 'Mitosis.pdf', extension: 'pdf' }, isVisible: true },
          { fileId: 'file-2', file: { name: 'Meiosis.pdf', extension: 'pdf' }, isVisible: false },
        ],
      }),
    });
    const switches = await screen.findAllByTestId('content-switch', {}, { timeout: 5_000 });
    await user.click(switches[0] as HTMLElement);
    expect(await screen.findByText('At least one file must remain visible in the shared course!')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(server.of('spaces.toggleContentVisibility')).toHaveLength(0);
  });

  it('tells members that only the owner manages visibility', async () => {
    openShareDialog({ tab: 'content', space: spaceContent({ isOwner: false, role: 'editor', membershipId: 'm1' }) });
    expect((await screen.findByTestId('content-owner-only', {}, { timeout: 5_000 })).textContent).toBe('Only the course owner can manage content visibility.');
  });

  it('offers the upload for a course without files', async () => {
    openShareDialog({ space: spaceContent({ files: [] }) });
    const empty = await screen.findByTestId('share-no-files', {}, { timeout: 5_000 });
    expect(within(empty).getByText('No files in this course yet')).toBeTruthy();
    expect(within(empty).getByText('Please upload files to this course before you can share it with others.')).toBeTruthy();
    expect(within(empty).getByRole('link', { name: 'Upload Files' }).getAttribute('href')).toBe('/dashboard/upload?directoryId=course-1');
  });
});
