import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { User } from '../../../contract/auth';
import { mockFetch, renderRoutes } from '../../test/render';
import { OnboardingWizard } from './onboarding-wizard';

const person = (role: 'user' | 'luthier'): User => ({
  id: '1',
  email: 'ines@example.test',
  displayName: 'Ines Vidal',
  firstName: 'Ines',
  lastName: 'Vidal',
  role,
  onboardingComplete: false,
  handle: null,
  emailVerified: true,
  returning: false,
});

const render = (user: User) =>
  renderRoutes(
    [
      { path: '/onboarding', element: <OnboardingWizard user={user} /> },
      { path: '/', element: <p>home page</p> },
    ],
    { path: '/onboarding', me: user },
  );

const next = () => userEvent.click(screen.getByRole('button', { name: 'Next' }));

/** GET /api/account of a person who saved nothing yet. */
const emptyAccount = (role: 'user' | 'luthier') => ({
  email: 'ines@example.test',
  displayName: 'Ines Vidal',
  role,
  handle: null,
  bio: null,
  location: null,
  experience: null,
  interests: [],
  favoriteStyles: [],
  specialties: [],
  avatarUrl: null,
  shop: null,
});

/**
 * The server's side: GET /api/account answers what POST /api/auth/onboarding saved, a field left out kept and
 * one sent blank cleared (as the server does).
 */
function serverAccount(role: 'user' | 'luthier', start: Record<string, unknown> = {}) {
  const account: Record<string, unknown> = { ...emptyAccount(role), ...start };
  return {
    account,
    get: () => ({ json: account }),
    post: (body: unknown) => {
      for (const [key, value] of Object.entries(body as Record<string, unknown>))
        if (key in account) account[key] = value === '' ? null : value;
      return { json: person(role) };
    },
  };
}

beforeEach(() => sessionStorage.clear());

describe('OnboardingWizard', () => {
  it('a luthier goes through 4 steps and finishes with reserve → claim → save → /', async () => {
    const calls = mockFetch({
      'GET /api/account': () => ({ json: emptyAccount('luthier') }),
      'GET /api/slug/check': () => ({
        json: { ok: true, slug: 'ines-vidal', suggestions: ['ines-vidal-1'] },
      }),
      'POST /api/slug/reserve': () => ({ json: { slug: 'ines-vidal', expiresAt: new Date().toISOString() } }),
      'POST /api/slug/claim': () => ({ json: { slug: 'ines-vidal', kind: 'luthier' } }),
      'POST /api/auth/onboarding': () => ({
        json: { ...person('luthier'), onboardingComplete: true, handle: 'ines-vidal' },
      }),
    });
    const { router } = render(person('luthier'));
    expect(await screen.findByText('Step 1 of 4: About you')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Bio'), 'Guitars from Valencia.');
    await userEvent.selectOptions(screen.getByLabelText('Experience level'), 'Advanced');
    await next();
    expect(await screen.findByText('Step 2 of 4: Your craft')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Your craft' })).toHaveFocus());
    await userEvent.click(screen.getByRole('button', { name: 'flamenco' }));
    await next();
    expect(await screen.findByText('Step 3 of 4: Your first instrument')).toBeInTheDocument();
    await next();
    expect(screen.getByText('Step 4 of 4: Your shop handle')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByLabelText('Workshop name')).toHaveValue('Ines Vidal Workshop');
    expect(screen.getByLabelText('Your handle')).toHaveValue('ines-vidal');
    const complete = await screen.findByRole('button', { name: 'Complete Setup' });
    await screen.findByText('Available! 🎉');
    expect(complete).toBeEnabled();
    await userEvent.click(complete);
    await screen.findByText('home page');
    expect(router.state.location.pathname).toBe('/');
    const posts = calls.filter((c) => c.method === 'POST');
    // Each Next that changed an answer saved it (onboarding unfinished); the third step changed none.
    expect(posts.map((c) => c.url)).toEqual([
      '/api/auth/onboarding',
      '/api/auth/onboarding',
      '/api/slug/reserve',
      '/api/slug/claim',
      '/api/auth/onboarding',
    ]);
    // Each save sends what changed since the last one.
    expect(posts[0]?.body).toEqual({ bio: 'Guitars from Valencia.', experience: 'Advanced' });
    expect(posts[1]?.body).toEqual({ specialties: ['flamenco'] });
    posts.splice(0, 2);
    expect(posts[1]?.body).toEqual({
      kind: 'luthier',
      slug: 'ines-vidal',
      displayName: 'Ines Vidal',
      shopName: 'Ines Vidal Workshop',
    });
    expect(posts[2]?.body).toEqual({ slug: 'ines-vidal', onboardingComplete: true });
    // Finished: no draft is left to restore.
    expect(sessionStorage.getItem('onboarding:draft:1')).toBeNull();
  });

  it('keeps a draft: leaving mid-way and coming back restores the step and what was typed', async () => {
    const server = serverAccount('luthier');
    mockFetch({
      'GET /api/account': server.get,
      'GET /api/slug/check': () => ({ json: { ok: true, slug: 'vidal-lutherie', suggestions: [] } }),
      'POST /api/auth/onboarding': server.post,
    });
    const first = render(person('luthier'));
    await userEvent.type(await screen.findByLabelText('Bio'), 'Guitars from Valencia.');
    await userEvent.type(screen.getByLabelText('Location'), 'Valencia, Spain');
    await next();
    // A first visit is not a return, even once its own Next has saved answers and written a draft.
    await screen.findByText('Step 2 of 4: Your craft');
    await waitFor(() => expect(server.account.bio).toBe('Guitars from Valencia.'));
    expect(screen.queryByText(/what you entered before is still here/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'flamenco' }));
    await next();
    await next();
    expect(screen.queryByText(/what you entered before is still here/)).not.toBeInTheDocument();
    const handle = screen.getByLabelText('Your handle');
    await userEvent.clear(handle);
    await userEvent.type(handle, 'Vidal Lutherie');
    first.unmount();

    render(person('luthier'));
    expect(await screen.findByText('Step 4 of 4: Your shop handle')).toBeInTheDocument();
    expect(screen.getByText(/what you entered before is still here/)).toBeInTheDocument();
    expect(screen.getByLabelText('Your handle')).toHaveValue('vidal-lutherie');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: 'flamenco' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Bio')).toHaveValue('Guitars from Valencia.');
    expect(screen.getByLabelText('Location')).toHaveValue('Valencia, Spain');
  });

  it('another tab (no draft in it) resumes after the last step Next saved, with the saved answers', async () => {
    const server = serverAccount('user');
    const calls = mockFetch({
      'GET /api/account': server.get,
      'GET /api/slug/check': () => ({ json: { ok: true, slug: 'ines-vidal', suggestions: [] } }),
      'POST /api/auth/onboarding': server.post,
    });
    const first = render(person('user'));
    await userEvent.type(await screen.findByLabelText('Bio'), 'Oud and guitar.');
    await userEvent.type(screen.getByLabelText('Location'), 'Lyon, France');
    await userEvent.selectOptions(screen.getByLabelText('Experience level'), 'Beginner');
    await next();
    await screen.findByText('Step 2 of 3: Your music');
    const saves = calls.filter((c) => c.url === '/api/auth/onboarding');
    expect(saves).toHaveLength(1);
    expect(saves[0]?.body).not.toHaveProperty('onboardingComplete');
    first.unmount();

    sessionStorage.clear(); // a new tab, or another device: nothing of the first tab's draft
    render(person('user'));
    expect(await screen.findByText('Step 2 of 3: Your music')).toBeInTheDocument();
    expect(screen.getByText(/what you entered before is still here/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Bio')).toHaveValue('Oud and guitar.');
    expect(screen.getByLabelText('Location')).toHaveValue('Lyon, France');
    expect(screen.getByLabelText('Experience level')).toHaveValue('Beginner');
    // Unchanged answers are not sent again.
    await next();
    await screen.findByText('Step 2 of 3: Your music');
    expect(calls.filter((c) => c.url === '/api/auth/onboarding')).toHaveLength(1);
  });

  it('a field emptied after it was saved is sent blank, and a reload shows it empty', async () => {
    const server = serverAccount('user', { bio: 'Oud and guitar.', location: 'Lyon, France' });
    const calls = mockFetch({
      'GET /api/account': server.get,
      'GET /api/slug/check': () => ({ json: { ok: true, slug: 'ines-vidal', suggestions: [] } }),
      'POST /api/auth/onboarding': server.post,
    });
    const first = render(person('user'));
    expect(await screen.findByText('Step 2 of 3: Your music')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await userEvent.clear(screen.getByLabelText('Bio'));
    await next();
    await screen.findByText('Step 2 of 3: Your music');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ bio: '' }]);
    expect(server.account).toMatchObject({ bio: null, location: 'Lyon, France' });
    first.unmount();

    sessionStorage.clear();
    render(person('user'));
    expect(await screen.findByText('Step 2 of 3: Your music')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Bio')).toHaveValue('');
    expect(screen.getByLabelText('Location')).toHaveValue('Lyon, France');
  });

  it('a draft older than the account (another tab saved since) gives way to the account', async () => {
    const server = serverAccount('user');
    mockFetch({
      'GET /api/account': server.get,
      'GET /api/slug/check': () => ({ json: { ok: true, slug: 'ines-vidal', suggestions: [] } }),
      'POST /api/auth/onboarding': server.post,
    });
    const first = render(person('user'));
    await userEvent.type(await screen.findByLabelText('Bio'), 'Oud and guitar.');
    await next();
    await screen.findByText('Step 2 of 3: Your music');
    first.unmount();
    // Meanwhile another tab cleared the bio and saved a style.
    Object.assign(server.account, { bio: null, favoriteStyles: ['folk'] });

    render(person('user'));
    expect(await screen.findByText('Step 3 of 3: Your handle')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: 'folk' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Bio')).toHaveValue('');
  });

  it('a failed save stays on the step, says so, and Next tries again', async () => {
    let fail = true;
    mockFetch({
      'GET /api/account': () => ({ json: emptyAccount('user') }),
      'GET /api/slug/check': () => ({ json: { ok: true, slug: 'ines-vidal', suggestions: [] } }),
      'POST /api/auth/onboarding': () =>
        fail
          ? { status: 500, json: { error: 'Something went wrong on our side.', code: 'INTERNAL_ERROR' } }
          : { json: person('user') },
    });
    render(person('user'));
    await userEvent.type(await screen.findByLabelText('Bio'), 'Oud and guitar.');
    await next();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Your answers could not be saved/);
    expect(screen.getByText('Step 1 of 3: About you')).toBeInTheDocument();
    expect(screen.getByLabelText('Bio')).toHaveValue('Oud and guitar.');
    fail = false;
    await next();
    expect(await screen.findByText('Step 2 of 3: Your music')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('starts from what the person already saved, at the handle step once a handle is claimed', async () => {
    const calls = mockFetch({
      'GET /api/account': () => ({
        json: {
          ...emptyAccount('user'),
          handle: 'ines-plays',
          bio: 'Saved in settings.',
          location: 'Lyon, France',
          experience: 'Intermediate',
          interests: ['oud'],
        },
      }),
      'GET /api/slug/check': () => ({ json: { ok: true, slug: 'ines-plays', suggestions: [] } }),
      'POST /api/slug/reserve': () => ({ json: { slug: 'ines-plays', expiresAt: new Date().toISOString() } }),
      'POST /api/slug/claim': () => ({ json: { slug: 'ines-plays', kind: 'user' } }),
      'POST /api/auth/onboarding': () => ({
        json: { ...person('user'), onboardingComplete: true, handle: 'ines-plays' },
      }),
    });
    render({ ...person('user'), handle: 'ines-plays' });
    expect(await screen.findByText('Step 3 of 3: Your handle')).toBeInTheDocument();
    expect(screen.getByLabelText('Your handle')).toHaveValue('ines-plays');
    await screen.findByText('Available! 🎉');
    await userEvent.click(screen.getByRole('button', { name: 'Complete Setup' }));
    await screen.findByText('home page');
    // Nothing was changed: finishing sends no answer, so none is overwritten.
    expect(calls.find((c) => c.url === '/api/auth/onboarding')?.body).toEqual({
      slug: 'ines-plays',
      onboardingComplete: true,
    });
  });

  it('finishing returns to where the person was going (?next=), enrolled course or maker alike', async () => {
    mockFetch({
      'GET /api/account': () => ({ json: emptyAccount('user') }),
      'GET /api/slug/check': () => ({ json: { ok: true, slug: 'ines-vidal', suggestions: [] } }),
      'POST /api/slug/reserve': () => ({ json: { slug: 'ines-vidal', expiresAt: new Date().toISOString() } }),
      'POST /api/slug/claim': () => ({ json: { slug: 'ines-vidal', kind: 'user' } }),
      'POST /api/auth/onboarding': () => ({
        json: { ...person('user'), onboardingComplete: true, handle: 'ines-vidal' },
      }),
    });
    const { router } = renderRoutes(
      [
        { path: '/onboarding', element: <OnboardingWizard user={person('user')} /> },
        { path: '/listing/:slug', element: <p>course page</p> },
      ],
      { path: `/onboarding?next=${encodeURIComponent('/listing/intro?enroll=1')}`, me: person('user') },
    );
    await screen.findByText('Step 1 of 3: About you');
    await next();
    await next();
    await screen.findByText('Available! 🎉');
    await userEvent.click(screen.getByRole('button', { name: 'Complete Setup' }));
    await screen.findByText('course page');
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/listing/intro?enroll=1',
    );
  });

  it('an enthusiast has 3 steps; Complete Setup stays disabled while the handle is taken', async () => {
    mockFetch({
      'GET /api/account': () => ({ json: emptyAccount('user') }),
      'GET /api/slug/check': () => ({
        json: { ok: false, reason: 'taken', slug: 'ines-vidal', suggestions: [] },
      }),
    });
    render(person('user'));
    expect(await screen.findByText('Step 1 of 3: About you')).toBeInTheDocument();
    await next();
    expect(screen.getByText('Step 2 of 3: Your music')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Musical interests' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Favorite styles' })).toBeInTheDocument();
    await next();
    expect(screen.getByText('Step 3 of 3: Your handle')).toBeInTheDocument();
    await screen.findByText('Try a different variation with numbers or additional words.');
    expect(screen.getByRole('button', { name: 'Complete Setup' })).toBeDisabled();
    expect(screen.queryByLabelText('Workshop name')).not.toBeInTheDocument();
  });

  it('a lost race shows the error and re-checks the handle', async () => {
    let taken = false;
    mockFetch({
      'GET /api/account': () => ({ json: emptyAccount('user') }),
      'GET /api/slug/check': () => ({
        json: taken
          ? { ok: false, reason: 'taken', slug: 'ines-vidal', suggestions: ['ines-vidal-7'] }
          : { ok: true, slug: 'ines-vidal', suggestions: [] },
      }),
      'POST /api/slug/reserve': () => ({ status: 409, json: { error: 'taken', code: 'HANDLE_TAKEN' } }),
      'POST /api/slug/claim': () => {
        taken = true;
        return {
          status: 409,
          json: {
            error: 'That handle is taken or on hold—try one of the suggestions below.',
            code: 'HANDLE_TAKEN',
          },
        };
      },
    });
    const warn = console.warn;
    console.warn = () => undefined;
    render(person('user'));
    await screen.findByText('Step 1 of 3: About you');
    await next();
    await next();
    await userEvent.click(await screen.findByRole('button', { name: 'Complete Setup' }));
    expect(await screen.findByRole('button', { name: 'ines-vidal-7' })).toBeInTheDocument();
    expect(
      screen.getAllByText('That handle is taken or on hold—try one of the suggestions below.').length,
    ).toBe(2);
    console.warn = warn;
  });
});
