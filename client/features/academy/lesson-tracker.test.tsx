import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Lesson, LessonProgress } from '../../../contract/academy';
import { mockFetch, renderWithProviders } from '../../test/render';
import { LessonView } from './lesson-view';

const lesson: Lesson = {
  id: 'l-read',
  courseId: 'c',
  courseTitle: 'Course',
  sectionTitle: 'Section',
  title: 'Reading lesson',
  description: 'Read this.',
  videoUrl: null,
  captionsUrl: null,
  reading: null,
  duration: 1,
  free: false,
  resources: [],
  previousLessonId: null,
  nextLessonId: null,
  nextLessonFree: false,
};
const progress: LessonProgress = {
  lessonId: 'l-read',
  progressPercent: 0,
  timeSpent: 10,
  lastPosition: 0,
  watchedRanges: [],
  completed: false,
  completedAt: null,
  startedAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('lesson progress tracking', () => {
  it('saves every 30 s of timer time, on pause and by beacon when the page is hidden', async () => {
    const calls = mockFetch({
      'POST /api/lms/lessons/l-read/video-progress': (body) => {
        const b = body as { videoProgressSeconds: number; eventData: { totalTime: number } };
        return {
          json: {
            ...progress,
            progressPercent: Math.floor((b.videoProgressSeconds / 60) * 100),
            timeSpent: b.eventData.totalTime,
            completedNow: false,
            certificateId: null,
          },
        };
      },
    });
    const beacons: { url: string; blob: Blob }[] = [];
    Object.defineProperty(navigator, 'sendBeacon', {
      configurable: true,
      value: (url: string, blob: Blob) => {
        beacons.push({ url, blob });
        return true;
      },
    });
    renderWithProviders(<LessonView lesson={lesson} progress={progress} signedIn backTo="/" />);
    expect(screen.getByText('0:10')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Start timer' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(31_000);
    });
    const saves = () => calls.filter((c) => c.url.endsWith('/video-progress'));
    expect(saves()).toHaveLength(1);
    expect(saves()[0]?.body).toMatchObject({ eventData: { totalTime: 40 } });
    expect(screen.getByText(/^Progress: 5\d%$/)).toBeInTheDocument();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(4_000);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Pause timer' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(saves()).toHaveLength(2);
    const paused = saves()[1]?.body as { videoProgressSeconds: number; eventData: { totalTime: number } };
    expect(paused.videoProgressSeconds).toBeGreaterThanOrEqual(34);
    expect(paused.eventData.totalTime).toBeGreaterThanOrEqual(44);

    fireEvent.click(screen.getByRole('button', { name: 'Resume timer' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3_000);
    });
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    expect(beacons).toHaveLength(1);
    expect(beacons[0]?.url).toBe('/api/lms/lessons/l-read/video-progress');
    expect(beacons[0]?.blob.type).toBe('text/plain');
    vi.useRealTimers();
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
      reader.readAsText(beacons[0]?.blob ?? new Blob());
    });
    const sent = JSON.parse(text) as { videoProgressSeconds: number };
    expect(sent.videoProgressSeconds).toBeGreaterThanOrEqual(36);
  });

  it('a playing video re-rendering four times a second keeps its clock: the 30 s save carries real time and ranges', async () => {
    const calls = mockFetch({
      'POST /api/lms/lessons/l-video/video-progress': () => ({
        json: {
          ...progress,
          lessonId: 'l-video',
          timeSpent: 40,
          progressPercent: 50,
          completedNow: false,
          certificateId: null,
        },
      }),
    });
    const clip = { ...lesson, id: 'l-video', videoUrl: '/videos/clip.webm' };
    renderWithProviders(
      <LessonView lesson={clip} progress={{ ...progress, lessonId: 'l-video' }} signedIn backTo="/" />,
    );
    const video = screen.getByLabelText('Video: Reading lesson');
    let position = 0;
    Object.defineProperty(video, 'currentTime', { configurable: true, get: () => position });
    fireEvent.play(video);
    for (let i = 0; i < 31 * 4; i++) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(250);
      });
      position += 0.25;
      fireEvent.timeUpdate(video);
    }
    const saves = calls.filter((c) => c.url.endsWith('/video-progress'));
    expect(saves).toHaveLength(1);
    const body = saves[0]?.body as { eventData: { totalTime: number; ranges: number[][] } };
    expect(body.eventData.totalTime).toBe(40);
    expect(body.eventData.ranges[0]?.[0]).toBe(0);
    expect(body.eventData.ranges[0]?.[1]).toBeGreaterThanOrEqual(29.5);
  });
});
