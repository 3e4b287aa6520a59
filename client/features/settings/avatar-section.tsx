import { useRef } from 'react';
import type { Account } from '../../../contract/account';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { errorText } from '../../lib/api';
import { Avatar } from '../../components/ui/avatar';
import { useRemoveAvatar, useUploadAvatar } from './api';
import { SettingsCard } from './settings-card';

export function AvatarSection({ account }: { account: Account }) {
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const input = useRef<HTMLInputElement>(null);
  const onError = (error: unknown) =>
    toast({ title: 'Could not update your photo', description: errorText(error), variant: 'destructive' });
  return (
    <SettingsCard
      title="Photo"
      description="JPEG, PNG, WebP, HEIC or AVIF up to 15 MB. Location data is removed."
    >
      <div className="flex flex-wrap items-center gap-4">
        <Avatar url={account.avatarUrl} name={account.displayName} />
        <input
          ref={input}
          id="avatar-file"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/heic,image/heif,image/avif"
          className="sr-only"
          aria-label="Choose a photo"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) upload.mutate(file, { onSuccess: () => toast({ title: 'Photo updated' }), onError });
            event.target.value = '';
          }}
        />
        <Button variant="outline" onClick={() => input.current?.click()} disabled={upload.isPending}>
          {upload.isPending ? 'Uploading...' : 'Upload a photo'}
        </Button>
        {account.avatarUrl && (
          <Button
            variant="ghost"
            onClick={() => remove.mutate(undefined, { onError })}
            disabled={remove.isPending}
          >
            Remove photo
          </Button>
        )}
      </div>
    </SettingsCard>
  );
}
