import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { SHOP_MESSAGE_MAX, SHOP_MESSAGE_MIN } from '../../../contract/profiles';
import { conversationPostSchema } from '../../../contract/conversations';
import { Button } from '../../components/ui/button';
import { Label, Textarea } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api';
import { MessageSendError } from '../../components/message-send-error';
import { cn } from '../../lib/cn';
import { useSchemaSubmit } from '../../lib/use-schema-submit';
import { useConversation, useMarkConversationRead, usePostMessage } from './api';
import { formatDateTime } from '../../lib/format-date';

const when = formatDateTime;

/** /messages/{id}: the whole conversation, both sides, and a form to write in it. */
export function ConversationView({ id }: { id: string }) {
  const { data, isLoading, error } = useConversation(id);
  const markRead = useMarkConversationRead(id);
  const count = data?.messages.length ?? 0;
  const { mutate: read } = markRead;
  // Seeing the messages is reading them (a POST: no GET changes anything).
  useEffect(() => {
    if (count > 0) read();
  }, [count, read]);
  if (isLoading) return <Spinner />;
  if (error instanceof ApiError && error.status === 404)
    return (
      <div className="grid gap-2">
        <h1 className="font-serif text-2xl font-bold text-wood-900">Conversation not found</h1>
        <p>This conversation doesn’t exist or isn’t one of yours.</p>
        <Link to="/messages" className="font-medium text-wood-700 underline">
          Back to your messages
        </Link>
      </div>
    );
  if (!data) return <p role="alert">The conversation could not be loaded. Please try again.</p>;
  return (
    <div className="grid gap-4">
      <div className="grid gap-1">
        <Link to="/messages" className="text-sm font-medium text-wood-700 underline">
          All messages
        </Link>
        <h1 className="font-serif text-2xl font-bold text-wood-900 sm:text-3xl">
          {data.with.path ? (
            <Link to={data.with.path} className="underline decoration-wood-300 underline-offset-4">
              {data.with.name}
            </Link>
          ) : (
            data.with.name
          )}
        </h1>
        <p className="text-sm text-stone-700">
          {data.instrument ? (
            <>
              About{' '}
              <Link to={`/p/${data.instrument.passportCode}`} className="font-medium text-wood-700 underline">
                {data.instrument.name}
              </Link>
              .{' '}
            </>
          ) : null}
          {data.asShop
            ? `A conversation with your shop${data.shop ? `, ${data.shop.name}` : ''}.`
            : 'Neither of you sees the other’s email address.'}
        </p>
      </div>
      <ol aria-label="Messages" className="grid gap-3">
        {data.messages.map((m) => (
          <li
            key={m.id}
            className={cn(
              'grid max-w-[85%] gap-1 rounded-lg px-4 py-3',
              m.fromMe
                ? 'justify-self-end bg-wood-100 text-wood-950'
                : 'justify-self-start bg-stone-100 text-stone-900',
            )}
          >
            <span className="text-xs font-semibold text-stone-700">
              {m.fromMe ? 'You' : data.with.name} · <time dateTime={m.at}>{when(m.at)}</time>
            </span>
            <p className="whitespace-pre-line break-words">{m.body}</p>
          </li>
        ))}
      </ol>
      <WriteMessage id={id} name={data.with.name} />
    </div>
  );
}

function WriteMessage({ id, name }: { id: string; name: string }) {
  const [message, setMessage] = useState('');
  const send = useSchemaSubmit(conversationPostSchema, usePostMessage(id));
  const field = useId();
  const length = message.trim().length;
  return (
    <form
      className="grid gap-2 border-t border-stone-200 pt-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (length >= SHOP_MESSAGE_MIN) send.submit({ message }, { onSuccess: () => setMessage('') });
      }}
    >
      <Label htmlFor={field}>Write to {name}</Label>
      <Textarea
        id={field}
        value={message}
        maxLength={SHOP_MESSAGE_MAX}
        aria-describedby={`${field}-hint`}
        onChange={(e) => setMessage(e.target.value)}
      />
      <p id={`${field}-hint`} className="text-xs text-stone-600">
        {SHOP_MESSAGE_MIN}–{SHOP_MESSAGE_MAX} characters ({length} written). They are told by mail, without
        your address.
      </p>
      {send.fields.message ? (
        <p role="alert" className="text-sm text-red-700">
          {send.fields.message}
        </p>
      ) : (
        Boolean(send.error) && (
          <MessageSendError error={send.error} fallback="The message could not be sent." />
        )
      )}
      <Button
        type="submit"
        className="justify-self-start"
        disabled={length < SHOP_MESSAGE_MIN || send.isPending}
      >
        {send.isPending ? 'Sending…' : 'Send'}
      </Button>
    </form>
  );
}
