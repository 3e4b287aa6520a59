import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CourseCard } from '../../../contract/academy';
import { mockFetch, renderRoutes } from '../../test/render';
import { ExploreView } from './explore-view';

const card = (id: string, extra: Partial<CourseCard> = {}): CourseCard => ({
  id,
  slug: `${id}-slug`,
  title: `Course ${id}`,
  description: 'About it',
  instructor: 'Ruth Calloway',
  instructorHandle: 'ruth-calloway',
  level: 'beginner',
  category: 'acoustic',
  duration: '3 weeks',
  lessons: 6,
  students: 12,
  rating: 4.7,
  reviewCount: 3,
  price: 229,
  originalPrice: 305,
  tags: ['one', 'two', 'three', 'four'],
  coverImage: null,
  ...extra,
});

const routes = [{ path: '/explore', element: <ExploreView /> }];

describe('Explore', () => {
  it('fills the search from ?q=, shows chips, Clear All with two filters, and the server result', async () => {
    const calls = mockFetch({
      'GET /api/lms/courses/explore': () => ({
        json: [card('a'), card('b', { level: 'advanced' }), card('c', { lessons: 1, students: 1 })],
      }),
    });
    renderRoutes(routes, { path: '/explore?q=bracing' });
    expect(screen.getByLabelText('Search')).toHaveValue('bracing');
    expect(await screen.findByText('3 courses found')).toBeInTheDocument();
    expect(calls[0]?.url).toBe('/api/lms/courses/explore?q=bracing');
    expect(screen.getByRole('button', { name: 'Remove filter Search: bracing' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear All' })).not.toBeInTheDocument();

    // Card: level, price, first 3 tags, duration, lessons, students, rating; the title links to the listing.
    const link = screen.getByRole('link', { name: 'Course a' });
    expect(link).toHaveAttribute('href', '/listing/a-slug');
    expect(screen.getAllByText('one')).toHaveLength(3);
    expect(screen.queryByText('four')).not.toBeInTheDocument();
    expect(screen.getAllByText('$229')).toHaveLength(3);
    expect(screen.getAllByText('6 lessons')).toHaveLength(2);
    expect(screen.getAllByText('12 students')).toHaveLength(2);
    // One is one: "1 lesson", "1 student", never "1 students".
    expect(screen.getByText('1 lesson')).toBeInTheDocument();
    expect(screen.getByText('1 student')).toBeInTheDocument();
    // The instructor's name leads to their profile.
    for (const instructor of screen.getAllByRole('link', { name: 'Ruth Calloway' }))
      expect(instructor).toHaveAttribute('href', '/u/ruth-calloway');

    await userEvent.selectOptions(screen.getByLabelText('Category'), 'repair');
    await waitFor(() => expect(calls.at(-1)?.url).toBe('/api/lms/courses/explore?q=bracing&category=repair'));
    expect(screen.getByRole('button', { name: 'Remove filter Repair' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'price-high');
    await waitFor(() => expect(calls.at(-1)?.url).toContain('sort=price-high'));

    await userEvent.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(screen.getByLabelText('Search')).toHaveValue('');
    expect(screen.queryByRole('button', { name: /Remove filter/ })).not.toBeInTheDocument();
    await waitFor(() => expect(calls.at(-1)?.url).toBe('/api/lms/courses/explore?sort=price-high'));
  });

  it('removes one chip at a time and switches to the list layout', async () => {
    const calls = mockFetch({ 'GET /api/lms/courses/explore': () => ({ json: [card('a')] }) });
    renderRoutes(routes, { path: '/explore?level=advanced&category=electric' });
    expect(await screen.findByText('1 course found')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove filter Advanced' }));
    await waitFor(() => expect(calls.at(-1)?.url).toBe('/api/lms/courses/explore?category=electric'));
    expect(screen.queryByRole('button', { name: 'Clear All' })).not.toBeInTheDocument();
    const list = screen.getByRole('button', { name: 'List view' });
    await userEvent.click(list);
    expect(list).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows the empty state whose button clears the filters', async () => {
    const calls = mockFetch({
      'GET /api/lms/courses/explore': () => ({ json: calls.length > 1 ? [card('a')] : [] }),
    });
    renderRoutes(routes, { path: '/explore?q=zzz&level=advanced' });
    expect(await screen.findByRole('heading', { name: 'No courses found' })).toBeInTheDocument();
    expect(screen.getByText('0 courses found')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('1 course found')).toBeInTheDocument();
    await waitFor(() => expect(calls.at(-1)?.url).toBe('/api/lms/courses/explore'));
  });
});
