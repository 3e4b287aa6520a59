import { Card } from '../components/ui/card';
import { InboxList } from '../features/notifications/inbox-list';
import { useDocumentTitle } from '../lib/use-document-title';

/** /notifications: the whole inbox (signed in; guests are stopped by the account gate). */
export function NotificationsPage() {
  useDocumentTitle('Notifications');
  return (
    <div className="mx-auto grid max-w-2xl gap-6 px-4 py-10">
      <h1 className="font-serif text-3xl font-bold text-wood-900">Notifications</h1>
      <Card>
        <InboxList />
      </Card>
      <p className="text-sm text-stone-600">
        Choose which of these also reach you by mail in{' '}
        <a className="underline" href="/settings#notification-mail">
          settings
        </a>
        .
      </p>
    </div>
  );
}
