import { useId, useState } from 'react';
import { Link } from 'react-router';
import { SHOP_MESSAGE_MAX, SHOP_MESSAGE_MIN, shopMessageSchema } from '../../../contract/profiles';
import { Button } from '../../components/ui/button';
import { Label, Textarea } from '../../components/ui/input';
import { errorText } from '../../lib/api';
import { openAuthDialog, useAuth } from '../../lib/auth';
import { useSchemaSubmit } from '../../lib/use-schema-submit';
import { useContactMaker } from './api';

/**
 * "Contact the maker": the message lands in the maker's inbox (and mail) with the sender's public name; neither
 * email address is shown. The maker answers from their inbox (Reply), which reaches the sender's inbox and mail.
 */
export function ContactMaker({
  slug,
  ownerSlug,
  shopName,
}: {
  slug: string;
  ownerSlug: string | null;
  shopName: string;
}) {
  const { user } = useAuth();
  const [message, setMessage] = useState('');
  const send = useSchemaSubmit(shopMessageSchema, useContactMaker(slug));
  const id = useId();
  if (!user)
    return (
      <div className="grid gap-2">
        <p>Sign in to write to {shopName}. Your email address is not shown to the maker.</p>
        <Button variant="outline" onClick={() => openAuthDialog('signin', `/l/${slug}`)}>
          Sign in to contact the maker
        </Button>
      </div>
    );
  if (ownerSlug && user.handle === ownerSlug)
    return (
      <p>
        This is your shop. Messages from visitors arrive in your{' '}
        <Link to="/notifications" className="font-medium text-wood-700 underline">
          notifications
        </Link>
        .
      </p>
    );
  if (send.isSuccess)
    return (
      <p role="status" className="text-emerald-800">
        Message sent. The maker will see it in their inbox.
      </p>
    );
  const length = message.trim().length;
  const tooShort = length < SHOP_MESSAGE_MIN;
  return (
    <form
      className="grid gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (!tooShort) send.submit({ message });
      }}
    >
      <Label htmlFor={`${id}-message`}>Your message</Label>
      <Textarea
        id={`${id}-message`}
        value={message}
        maxLength={SHOP_MESSAGE_MAX}
        aria-describedby={`${id}-hint`}
        onChange={(e) => setMessage(e.target.value)}
      />
      <p id={`${id}-hint`} className="text-xs text-stone-600">
        {SHOP_MESSAGE_MIN}–{SHOP_MESSAGE_MAX} characters ({length} written). The maker sees your name and
        public page, never your email address.
      </p>
      {Boolean(send.error) && !send.fields.message && (
        <p role="alert" className="text-sm text-red-700">
          {errorText(send.error, 'The message could not be sent.')}
        </p>
      )}
      {send.fields.message && (
        <p role="alert" className="text-sm text-red-700">
          {send.fields.message}
        </p>
      )}
      <Button type="submit" disabled={tooShort || send.isPending}>
        {send.isPending ? 'Sending…' : 'Send message'}
      </Button>
    </form>
  );
}
