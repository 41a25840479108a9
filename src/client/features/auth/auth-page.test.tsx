// @vitest-environment jsdom
import { createRoute } from '@tanstack/react-router';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { renderRoutes } from '../../test/render-routes';
import { rootRoute } from '../../routes/__root';
import { authRoute } from '../../routes/auth';
import { fakeAuthServer, SIGNED_IN } from './auth-test-server';

await vi.hoisted(async () => (await import('./auth-test-server')).installFetchDelegate());

/** Stand-ins for the app pages a sign-in leads to; only where the router ends up matters here. */
const landingPaths = ['/dashboard', '/leaderboard'].map((path) =>
  createRoute({ getParentRoute: () => rootRoute, path, component: () => null }),
);

function renderAt(url: string) {
  return renderRoutes([authRoute, ...landingPaths], url);
}

async function signIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByTestId('auth-email'), 'lena@example.com');
  await user.type(screen.getByTestId('auth-password'), 'correct horse');
  await user.click(screen.getByTestId('auth-submit'));
}

beforeEach(async () => {
  // jsdom has no layout, so the router's scroll reset would only log "not implemented".
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  await i18n.changeLanguage('en');
});
afterEach(cleanup);
// The page is a chunk of its own (lazyRouteComponent): loaded up front, its import is not counted in the first test's time.
beforeAll(async () => {
  await import('./auth-page');
});

describe('/auth', () => {
  it('continues to a same-site redirect after signing in', async () => {
    fakeAuthServer(() => SIGNED_IN);
    const { router, user } = renderAt('/auth?redirect=%2Fleaderboard');
    await signIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/leaderboard'));
  });

  it('ignores a redirect to another site and opens the dashboard', async () => {
    fakeAuthServer(() => SIGNED_IN);
    const { router, user } = renderAt('/auth?redirect=%2F%2Fevil.example%2Fphish');
    await signIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('sends someone already signed in on to the dashboard', async () => {
    fakeAuthServer(() => SIGNED_IN, { signedIn: true });
    const { router } = renderAt('/auth');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('switches to sign-up and keeps where to go afterwards', async () => {
    const server = fakeAuthServer(() => SIGNED_IN);
    const { router, user } = renderAt('/auth?redirect=%2Fleaderboard');
    await user.click(await screen.findByTestId('auth-mode-sign-up'));
    expect(router.state.location.search).toEqual({ mode: 'sign-up', redirect: '/leaderboard' });
    expect(screen.getByTestId('auth-mode-sign-up').getAttribute('aria-current')).toBe('page');

    await user.type(screen.getByLabelText('Name'), 'Lena Hoffmann');
    await user.type(screen.getByLabelText('Username'), 'lena_h');
    await user.type(screen.getByLabelText('Email'), 'lena@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByTestId('auth-submit'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/leaderboard'));
    expect(server.calls).toMatchObject([
      {
        path: '/sign-up/email',
        body: { name: 'Lena Hoffmann', username: 'lena_h', email: 'lena@example.com', password: 'correct horse' },
      },
    ]);
  });

  it('names a taken username in the alert and puts the cursor in that field', async () => {
    fakeAuthServer(() => ({ status: 400, body: { code: 'USERNAME_IS_ALREADY_TAKEN', message: 'taken' } }));
    const { user } = renderAt('/auth?mode=sign-up');
    await user.type(await screen.findByLabelText('Name'), 'Lena Hoffmann');
    await user.type(screen.getByLabelText('Username'), 'lena_h');
    await user.type(screen.getByLabelText('Email'), 'lena@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByTestId('auth-submit'));
    expect((await screen.findByRole('alert')).textContent).toBe('This username is already taken. Please choose another one.');
    expect(document.activeElement).toBe(screen.getByLabelText('Username'));
  });

  it('a referral link opens sign-up, names who invited, keeps the referral across modes and sends it along', async () => {
    const server = fakeAuthServer(() => SIGNED_IN);
    const { router, user } = renderAt('/auth?ref=ada_l');
    expect((await screen.findByTestId('auth-invited-by')).textContent).toBe('@ada_l invited you to StudyPath.');
    expect(screen.getByTestId('auth-mode-sign-up').getAttribute('aria-current')).toBe('page');
    await user.click(screen.getByTestId('auth-mode-sign-in'));
    await user.click(await screen.findByTestId('auth-mode-sign-up'));
    expect(router.state.location.search).toEqual({ mode: 'sign-up', ref: 'ada_l' });

    await user.type(await screen.findByLabelText('Name'), 'Lena Hoffmann');
    await user.type(screen.getByLabelText('Username'), 'lena_h');
    await user.type(screen.getByLabelText('Email'), 'lena@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByTestId('auth-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(server.calls).toMatchObject([{ path: '/sign-up/email', body: { username: 'lena_h', referrer: 'ada_l' } }]);
  });

  it('drops a referral that is not a username and opens sign-in as usual', async () => {
    fakeAuthServer(() => SIGNED_IN);
    const { router } = renderAt('/auth?ref=%3Cscript%3E');
    expect((await screen.findByTestId('auth-mode-sign-in')).getAttribute('aria-current')).toBe('page');
    expect(screen.queryByTestId('auth-invited-by')).toBeNull();
    expect(router.state.location.search).toEqual({});
  });
});
