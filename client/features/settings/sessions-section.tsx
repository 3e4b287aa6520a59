import { Monitor } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { errorText } from '../../lib/api';
import { formatDateTime } from '../../lib/format-date';
import { useEndSession, useSessions, useSignOutEverywhere } from './api';
import { SettingsCard } from './settings-card';

const when = formatDateTime;

/** A readable device name from the user agent; the raw string stays available as a tooltip. */
function device(ua: string | null): string {
  if (!ua) return 'Unknown device';
  const browser = /Firefox|Edg|Chrome|Safari/.exec(ua)?.[0]?.replace('Edg', 'Edge') ?? 'Browser';
  const os = /Windows|Mac OS X|Android|iPhone|iPad|Linux/.exec(ua)?.[0]?.replace('Mac OS X', 'macOS') ?? '';
  return os ? `${browser} on ${os}` : browser;
}

export function SessionsSection() {
  const { data, isLoading, error } = useSessions();
  const end = useEndSession();
  const everywhere = useSignOutEverywhere();
  return (
    <SettingsCard title="Sessions" description="Where you are signed in. End any you do not recognise.">
      {isLoading && <Spinner />}
      {error && <p role="alert">{errorText(error)}</p>}
      <ul className="grid gap-3">
        {data?.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center gap-3 rounded-lg border border-stone-200 p-3">
            <Monitor className="size-5 text-wood-700" aria-hidden />
            <div className="grid flex-1 text-sm">
              <span className="font-medium text-stone-900" title={s.userAgent ?? undefined}>
                {device(s.userAgent)} {s.current && <Badge variant="success">This device</Badge>}
              </span>
              <span className="text-stone-600">
                Signed in {when(s.createdAt)} · last active {when(s.lastSeenAt)}
                {s.ip ? ` · ${s.ip}` : ''}
              </span>
            </div>
            {!s.current && (
              <Button
                variant="outline"
                size="sm"
                disabled={end.isPending}
                onClick={() =>
                  end.mutate(s.id, {
                    onSuccess: () => toast({ title: 'Session ended' }),
                    onError: (e) =>
                      toast({ title: 'Error', description: errorText(e), variant: 'destructive' }),
                  })
                }
              >
                End session
              </Button>
            )}
          </li>
        ))}
      </ul>
      <div className="mt-4 grid justify-items-start gap-2 border-t border-stone-200 pt-4">
        <p className="text-sm text-stone-600">
          Signing out everywhere ends every session, this one too, and cancels every link we mailed before.
        </p>
        <Button
          variant="outline"
          disabled={everywhere.isPending}
          onClick={() =>
            everywhere.mutate(undefined, {
              onSuccess: () =>
                toast({ title: 'Signed out everywhere', description: 'Sign in again to continue.' }),
              onError: (e) => toast({ title: 'Error', description: errorText(e), variant: 'destructive' }),
            })
          }
        >
          Sign out everywhere
        </Button>
      </div>
    </SettingsCard>
  );
}
