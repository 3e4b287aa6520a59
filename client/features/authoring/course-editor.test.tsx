import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuthoringCourse, AuthoringLesson, ReadingBlock } from '../../../contract/authoring';
import { mockFetch, renderWithProviders, testQueryClient, testUser } from '../../test/render';
import { useAuthoredCourse } from './api';
import { CourseOutlineEditor } from './course-outline-editor';
import { PublishPanel } from './publish-panel';
import { ReadingEditor } from './reading-editor';

const lesson = (id: string, title: string, over: Partial<AuthoringLesson> = {}): AuthoringLesson => ({
  id,
  title,
  description: '',
  kind: 'reading',
  free: false,
  durationMinutes: 3,
  videoUrl: null,
  captionsUrl: null,
  reading: null,
  ...over,
});

function draft(over: Partial<AuthoringCourse> = {}): AuthoringCourse {
  return {
    id: 'c1',
    slug: 'c1-bending-sides',
    status: 'draft',
    publishedAt: null,
    unpublished: null,
    title: 'Bending sides',
    description: 'Heat, water and patience.',
    fullDescription: '',
    level: 'beginner',
    category: 'classical',
    tags: [],
    requirements: [],
    learn: [],
    coverImage: null,
    createdAt: '2026-12-01T10:00:00.000Z',
    updatedAt: '2026-12-01T10:00:00.000Z',
    sections: [
      { id: 's1', title: 'Tools', description: '', lessons: [lesson('l1', 'The bending iron')] },
      {
        id: 's2',
        title: 'Bending',
        description: '',
        lessons: [
          lesson('l2', 'Wetting the wood'),
          lesson('l3', 'The waist', { kind: 'video', durationMinutes: 4 }),
        ],
      },
    ],
    publishCheck: { ready: false, missing: [] },
    ...over,
  };
}

const reordered = (course: AuthoringCourse, ids: string[]) => ({
  ...course,
  sections: ids.map((id) => course.sections.find((s) => s.id === id)!),
});

/** The items of one list (not of the lists inside it), by their grips' names. */
const itemNames = (list: HTMLElement) =>
  [...list.querySelectorAll(':scope > li > button[aria-label^="Reorder "]')].map((b) =>
    b.getAttribute('aria-label'),
  );

/** The editor as its page shows it: from the cached draft, which each answer of the server replaces. */
function renderEditor(course: AuthoringCourse) {
  const client = testQueryClient();
  client.setQueryData(
    ['GET /api/lms/authoring/courses/:courseId', { params: { courseId: course.id } }],
    course,
  );
  function Editor() {
    const { data } = useAuthoredCourse(course.id);
    return data ? <CourseOutlineEditor course={data} /> : null;
  }
  return renderWithProviders(<Editor />, { me, client });
}

const me = testUser({ role: 'luthier', handle: 'sam' });

describe('the course editor', () => {
  it('reorders sections with the keyboard: Space picks up, the arrow moves, Space drops and saves', async () => {
    const course = draft();
    const calls = mockFetch({
      'PUT /api/lms/authoring/courses/c1/sections/order': (body) => ({
        json: reordered(course, (body as { sectionIds: string[] }).sectionIds),
      }),
    });
    renderEditor(course);
    const sections = screen.getByRole('list', { name: 'Sections' });
    expect(itemNames(sections)).toEqual(['Reorder Tools', 'Reorder Bending']);

    const grip = screen.getByRole('button', { name: 'Reorder Tools' });
    grip.focus();
    await userEvent.keyboard(' ');
    expect(screen.getByText(/Tools picked up, position 1 of 2/)).toBeInTheDocument();
    await userEvent.keyboard('{ArrowDown}');
    // Moved on screen, not saved until dropped.
    expect(itemNames(sections)).toEqual(['Reorder Bending', 'Reorder Tools']);
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await userEvent.keyboard(' ');
    expect(screen.getByText('Tools dropped at position 2 of 2.')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ sectionIds: ['s2', 's1'] });
    expect(itemNames(sections)).toEqual(['Reorder Bending', 'Reorder Tools']);
  });

  it('Escape puts a held item back and saves nothing', async () => {
    const calls = mockFetch({});
    renderEditor(draft());
    screen.getByRole('button', { name: 'Reorder Tools' }).focus();
    await userEvent.keyboard(' {ArrowDown}{Escape}');
    expect(itemNames(screen.getByRole('list', { name: 'Sections' }))).toEqual([
      'Reorder Tools',
      'Reorder Bending',
    ]);
    expect(screen.getByText('Move cancelled; Tools is back at position 1 of 2.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('moves a lesson up with its button and saves the section’s new order', async () => {
    const course = draft();
    const calls = mockFetch({
      'PUT /api/lms/authoring/sections/s2/lessons/order': () => ({
        json: {
          ...course,
          sections: [
            course.sections[0]!,
            { ...course.sections[1]!, lessons: [...course.sections[1]!.lessons].reverse() },
          ],
        },
      }),
    });
    renderEditor(course);
    const lessons = screen.getByRole('list', { name: 'Lessons of Bending' });
    expect(screen.getByRole('button', { name: 'Move Wetting the wood up' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Move The waist up' }));
    await waitFor(() =>
      expect(itemNames(lessons)).toEqual(['Reorder The waist', 'Reorder Wetting the wood']),
    );
    expect(itemNames(lessons)).toEqual(['Reorder The waist', 'Reorder Wetting the wood']);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ lessonIds: ['l3', 'l2'] });
    // What each lesson still lacks shows beside it.
    expect(within(lessons).getByText('No video yet')).toBeInTheDocument();
    expect(within(lessons).getByText('No text yet')).toBeInTheDocument();
  });

  it('drags a section onto another with the mouse and saves the new order', async () => {
    const course = draft();
    const calls = mockFetch({
      'PUT /api/lms/authoring/courses/c1/sections/order': (body) => ({
        json: reordered(course, (body as { sectionIds: string[] }).sectionIds),
      }),
    });
    renderEditor(course);
    const sections = screen.getByRole('list', { name: 'Sections' });
    const dataTransfer = { setData: () => {}, setDragImage: () => {}, effectAllowed: '', dropEffect: '' };
    const target = screen.getByRole('button', { name: 'Reorder Tools' }).closest('li')!;
    fireEvent.dragStart(screen.getByRole('button', { name: 'Reorder Bending' }), { dataTransfer });
    fireEvent.dragOver(target, { dataTransfer });
    fireEvent.drop(target, { dataTransfer });
    await waitFor(() => expect(itemNames(sections)).toEqual(['Reorder Bending', 'Reorder Tools']));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ sectionIds: ['s2', 's1'] });
  });

  it('Publish shows each thing the server says is missing, with a link to the lesson it names', async () => {
    mockFetch({
      'POST /api/lms/authoring/courses/c1/publish': () => ({
        status: 409,
        json: {
          error: 'The course is not complete yet.',
          code: 'COURSE_INCOMPLETE',
          fields: { cover: 'Upload a cover image.', 'lesson.l2': 'Write the text of this lesson.' },
        },
      }),
    });
    renderWithProviders(<PublishPanel course={draft()} />, { me });
    expect(screen.getByText('Draft')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The course cannot be published yet. Still missing:');
    const items = within(alert).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Upload a cover image.',
      'Wetting the wood: Write the text of this lesson.',
    ]);
    expect(within(alert).getByRole('link', { name: 'Wetting the wood' })).toHaveAttribute(
      'href',
      '/teach/courses/c1/lessons/l2',
    );
  });

  it('shows an admin’s reason on an unpublished course, and Unpublish on a published one', () => {
    mockFetch({});
    const { unmount } = renderWithProviders(
      <PublishPanel
        course={draft({
          status: 'unpublished',
          unpublished: { by: 'admin', reason: 'The photos are not yours.', at: '2026-12-02T10:00:00.000Z' },
        })}
      />,
      { me },
    );
    expect(screen.getByText('Unpublished by an admin: The photos are not yours.')).toBeInTheDocument();
    unmount();
    renderWithProviders(<PublishPanel course={draft({ status: 'published' })} />, { me });
    expect(screen.getByRole('button', { name: 'Unpublish' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
  });
});

describe('the reading editor', () => {
  const preview = (blocks: ReadingBlock[]) => (
    <ol aria-label="Preview blocks">
      {blocks.map((b, i) => (
        <li key={i}>{b.type === 'measurement' ? `${b.label}: ${b.value} ${b.unit}` : JSON.stringify(b)}</li>
      ))}
    </ol>
  );

  it('writes blocks with a live preview and saves them as structured text, never HTML', async () => {
    const course = draft();
    const calls = mockFetch({
      'PUT /api/lms/authoring/lessons/l1/reading': (body) => ({
        json: lesson('l1', 'The bending iron', { reading: (body as { body: ReadingBlock[] }).body }),
      }),
      'GET /api/lms/authoring/courses/c1': () => ({ json: course }),
    });
    renderWithProviders(
      <ReadingEditor courseId="c1" lesson={course.sections[0]!.lessons[0]!} renderPreview={preview} />,
      { me },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Paragraph' }));
    await userEvent.type(screen.getByLabelText('Paragraph'), 'Heat the iron to <b>200</b> degrees.');
    await userEvent.click(screen.getByRole('button', { name: 'Measurement' }));
    await userEvent.type(screen.getByLabelText('What is measured'), 'Side thickness');
    await userEvent.type(screen.getByLabelText('Value'), '2.1');
    const shown = screen.getByRole('list', { name: 'Preview blocks' });
    expect(
      within(shown)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      JSON.stringify({ type: 'paragraph', text: 'Heat the iron to <b>200</b> degrees.' }),
      'Side thickness: 2.1 mm',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Save text' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      body: [
        { type: 'paragraph', text: 'Heat the iron to <b>200</b> degrees.' },
        { type: 'measurement', label: 'Side thickness', value: 2.1, unit: 'mm' },
      ],
    });
  });

  it('names what is wrong in a block and sends nothing', async () => {
    const calls = mockFetch({});
    renderWithProviders(
      <ReadingEditor courseId="c1" lesson={lesson('l1', 'The bending iron')} renderPreview={preview} />,
      { me },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Measurement' }));
    await userEvent.type(screen.getByLabelText('What is measured'), 'Side thickness');
    await userEvent.click(screen.getByRole('button', { name: 'Save text' }));
    expect(await screen.findByText('Enter a number.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
