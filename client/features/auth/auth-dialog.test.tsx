import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { openAuthDialog } from '../../lib/auth';
import { mockFetch, renderRoutes, testUser } from '../../test/render';
import { AuthDialog, NEXT_STORAGE_KEY } from './auth-dialog';

const page = (text: string) => <p>{text}</p>;
const routes = [
  {
    path: '/',
    element: (
      <>
        <AuthDialog />
        {page('home page')}
      </>
    ),
  },
  { path: '/dashboard', element: page('dashboard page') },
  { path: '/onboarding', element: page('onboarding page') },
  { path: '/registry', element: page('registry page') },
  { path: '/transfers/:id', element: page('offer page') },
];

const user = (onboardingComplete: boolean) =>
  testUser({
    id: '1',
    email: 'ada@example.test',
    displayName: 'Ada Lovelace',
    firstName: 'Ada',
    lastName: 'Lovelace',
    role: 'user',
    onboardingComplete,
    handle: onboardingComplete ? 'ada' : null,
  });

afterEach(() => sessionStorage.clear());

async function signIn(email = 'ada@example.test', password = 'a long passphrase') {
  const dialog = screen.getByRole('dialog');
  await userEvent.type(within(dialog).getByLabelText('Email'), email);
  await userEvent.type(within(dialog).getByLabelText('Password'), password);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Sign in' }));
}

describe('AuthDialog', () => {
  it('a new person who signs up from an ownership offer goes back to the offer, not to onboarding', async () => {
    mockFetch({
      'POST /api/auth/register': () => ({ status: 201, json: user(false) }),
      'GET /api/auth/me': () => ({ json: { user: user(false) } }),
    });
    const { router } = renderRoutes(routes, { path: '/?auth=signup&next=/transfers/abc123' });
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Display name'), 'Ada Lovelace');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'ada@example.test');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'a long passphrase');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('offer page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/transfers/abc123');
  });

  it('opens from ?auth=signup with the role choice, and a new person goes to /onboarding', async () => {
    const calls = mockFetch({
      'POST /api/auth/register': () => ({ status: 201, json: user(false) }),
      'GET /api/auth/me': () => ({ json: { user: user(false) } }),
    });
    const { router } = renderRoutes(routes, { path: '/?auth=signup&next=/registry' });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('tab', { name: 'Sign up' })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByRole('radio', { name: /Music Enthusiast/ })).toBeChecked();
    expect(within(dialog).getByText('Learn about instruments & luthiers')).toBeInTheDocument();
    expect(within(dialog).getByText('Create profiles & register instruments')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Display name'), 'Ada Lovelace');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'ada@example.test');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'a long passphrase');
    await userEvent.click(within(dialog).getByRole('radio', { name: /^Luthier/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Welcome, Ada!')).toBeInTheDocument();
    expect(screen.getByText("Let's set up your profile.")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/onboarding');
    // Onboarding first, then where they were going.
    expect(router.state.location.search).toBe('?next=%2Fregistry');
    expect(calls.find((c) => c.url === '/api/auth/register')?.body).toEqual({
      displayName: 'Ada Lovelace',
      email: 'ada@example.test',
      password: 'a long passphrase',
      role: 'luthier',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("a maker's Open your shop opens sign-up with Luthier chosen; a new luthier goes to onboarding", async () => {
    const luthier = { ...user(false), role: 'luthier' as const };
    const calls = mockFetch({
      'POST /api/auth/register': () => ({ status: 201, json: luthier }),
      'GET /api/auth/me': () => ({ json: { user: luthier } }),
    });
    const { router } = renderRoutes(routes);
    act(() => openAuthDialog('signup', '/settings#open-shop', 'luthier'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('radio', { name: /^Luthier/ })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: /Music Enthusiast/ })).not.toBeChecked();
    await userEvent.type(within(dialog).getByLabelText('Display name'), 'Ada Lovelace');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'ada@example.test');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'a long passphrase');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create account' }));
    await screen.findByText('onboarding page');
    expect(calls.find((c) => c.url === '/api/auth/register')?.body).toMatchObject({ role: 'luthier' });
    // Their shop is made at onboarding: Settings' open-shop form (an enthusiast's) is not where they go next.
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/onboarding');
  });

  it('a plain sign-up still starts as a Music Enthusiast', async () => {
    renderRoutes(routes);
    act(() => openAuthDialog('signup'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('radio', { name: /Music Enthusiast/ })).toBeChecked();
  });

  it('opens from the window event and returns to its same-origin next path', async () => {
    mockFetch({
      'POST /api/auth/login': () => ({ json: user(true) }),
      'GET /api/auth/me': () => ({ json: { user: user(true) } }),
    });
    const { router } = renderRoutes(routes);
    act(() => openAuthDialog('signin', '/registry'));
    expect(sessionStorage.getItem(NEXT_STORAGE_KEY)).toBe('/registry');
    await signIn();
    expect(await screen.findByText("You're successfully signed in.")).toBeInTheDocument();
    expect(screen.getByText('Welcome, Ada!')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/registry');
    expect(sessionStorage.getItem(NEXT_STORAGE_KEY)).toBeNull();
  });

  it('uses the next path saved in session storage when the event has none', async () => {
    mockFetch({
      'POST /api/auth/login': () => ({ json: user(true) }),
      'GET /api/auth/me': () => ({ json: { user: user(true) } }),
    });
    sessionStorage.setItem(NEXT_STORAGE_KEY, '/registry');
    const { router } = renderRoutes(routes);
    act(() => openAuthDialog('signin'));
    await signIn();
    await screen.findByText('registry page');
    expect(router.state.location.pathname).toBe('/registry');
  });

  it('never leaves the site: a foreign next path ends on /dashboard', async () => {
    mockFetch({
      'POST /api/auth/login': () => ({ json: user(true) }),
      'GET /api/auth/me': () => ({ json: { user: user(true) } }),
    });
    const { router } = renderRoutes(routes, { path: '/?auth=signin&next=https://elsewhere.example/' });
    await screen.findByRole('dialog');
    await signIn();
    await screen.findByText('dashboard page');
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('shows the error field, field errors, or "Something went wrong"', async () => {
    let answer: { status: number; json: unknown } = {
      status: 401,
      json: { error: 'Invalid email or password.', code: 'UNAUTHENTICATED' },
    };
    mockFetch({ 'POST /api/auth/login': () => answer });
    renderRoutes(routes, { path: '/?auth=signin' });
    await screen.findByRole('dialog');
    await signIn();
    expect(await screen.findByText('Invalid email or password.')).toBeInTheDocument();
    answer = {
      status: 400,
      json: {
        error: 'Some fields are not valid.',
        code: 'VALIDATION_FAILED',
        fields: { email: 'Enter a valid email address.' },
      },
    };
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    answer = { status: 500, json: 'not an error body' };
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
  });

  it('disables submit with the pending label while signing in', async () => {
    globalThis.fetch = () => new Promise<Response>(() => undefined);
    renderRoutes(routes, { path: '/?auth=signin' });
    await screen.findByRole('dialog');
    await signIn();
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
  });

  it('reset: Forgot password? switches tab; success keeps the dialog open with the message', async () => {
    const calls = mockFetch({
      'POST /api/auth/request-reset': () => ({
        json: { ok: true, message: 'If an account exists for that email, a reset link is on its way.' },
      }),
    });
    renderRoutes(routes, { path: '/?auth=signin' });
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Forgot password?' }));
    expect(within(dialog).getByRole('tab', { name: 'Reset' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'ada@example.test');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send reset link' }));
    expect(await within(dialog).findByText('Check your email for a reset link.')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ email: 'ada@example.test' });
  });

  it('gives focus back to the control that opened it when it closes', async () => {
    renderRoutes([
      {
        path: '/',
        element: (
          <>
            <AuthDialog />
            <button type="button" onClick={() => openAuthDialog('signin')}>
              Open sign-in
            </button>
          </>
        ),
      },
    ]);
    const opener = screen.getByRole('button', { name: 'Open sign-in' });
    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('closing removes auth and next from the address and keeps other parameters', async () => {
    const { router } = renderRoutes(routes, { path: '/?auth=signup&next=/registry&ref=mail' });
    await screen.findByRole('dialog');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?ref=mail');
  });
});
