// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyInvitation, SharedCourseWithFiles } from '../../../shared/sharing';
import { i18n } from '../../lib/i18n';
import { markCourseVisited } from '../../lib/visited-courses';
import { fakeTrpcServer } from '../../test/fake-trpc-server';
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
