import { Card } from '../components/ui/card';
import { ConversationList } from '../features/conversations/conversation-list';
import { useDocumentTitle } from '../lib/use-document-title';

/** /messages: the signed-in person's conversations with shops and members. */
export function MessagesPage() {
  useDocumentTitle('Messages');
  return (
    <div className="mx-auto grid max-w-2xl gap-6 px-4 py-10">
      <h1 className="font-serif text-3xl font-bold text-wood-900">Messages</h1>
      <Card>
        <ConversationList />
      </Card>
    </div>
  );
}
