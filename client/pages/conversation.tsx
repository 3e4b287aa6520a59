import { useParams } from 'react-router';
import { ConversationView } from '../features/conversations/conversation-view';
import { useDocumentTitle } from '../lib/use-document-title';

/** /messages/{id}: one conversation, both sides in full. */
export function ConversationPage() {
  useDocumentTitle('Conversation');
  const { id = '' } = useParams();
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <ConversationView id={id} />
    </div>
  );
}
