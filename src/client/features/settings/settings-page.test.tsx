// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_CURRENCY_STORAGE_KEY } from '../../../shared/currency';
import { i18n } from '../../lib/i18n';
import { fakeTrpcServer } from '../../test/fake-trpc-server';
import { renderSignedIn, USER_ID } from '../../test/render-signed-in';
import { SettingsPage } from './settings-page';

beforeEach(async () => {
  await i18n.changeLanguage('en');
  window.scrollTo = () => undefined;
  localStorage.clear();
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const user = { id: USER_ID, name: 'Olivia Owner', username: 'olivia', email: 'olivia@example.test', image: null, locale: 'en' };

function fakeServer(handlers = {}) {
  return fakeTrpcServer({
    'user.getUser': () => ({ data: user }),
    'user.detectCurrency': () => ({ data: { currency: 'cad' } }),
    'user.setCurrency': (input) => ({ data: { currency: input.currency } }),
    'user.setLocale': (input) => ({ data: { locale: input.locale } }),
    'user.updateProfile': (input) => ({ data: { ...user, ...input } }),
    ...handlers,
  });
}

const general = <SettingsPage mode={undefined} plans={null} billing={null} />;

describe('SettingsPage (general)', () => {
  it('checks the profile as sign-up does and saves only valid changes', async () => {
    const server = fakeServer();
    const { user: person } = renderSignedIn(general);
    const name = (await screen.findByTestId('profile-name', {}, { timeout: 5_000 })) as HTMLInputElement;
    expect(name.value).toBe('Olivia Owner');
    expect((screen.getByTestId('profile-save') as HTMLButtonElement).disabled).toBe(true);

    await person.clear(name);
    await person.type(screen.getByTestId('profile-image'), 'http://example.com/me.png');
    await person.click(screen.getByTestId('profile-save'));
    expect(screen.getByText('Please enter your name.')).toBeTruthy();
    expect(screen.getByText('Use the https:// address of an image.')).toBeTruthy();
    expect(server.of('user.updateProfile')).toEqual([]);

    await person.type(name, 'Olivia O.');
    await person.clear(screen.getByTestId('profile-image'));
    await person.type(screen.getByTestId('profile-username'), '_2');
    await person.click(screen.getByTestId('profile-save'));
    expect(await screen.findByText('Profile saved')).toBeTruthy();
    expect(server.of('user.updateProfile')[0]!.input).toEqual({ name: 'Olivia O.', username: 'olivia_2', image: null });
  });

  it("shows the server's refusal of a taken username", async () => {
    fakeServer({
      'user.updateProfile': () => ({
        error: { message: 'This username is already taken. Choose another one.', code: 'CONFLICT', status: 409, messageKey: 'usernameTaken' },
      }),
    });
    const { user: person } = renderSignedIn(general);
    await person.type(await screen.findByTestId('profile-username', {}, { timeout: 5_000 }), 'x');
    await person.click(screen.getByTestId('profile-save'));
    expect(await screen.findByText('This username is already taken. Choose another one.')).toBeTruthy();
  });

  it('switches the language at once and stores it on the account', async () => {
    const server = fakeServer();
    const { user: person } = renderSignedIn(general);
    await person.click(await screen.findByTestId('language-de', {}, { timeout: 5_000 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Einstellungen' })).toBeTruthy();
    await waitFor(() => expect(server.of('user.setLocale').map((call) => call.input)).toEqual([{ locale: 'de' }]));
  });

  it('starts from the detected currency and stores a chosen one here and on the account', async () => {
    const server = fakeServer();
    const { user: person } = renderSignedIn(general);
    await waitFor(
      () => {
        expect(screen.getByTestId('currency-cad').getAttribute('aria-checked')).toBe('true');
        expect(localStorage.getItem(USER_CURRENCY_STORAGE_KEY)).toBe('cad');
      },
      { timeout: 5_000 },
    );
    await person.click(screen.getByTestId('currency-gbp'));
    expect(screen.getByTestId('currency-gbp').getAttribute('aria-checked')).toBe('true');
    expect(localStorage.getItem(USER_CURRENCY_STORAGE_KEY)).toBe('gbp');
    await waitFor(() => expect(server.of('user.setCurrency').map((call) => call.input)).toEqual([{ currency: 'gbp' }]));
  });
});
