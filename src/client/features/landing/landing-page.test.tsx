// @vitest-environment jsdom
import { createRoute } from '@tanstack/react-router';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TESTIMONIALS } from '../../content/testimonials';
import { i18n } from '../../lib/i18n';
import { renderRoutes } from '../../test/render-routes';
import { rootRoute } from '../../routes/__root';
import { indexRoute } from '../../routes/index';

const session = vi.hoisted(() => {
  const state = { signedIn: false };
  // The landing page asks better-auth for the session; answer at the network edge, before the client loads.
  globalThis.fetch = (async () =>
    new Response(JSON.stringify(state.signedIn ? { session: { id: 's1' }, user: { id: 'u1', name: 'Lena' } } : null), {
      headers: { 'Content-Type': 'application/json' },
    })) as typeof fetch;
  return state;
});

/** The pages the landing page links to, so its links resolve; what they show does not matter here. */
const linkedPages = ['/auth', '/dashboard'].map((path) =>
  createRoute({ getParentRoute: () => rootRoute, path, component: () => null }),
);

function renderLanding() {
  return renderRoutes([indexRoute, ...linkedPages], '/').user;
}

beforeEach(async () => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  session.signedIn = false;
  await i18n.changeLanguage('en');
});
afterEach(cleanup);
// The page is a chunk of its own (lazyRouteComponent): loaded up front, its import is not counted in the first test's time.
beforeAll(async () => {
  await import('./landing-page');
});

describe('landing page', () => {
  it('has the landmarks, one h1 and a skip link to the main content', async () => {
    renderLanding();
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.getByRole('main').id).toBe('main');
    expect(screen.getByRole('link', { name: 'Skip to main content' }).getAttribute('href')).toBe('#main');
  });

  it('shows the 8 testimonials with their avatars', async () => {
    renderLanding();
    const stories = await screen.findByRole('region', { name: 'How students, parents and tutors use StudyPath' });
    const avatars = within(stories).getAllByRole('img');
    expect(avatars.map((image) => image.getAttribute('src'))).toEqual(TESTIMONIALS.map((entry) => entry.imageSrc));
    expect(avatars.every((image) => image.getAttribute('alt')?.startsWith('Illustrated avatar of'))).toBe(true);
  });

  it('lists the four plans with limits from the plan table and no price', async () => {
    renderLanding();
    const plans = await screen.findByRole('region', { name: 'Start free. Upgrade when your studies need more.' });
    for (const name of ['Free', 'Pro', 'Ultra', 'Enterprise']) expect(within(plans).getByRole('heading', { name })).toBeTruthy();
    const pro = within(plans).getByRole('listitem', { name: 'Pro' });
    expect(pro.textContent).toContain('Uploads per month50');
    expect(pro.textContent).toContain('Max. file size100 MB');
    expect(plans.textContent).not.toMatch(/[$€£]/);
  });

  it('switches the visitor to German', async () => {
    const user = renderLanding();
    await user.click(within(await screen.findByRole('banner')).getByRole('button', { name: 'Deutsch (DE)' }));
    expect(await screen.findByRole('link', { name: 'Zum Hauptinhalt springen' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('de');
  });

  it('offers the dashboard instead of sign-up to someone signed in', async () => {
    session.signedIn = true;
    renderLanding();
    const header = await screen.findByRole('banner');
    expect((await within(header).findByRole('link', { name: 'Go to dashboard' })).getAttribute('href')).toBe('/dashboard');
    expect(within(header).queryByRole('link', { name: 'Sign in' })).toBeNull();
  });
});
