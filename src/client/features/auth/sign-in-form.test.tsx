// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { fakeAuthServer, SIGNED_IN } from './auth-test-server';
import { SignInForm } from './sign-in-form';

await vi.hoisted(async () => (await import('./auth-test-server')).installFetchDelegate());

function renderForm() {
  const onAuthenticated = vi.fn(async () => {});
  render(
    <I18nextProvider i18n={i18n}>
      <SignInForm onAuthenticated={onAuthenticated} />
    </I18nextProvider>,
  );
  return { onAuthenticated, user: userEvent.setup() };
}

async function signIn(user: ReturnType<typeof userEvent.setup>, identifier: string, password: string) {
  await user.type(screen.getByLabelText('Email'), identifier);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByTestId('auth-submit'));
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

afterEach(cleanup);

describe('SignInForm', () => {
  it('explains empty fields inline, marks them invalid and focuses the first, without calling the server', async () => {
    const server = fakeAuthServer(() => SIGNED_IN);
    const { user } = renderForm();
    await user.click(screen.getByTestId('auth-submit'));

    const identifier = screen.getByTestId('auth-email');
    expect(identifier).toHaveProperty('ariaInvalid', 'true');
    expect(identifier.getAttribute('aria-describedby')).toContain(screen.getByText('Please enter your email or username.').id);
    expect(screen.getByText('Please enter your password.')).toBeTruthy();
    expect(document.activeElement).toBe(identifier);
    expect(server.calls).toEqual([]);
  });

  it('signs in by email when the field holds an @', async () => {
    const server = fakeAuthServer(() => SIGNED_IN);
    const { user, onAuthenticated } = renderForm();
    await signIn(user, 'lena@example.com', 'correct horse');

    expect(server.calls).toMatchObject([
      { path: '/sign-in/email', body: { email: 'lena@example.com', password: 'correct horse' } },
    ]);
    expect(onAuthenticated).toHaveBeenCalledOnce();
  });

  it('signs in by username otherwise', async () => {
    const server = fakeAuthServer(() => SIGNED_IN);
    const { user, onAuthenticated } = renderForm();
    await signIn(user, 'lena_h', 'correct horse');

    expect(server.calls).toMatchObject([{ path: '/sign-in/username', body: { username: 'lena_h', password: 'correct horse' } }]);
    expect(onAuthenticated).toHaveBeenCalledOnce();
  });

  it.each([
    [
      { status: 401, body: { code: 'INVALID_USERNAME_OR_PASSWORD', message: 'Invalid username or password' } },
      "That email or username and password don't match",
    ],
    [{ status: 429, body: { message: 'Too many requests. Please try again later.' } }, 'Too many attempts'],
    [
      { status: 429, body: { code: 'TOO_MANY_FAILED_SIGN_INS', message: 'Too many failed sign-ins. Please wait 15 minutes and try again.' } },
      'Too many failed sign-ins. Please wait a few minutes and try again.',
    ],
    [new TypeError('Failed to fetch'), "We couldn't reach StudyPath"],
  ])('shows a refusal in the alert and stays on the form (%#)', async (answer, message) => {
    fakeAuthServer(() => answer);
    const { user, onAuthenticated } = renderForm();
    await signIn(user, 'lena_h', 'wrong horse');

    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(onAuthenticated).not.toHaveBeenCalled();
    expect(screen.getByTestId('auth-submit').getAttribute('aria-disabled')).toBeNull();
  });

  it('shows and hides the password without renaming the field', async () => {
    fakeAuthServer(() => SIGNED_IN);
    const { user } = renderForm();
    const password = screen.getByLabelText('Password');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(password.getAttribute('type')).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Hide' }));
    expect(password.getAttribute('type')).toBe('password');
  });
});
