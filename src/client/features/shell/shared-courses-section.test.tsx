// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyInvitation, Role, SharedCourseWithFiles, SpaceSummary } from '../../../shared/sharing';
import { i18n } from '../../lib/i18n';
import { markCourseVisited } from '../../lib/visited-courses';
import { fakeTrpcServer, type Answer } from '../../test/fake-trpc-server';
import { renderSignedIn, USER_ID } from '../../test/render-signed-in';
import { useSharedCourses } from './shared-courses';
import { SharedCoursesSection } from './shared-courses-section';

beforeEach(async () => {
  await i18n.changeLanguage('en');
  window.scrollTo = () => undefined;
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const course = (id: string, files: SharedCourseWithFiles['files'] = []): SharedCourseWithFiles => ({
  id,
  uuid: `uuid-${id}`,
  name: `Course ${id}`,
  membershipId: `m-${id}`,
  files,
  createdAt: '2026-01-01T00:00:00.000Z',
});

function Section() {
  return <SharedCoursesSection courses={useSharedCourses()} />;
}

function renderSection(courses: SharedCourseWithFiles[], invitations: MyInvitation[] = []) {
  const server = fakeTrpcServer({
    'spaces.getAllSharedCoursesWithFiles': () => ({ data: courses }),
    'spaces.getMyInvitations': () => ({ data: invitations }),
    'spaces.acceptInvitation': () => ({ data: { spaceId: 's1' } }),
  });
  return { server, ...renderSignedIn(<Section />) };
}

describe('Shared Courses section', () => {
  it('counts the courses this user has not opened yet, per user, and updates when one is opened', async () => {
    localStorage.setItem(`studypath.visitedSharedCourses.${USER_ID}`, JSON.stringify(['a']));
    localStorage.setItem('studypath.visitedSharedCourses.someone-else', JSON.stringify(['b', 'c']));
    renderSection([course('a', [{ id: 'f1', name: 'Mitosis.pdf', extension: 'pdf' }]), course('b'), course('c')]);
    const badge = await screen.findByTestId('shared-courses-badge', {}, { timeout: 5_000 });
    expect(badge.textContent).toBe('22 new courses');
    act(() => markCourseVisited(USER_ID, 'b'));
    expect(screen.getByTestId('shared-courses-badge').textContent).toBe('11 new course');
    act(() => markCourseVisited(USER_ID, 'c'));
    expect(screen.queryByTestId('shared-courses-badge')).toBeNull();

    const list = screen.getByTestId('shared-courses-list');
    expect(within(list).getByRole('link', { name: 'New courses' }).getAttribute('href')).toBe('/courses');
    expect(within(list).getByRole('link', { name: 'Mitosis.pdf' }).getAttribute('href')).toBe('/summary?uuid=uuid-a&id=f1');
  });

  it("says 'No shared courses yet' and offers 'Find a course'", async () => {
    const { server } = renderSection([]);
    await waitFor(() => expect(server.of('spaces.getAllSharedCoursesWithFiles')).toHaveLength(1));
    const empty = await screen.findByTestId('shared-courses-empty');
    expect(within(empty).getByText('No shared courses yet')).toBeTruthy();
    expect(within(empty).getByRole('link', { name: 'Find a course' }).getAttribute('href')).toBe('/courses');
    expect(screen.queryByTestId('shared-courses-badge')).toBeNull();
  });

  it('accepts a pending invitation in place', async () => {
    const invitation: MyInvitation = {
      id: 'inv-1',
      spaceId: 's1',
      uuid: 'uuid-s1',
      spaceName: 'Organic Chemistry',
      ownerName: 'Olivia',
      role: 'editor',
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    const { server, user, router } = renderSection([], [invitation]);
    const invitations = await screen.findByTestId('shared-invitations', {}, { timeout: 5_000 });
    expect(invitations.textContent).toContain('Organic Chemistry');
    await user.click(within(invitations).getByRole('button', { name: 'Accept the invitation to Organic Chemistry' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/space/uuid-s1'));
    expect(server.of('spaces.acceptInvitation').map((call) => call.input)).toEqual([{ invitationId: 'inv-1' }]);
  });
});

/** The caller's membership of course `id` (spaces.getUserSpaces), with its role and the course's own id. */
const membership = (id: string, role: Role): SpaceSummary => ({
  id,
  uuid: `uuid-${id}`,
  name: `Course ${id}`,
  description: '',
  tags: [],
  visibility: 'private',
  isOwner: false,
  hasGeneratedDescription: false,
  membershipId: `m-${id}`,
  role,
  directoryId: `dir-${id}`,
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('an editor’s actions on a shared course', () => {
  function renderRoles(rename: (input: Record<string, unknown>) => Answer = () => ({ data: { id: 'f1', name: 'Genes.pdf' } })) {
    const server = fakeTrpcServer({
      'spaces.getAllSharedCoursesWithFiles': () => ({
        data: [course('e', [{ id: 'f1', name: 'Mitosis.pdf', extension: 'pdf' }]), course('v', [{ id: 'f2', name: 'Meiosis.pdf', extension: 'pdf' }])],
      }),
      'spaces.getMyInvitations': () => ({ data: [] }),
      'spaces.getUserSpaces': () => ({ data: { owned: [], member: [membership('e', 'editor'), membership('v', 'viewer')] } }),
      'file.renameFile': rename,
    });
    return { server, ...renderSignedIn(<Section />) };
  }

  it('offers an editor Upload files and Rename, and a viewer neither', async () => {
    renderRoles();
    const upload = await screen.findByRole('link', { name: 'Upload files to Course e' }, { timeout: 5_000 });
    expect(upload.getAttribute('href')).toBe('/dashboard/upload?directoryId=dir-e&uuid=uuid-e');
    expect(screen.getByRole('button', { name: 'Rename Mitosis.pdf' })).toBeTruthy();
    expect(screen.getAllByTestId('shared-course-upload')).toHaveLength(1);
    expect(screen.getAllByTestId('shared-file-rename')).toHaveLength(1);
    expect(screen.queryByRole('link', { name: 'Upload files to Course v' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Rename Meiosis.pdf' })).toBeNull();
  });

  it('renames the file through the space with the owner’s dialog and messages, then refreshes the list', async () => {
    const { server, user } = renderRoles();
    await user.click(await screen.findByRole('button', { name: 'Rename Mitosis.pdf' }, { timeout: 5_000 }));
    const dialog = await screen.findByTestId('rename-dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Rename file');
    const input = within(dialog).getByTestId('rename-input');
    await user.clear(input);
    expect(within(dialog).getByTestId('rename-submit')).toHaveProperty('disabled', true);
    await user.type(input, '  Genes.pdf ');
    const listsBefore = server.of('spaces.getAllSharedCoursesWithFiles').length;
    await user.click(within(dialog).getByTestId('rename-submit'));
    await waitFor(() => expect(server.of('file.renameFile').map((call) => call.input)).toEqual([{ fileId: 'f1', newName: 'Genes.pdf', uuid: 'uuid-e', id: 'f1' }]));
    expect(await screen.findByText('File renamed successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('rename-dialog')).toBeNull());
    await waitFor(() => expect(server.of('spaces.getAllSharedCoursesWithFiles').length).toBeGreaterThan(listsBefore));
  });

  it('shows the server’s refusal in the reader’s words', async () => {
    const { user } = renderRoles(() => ({
      error: {
        message: 'You have read-only access to this course. Only editors can upload or rename files.',
        code: 'FORBIDDEN',
        status: 403,
        messageKey: 'sharedReadOnly',
      },
    }));
    await user.click(await screen.findByRole('button', { name: 'Rename Mitosis.pdf' }, { timeout: 5_000 }));
    const input = within(await screen.findByTestId('rename-dialog')).getByTestId('rename-input');
    await user.clear(input);
    await user.type(input, 'Genes.pdf');
    await user.click(screen.getByTestId('rename-submit'));
    expect(await screen.findByText('You have read-only access to this course. Only editors can upload or rename files.')).toBeTruthy();
  });
});
