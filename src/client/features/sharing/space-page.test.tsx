// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { visitedCourseIds } from '../../lib/visited-courses';
import { SpacePage } from './space-page';
import { fakeTrpcServer, renderSignedIn, spaceContent, USER_ID } from './test-kit';

beforeEach(async () => {
  await i18n.changeLanguage('en');
  window.scrollTo = () => undefined;
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const member = spaceContent({
  isOwner: false,
  role: 'viewer',
  membershipId: 'm1',
  files: [
    { fileId: 'file-1', file: { name: 'Mitosis.pdf', extension: 'pdf' }, isVisible: true },
  ],
  access: { canStudy: true, canJoin: false, canAcceptInvitation: false, canEditFiles: false, canManage: false, canLeave: true },
});

describe('the share link page', () => {
  it('shows the course to a member, opens its first file in the shared context and counts as a visit', async () => {
    const space = member;
    fakeTrpcServer({ 'spaces.getSpaceByUuid': () => ({ data: space }) });
    renderSignedIn(<SpacePage uuid={space.uuid} />);
    expect((await screen.findByTestId('space-name', {}, { timeout: 5_000 })).textContent).toBe('Cell Biology');
    expect(screen.getByTestId('space-owner').textContent).toBe('by Olivia Owner');
    expect(screen.getByTestId('space-status').textContent).toBe('You are a member of this course (Can View).');
    expect(screen.getByRole('link', { name: 'Open course' }).getAttribute('href')).toBe(`/summary?uuid=${space.uuid}&id=file-1`);
    await waitFor(() => expect(visitedCourseIds(USER_ID).has(space.id)).toBe(true));
  });

  it('offers Upload files to an editor, into the shared course, and not to a viewer', async () => {
    const editor = spaceContent({ ...member, role: 'editor', access: { ...member.access, canEditFiles: true } });
    fakeTrpcServer({ 'spaces.getSpaceByUuid': () => ({ data: editor }) });
    renderSignedIn(<SpacePage uuid={editor.uuid} />);
    const upload = await screen.findByRole('link', { name: 'Upload files' }, { timeout: 5_000 });
    expect(upload.getAttribute('href')).toBe(`/dashboard/upload?directoryId=course-1&uuid=${editor.uuid}`);
    cleanup();

    fakeTrpcServer({ 'spaces.getSpaceByUuid': () => ({ data: member }) });
    renderSignedIn(<SpacePage uuid={member.uuid} />);
    await screen.findByTestId('space-name', {}, { timeout: 5_000 });
    expect(screen.queryByTestId('space-upload')).toBeNull();
  });

  it('joins a public course and opens it', async () => {
    const space = spaceContent({
      isOwner: false,
      role: 'viewer',
      access: { canStudy: false, canJoin: true, canAcceptInvitation: false, canEditFiles: false, canManage: false, canLeave: false },
    });
    const server = fakeTrpcServer({ 'spaces.getSpaceByUuid': () => ({ data: space }), 'spaces.joinPublicSpace': () => ({ data: { spaceId: space.id } }) });
    const { user, router } = renderSignedIn(<SpacePage uuid={space.uuid} />);
    await user.click(await screen.findByTestId('space-join', {}, { timeout: 5_000 }));
    await waitFor(() => expect(router.state.location.href).toBe(`/summary?uuid=${space.uuid}&id=file-1`));
    expect(server.of('spaces.joinPublicSpace').map((call) => call.input)).toEqual([{ uuid: space.uuid }]);
  });

  it('says plainly that a course is not available, whatever the reason', async () => {
    fakeTrpcServer({
      'spaces.getSpaceByUuid': () => ({ error: { message: 'Shared course not found', code: 'NOT_FOUND', status: 404 } }),
    });
    renderSignedIn(<SpacePage uuid="33333333-3333-4333-8333-333333333333" />);
    const notice = await screen.findByTestId('space-not-found', {}, { timeout: 5_000 });
    expect(within(notice).getByText('This course isn’t available')).toBeTruthy();
    expect(within(notice).getByRole('link', { name: 'Find a course' }).getAttribute('href')).toBe('/courses');
  });

  it("leaves a course after its name is typed: 'Removed from shared course', or the failure", async () => {
    let refuse = true;
    const server = fakeTrpcServer({
      'spaces.getSpaceByUuid': () => ({ data: member }),
      'spaces.leaveSpace': () => (refuse ? { error: { message: 'Boom', code: 'INTERNAL_SERVER_ERROR', status: 500 } } : { data: { success: true } }),
    });
    const { user, router } = renderSignedIn(<SpacePage uuid={member.uuid} />);
    await user.click(await screen.findByTestId('leave-course', {}, { timeout: 5_000 }));
    const dialog = screen.getByRole('alertdialog');
    const confirm = within(dialog).getByRole('button', { name: 'Leave course' }) as HTMLButtonElement;
    await user.type(within(dialog).getByRole('textbox'), 'cell biology');
    expect(confirm.disabled).toBe(true);
    await user.clear(within(dialog).getByRole('textbox'));
    await user.type(within(dialog).getByRole('textbox'), 'Cell Biology');
    await user.click(confirm);
    expect(await screen.findByText('Failed to remove access')).toBeTruthy();
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    refuse = false;
    await user.click(confirm);
    expect(await screen.findByText('Removed from shared course')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(server.of('spaces.leaveSpace').map((call) => call.input)).toEqual([{ spaceId: member.id }, { spaceId: member.id }]);
  });
});
