import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { useUiStore } from '../layout/ui-store.ts';
import { LoginScreen } from './LoginScreen.tsx';
import { useSessionStore } from './session-store.ts';
import { renderTranslated } from '../../test/render.tsx';

function renderLogin() {
  return renderTranslated(<LoginScreen />);
}

async function fillAndSubmit(email = 'ada@example.com', password = 'secret') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('E-mail'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

beforeEach(() => {
  useUiStore.setState({ language: 'en' });
  useSessionStore.setState({ token: null, user: null, isAuthenticated: false });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('LoginScreen', () => {
  it('has a required e-mail field of type email and a required password field', () => {
    renderLogin();
    const email = screen.getByLabelText('E-mail');
    expect(email).toHaveProperty('type', 'email');
    expect(email).toHaveProperty('required', true);
    const password = screen.getByLabelText('Password');
    expect(password).toHaveProperty('type', 'password');
    expect(password).toHaveProperty('required', true);
  });

  it('shows the info line about provider credentials', () => {
    renderLogin();
    expect(screen.getByText('Use your tracking provider credentials to sign in.')).toBeDefined();
  });

  it('does not send an empty form', async () => {
    const { fetch } = mockFetch();
    renderLogin();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in' }));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the loading label on a disabled button while signing in', async () => {
    const pending = deferred<Response>();
    const { calls } = mockFetch({ 'POST /api/user/signin': () => pending.promise });
    renderLogin();
    await fillAndSubmit();
    const button = screen.getByRole('button', { name: 'Signing in…' });
    expect(button).toHaveProperty('disabled', true);
    expect(calls[0]!.body).toEqual({ email: 'ada@example.com', password: 'secret' });
    await act(async () => pending.resolve(jsonResponse({}, 401)));
    expect(screen.getByRole('button', { name: 'Sign in' })).toHaveProperty('disabled', false);
  });

  it("shows exactly 'Invalid credentials' when sign-in fails", async () => {
    mockFetch({ 'POST /api/user/signin': jsonResponse({ message: 'Wrong password' }, 401) });
    renderLogin();
    expect(screen.queryByRole('alert')).toBeNull();
    await fillAndSubmit();
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid credentials');
  });

  it("shows 'Invalid credentials' when the server cannot be reached", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderLogin();
    await fillAndSubmit();
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid credentials');
  });

  it('signs the user in on success', async () => {
    mockFetch({
      'POST /api/user/signin': jsonResponse({
        status: 'success',
        data: { token: 'tok', email: 'ada@example.com', first_name: 'Ada', last_name: 'L' },
      }),
      'GET /api/user': jsonResponse({ data: { slug: 'ada' } }),
    });
    renderLogin();
    await fillAndSubmit();
    await vi.waitFor(() => expect(useSessionStore.getState().isAuthenticated).toBe(true));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  describe('in Hebrew', () => {
    it('is laid out right-to-left with Hebrew texts', () => {
      useUiStore.setState({ language: 'he' });
      renderLogin();
      expect(document.documentElement.dir).toBe('rtl');
      expect(document.documentElement.lang).toBe('he');
      expect(screen.getByLabelText('דואר אלקטרוני')).toHaveProperty('type', 'email');
      expect(screen.getByLabelText('סיסמה')).toHaveProperty('type', 'password');
      expect(screen.getByRole('button', { name: 'התחבר' })).toBeDefined();
      expect(screen.getByText('השתמשו בפרטי ההתחברות של ספק המעקב.')).toBeDefined();
      expect(screen.queryByText('Sign in')).toBeNull();
    });

    it('shows the Hebrew failure text', async () => {
      useUiStore.setState({ language: 'he' });
      mockFetch({ 'POST /api/user/signin': jsonResponse({}, 401) });
      renderLogin();
      const user = userEvent.setup();
      await user.type(screen.getByLabelText('דואר אלקטרוני'), 'ada@example.com');
      await user.type(screen.getByLabelText('סיסמה'), 'x');
      await user.click(screen.getByRole('button', { name: 'התחבר' }));
      expect((await screen.findByRole('alert')).textContent).toBe('פרטי התחברות שגויים');
    });

    it('switches direction from the language switch', async () => {
      renderLogin();
      expect(document.documentElement.dir).toBe('ltr');
      await userEvent.setup().click(screen.getByRole('button', { name: 'עברית' }));
      expect(document.documentElement.dir).toBe('rtl');
      expect(screen.getByRole('button', { name: 'התחבר' })).toBeDefined();
      await userEvent.setup().click(screen.getByRole('button', { name: 'English' }));
      expect(document.documentElement.dir).toBe('ltr');
    });
  });
});
