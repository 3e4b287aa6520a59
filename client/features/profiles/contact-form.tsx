import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { SHOP_MESSAGE_MAX, SHOP_MESSAGE_MIN } from '../../../contract/profiles';
import { shopConversationStartSchema } from '../../../contract/conversations';
import { Button } from '../../components/ui/button';
import { Label, Textarea } from '../../components/ui/input';
import { MessageSendError } from '../../components/message-send-error';
import { useSchemaSubmit } from '../../lib/use-schema-submit';
import { useContactMaker } from './api';
import { showContactForm } from './show-contact-form';

/** The message form of "Contact the maker" (contact-maker.tsx), for a signed-in visitor who is not the owner. */
export function ContactForm({
  slug,
  about,
  onClearAbout,
}: {
  slug: string;
  about?: { id: string; name: string } | null | undefined;
  onClearAbout?: (() => void) | undefined;
}) {
  const [message, setMessage] = useState('');
  const send = useSchemaSubmit(shopConversationStartSchema, useContactMaker(slug));
  const id = useId();
  // Arriving to ask about an instrument (?about=…), the visitor came to write; the storefront's own call on
  // arrival may have come before this code had loaded. Once, as the form first appears.
  const cameToAsk = useRef(Boolean(about));
  useEffect(() => {
    if (cameToAsk.current) showContactForm();
  }, []);
  if (send.isSuccess && send.data)
    return (
      <p role="status" className="text-emerald-800">
        Message sent.{' '}
        <Link to={`/messages/${send.data.conversationId}`} className="font-medium underline">
          Open the conversation
        </Link>{' '}
        to follow the maker’s answer.
      </p>
    );
  const length = message.trim().length;
  const tooShort = length < SHOP_MESSAGE_MIN;
  return (
    <form
      className="grid gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (!tooShort) send.submit(about ? { message, instrumentId: about.id } : { message });
      }}
    >
      {about && (
        <p className="text-sm text-stone-800">
          About <strong>{about.name}</strong>{' '}
          <button type="button" className="text-wood-700 underline" onClick={onClearAbout}>
            (write about something else)
          </button>
        </p>
      )}
      <Label htmlFor={`${id}-message`}>Your message</Label>
      <Textarea
        id={`${id}-message`}
        data-contact-message
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
        <MessageSendError error={send.error} fallback="The message could not be sent." />
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
