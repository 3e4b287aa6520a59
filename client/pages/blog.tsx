import { PlaceholderPage } from './placeholder-page';

export function BlogPage() {
  return (
    <PlaceholderPage
      title="Blog"
      intro="Stories from the workshop, build diaries and interviews with makers are on their way."
      actions={['Subscribe', 'Read the latest']}
    />
  );
}
