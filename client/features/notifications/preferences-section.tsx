import {
  ALWAYS_MAILED,
  NOTIFICATION_KIND_LABELS,
  SHOP_KINDS,
  type NotificationKind,
} from '../../../contract/notifications';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { errorText } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { usePreferences, useUpdatePreferences } from './api';
import { Card, CardContent, CardHeader } from '../../components/ui/card';

/** Mail on or off per kind of notification; the inbox always has every one. */
export function NotificationPreferencesSection() {
  const { data, isLoading, error } = usePreferences();
  const update = useUpdatePreferences();
  const role = useAuth().user?.role;
  // The server says what can reach this account: a shop's kinds once there is a shop, admins' kinds to admins.
  const kinds = data?.kinds ?? [];
  const noShop = data !== undefined && !SHOP_KINDS.some((kind) => kinds.includes(kind));
  const set = (kind: NotificationKind, mail: boolean) =>
    update.mutate(
      { mail: { [kind]: mail } },
      {
        onError: (e) => toast({ title: 'Error', description: errorText(e), variant: 'destructive' }),
      },
    );
  return (
    <section id="notification-mail" aria-label="Notification mail">
      <Card>
        <CardHeader>
          <h2 className="font-serif text-xl font-semibold text-wood-900">Notification mail</h2>
          <p className="text-sm text-stone-600">
            Everything appears in your notifications (the bell). Choose what also reaches you by mail. Changes
            to your password or email address are always mailed.
          </p>
        </CardHeader>
        <CardContent>
          {isLoading && <Spinner />}
          {error && <p role="alert">{errorText(error)}</p>}
          {data && (
            <fieldset className="grid gap-2">
              <legend className="sr-only">Mail me when</legend>
              {kinds.map((kind) => {
                const always = ALWAYS_MAILED.includes(kind);
                return (
                  <label key={kind} className="flex items-center gap-3 text-sm text-stone-800">
                    <input
                      type="checkbox"
                      className="size-4 accent-wood-700"
                      checked={always || data.mail[kind] !== false}
                      disabled={always || update.isPending}
                      onChange={(event) => set(kind, event.currentTarget.checked)}
                    />
                    {noShop && kind === 'verification_given'
                      ? 'An instrument of yours is verified'
                      : NOTIFICATION_KIND_LABELS[kind]}
                    {always && <span className="text-stone-600">(always)</span>}
                  </label>
                );
              })}
            </fieldset>
          )}
          {noShop && (
            <p className="mt-3 text-sm text-stone-600">
              Mail about a shop (messages to it, service records that name it) is offered once you have a
              shop.
              {role === 'user' && (
                <>
                  {' '}
                  <a href="#open-shop" className="underline">
                    Open your shop
                  </a>
                  .
                </>
              )}
            </p>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
