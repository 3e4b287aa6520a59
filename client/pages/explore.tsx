import { ExploreView } from '../features/academy/explore-view';
import { useDocumentTitle } from '../lib/use-document-title';

export function ExplorePage() {
  useDocumentTitle('Explore');
  return <ExploreView />;
}
