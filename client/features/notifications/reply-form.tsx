import { useId, useState } from 'react';
import { SHOP_MESSAGE_MAX, SHOP_MESSAGE_MIN } from '../../../contract/profiles';
import { notificationReplySchema } from '../../../contract/notifications';
import { Button } from '../../components/ui/button';
import { FieldError, Label, Textarea } from '../../components/ui/input';
import { MessageSendError } from '../../components/message-send-error';
import { useSchemaSubmit } from '../../lib/use-schema-submit';
import { useReplyToNotification } from './api';

/**
 * The answer to a message in the inbox: it reaches the writer's inbox (and mail, by their settings) with your name,
 * or your shop's; neither email address is shown. `onCancel` closes the form (the caller puts focus back).
 */
export function ReplyForm({ id, onCancel }: { id: string; onCancel: () => void }) {
  const [message, setMessage] = useState('');
  const reply = useSchemaSubmit(notificationReplySchema, useReplyToNotification(id));
  const fieldId = useId();
  if (reply.isSuccess)
    return (
      <p role="status" className="text-sm text-emerald-800">
        Reply sent. It is in their inbox; your email address is not shown.
      </p>
    );
  const length = message.trim().length;
  const fieldError = reply.fields.message;
  return (
    <form
      className="grid gap-2"
      aria-label="Reply"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        reply.submit({ message });
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onCancel();
        }
      }}
    >
      <Label htmlFor={`${fieldId}-message`}>Your reply</Label>
      <Textarea
        id={`${fieldId}-message`}
        value={message}
        maxLength={SHOP_MESSAGE_MAX}
        // Opened on purpose with the Reply button: typing starts at once.
        autoFocus
        aria-invalid={fieldError ? true : undefined}
        aria-describedby={`${fieldId}-hint${fieldError ? ` ${fieldId}-error` : ''}`}
        onChange={(e) => setMessage(e.target.value)}
      />
      <p id={`${fieldId}-hint`} className="text-xs text-stone-600">
        {SHOP_MESSAGE_MIN}–{SHOP_MESSAGE_MAX.toLocaleString('en')} characters ({length} written). They see
        your name, never your email address.
      </p>
      <FieldError id={`${fieldId}-error`} message={fieldError} />
      {Boolean(reply.error) && !fieldError && (
        <MessageSendError error={reply.error} fallback="The reply could not be sent." />
      )}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={reply.isPending}>
          {reply.isPending ? 'Sending…' : 'Send'}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
