import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { openAuthDialog, useAuth } from '../../lib/auth';

// The form (with zod, its schema's) loads only for someone signed in who may write: a guest's storefront, which
// shows the sign-in button here, loads neither.
const ContactForm = lazy(() => import('./contact-form').then((m) => ({ default: m.ContactForm })));

/**
 * "Contact the maker": the message opens (or continues) a conversation with the shop, optionally about one of
 * its instruments; both sides see it in full at /messages, and neither email address is shown.
 */
export function ContactMaker({
  slug,
  ownerHandle,
  shopName,
  about,
  onClearAbout,
}: {
  slug: string;
  ownerHandle: string | null;
  shopName: string;
  /** The instrument the message is about, chosen with "Ask about …" on the storefront. */
  about?: { id: string; name: string } | null;
  onClearAbout?: () => void;
}) {
  const { user } = useAuth();
  if (!user)
    return (
      <div className="grid gap-2">
        <p>
          Sign in to write to {shopName}
          {about ? (
            <>
              {' '}
              about <strong>{about.name}</strong>
            </>
          ) : null}
          . Your email address is not shown to the maker.
        </p>
        <Button
          variant="outline"
          data-contact-signin
          // Back to this form after signing in (or signing up and setting up), still about the same instrument.
          onClick={() =>
            openAuthDialog('signin', `/l/${slug}${about ? `?about=${encodeURIComponent(about.id)}` : ''}`)
          }
        >
          Sign in to contact the maker
        </Button>
      </div>
    );
  if (ownerHandle && user.handle === ownerHandle)
    return (
      <p>
        This is your shop. Messages from visitors arrive in your{' '}
        <Link to="/messages" className="font-medium text-wood-700 underline">
          messages
        </Link>
        .
      </p>
    );
  return (
    <Suspense fallback={null}>
      <ContactForm slug={slug} about={about} onClearAbout={onClearAbout} />
    </Suspense>
  );
}
