import type { AppContext } from '../context';
import { notify } from './notifications';

// Account-security notices: always mailed (see ALWAYS_MAILED), so whoever owns the address learns of a change
// made by someone else.

export const notifyPasswordChanged = (ctx: AppContext, userId: string) =>
  notify(ctx, ctx.db, [
    {
      userId,
      kind: 'password_changed',
      title: 'Your password was changed',
      body: 'The password of your Luthier Registry account was just changed. If this was not you, reset your password now and check your sessions in settings.',
      link: '/settings',
    },
  ]);

export const notifyEmailChangeRequested = (ctx: AppContext, userId: string, newEmail: string) =>
  notify(ctx, ctx.db, [
    {
      userId,
      kind: 'email_change_requested',
      title: 'A change of your email address was requested',
      body: `Someone signed in to your account asked to change its email address to ${newEmail}. Nothing changes until the link sent to that address is opened. If this was not you, change your password now.`,
      link: '/settings',
    },
  ]);
