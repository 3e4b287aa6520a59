import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Lesson, LessonProgress, ProgressSaveResponse } from '../../../contract/academy';
import { mockFetch, renderWithProviders } from '../../test/render';
import { LessonView } from './lesson-view';

/*
 * The time a learner sees, second by second, under a fake clock: what the page counts while a clip plays or a
 * reading timer runs, what each save carries, and what it shows once the server has answered. The browser
 * journey (e2e/academy-progress.spec.ts) checks the same figures after a few seconds of real use.
 */

type SaveBody = {
  videoProgressSeconds: number;
  eventData: { totalTime: number; progressPercent: number; ranges: number[][] };
};

const clip: Lesson = {
  id: 'l-clip',
  courseId: 'c',
  courseTitle: 'Course',
  sectionTitle: 'Section',
  title: 'Welcome to the workshop',
  description: 'Watch it through.',
  videoUrl: '/videos/clip.webm',
  captionsUrl: null,
  reading: null,
  duration: 1,
  free: false,
  resources: [],
  previousLessonId: null,
  nextLessonId: null,
  nextLessonFree: false,
};
const reading: Lesson = {
  ...clip,
  id: 'l-read',
  title: 'Deflection testing a top',
  videoUrl: null,
  duration: 5,
};

const record = (lessonId: string, fields: Partial<LessonProgress> = {}): LessonProgress => ({
  lessonId,
  progressPercent: 0,
  timeSpent: 0,
  lastPosition: 0,
  watchedRanges: [],
  completed: false,
  completedAt: null,
  startedAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  ...fields,
});

/**
 * A server that stores what it is sent, except that it credits time by its own clock: `lag` seconds behind the
 * page's count (it credits whole seconds between saves), as the real one may be.
 */
function progressServer(lesson: Lesson, lag = 0) {
  const calls = mockFetch({
    [`POST /api/lms/lessons/${lesson.id}/video-progress`]: (body) => {
      const b = body as SaveBody;
      const answer: ProgressSaveResponse = {
        ...record(lesson.id),
        progressPercent: b.eventData.progressPercent,
        timeSpent: Math.max(0, b.eventData.totalTime - lag),
        lastPosition: b.videoProgressSeconds,
        watchedRanges: b.eventData.ranges as [number, number][],
        completedNow: false,
        certificateId: null,
      };
      return { json: answer };
    },
  });
  return () => calls.filter((c) => c.url.endsWith('/video-progress')).map((c) => c.body as SaveBody);
}

const shownTime = () => screen.getByTestId('time-spent').textContent;
const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the time a lesson shows', () => {
  it('a clip played for 40 s counts each second, saves at 30 s during playback, and shows what the server stored once paused', async () => {
    const saves = progressServer(clip, 1);
    renderWithProviders(<LessonView lesson={clip} progress={record(clip.id)} signedIn backTo="/" />);
    expect(shownTime()).toBe('0:00');
    const video = screen.getByLabelText('Video: Welcome to the workshop');
    let position = 0;
    Object.defineProperty(video, 'currentTime', { configurable: true, get: () => position });
    fireEvent.play(video);
    for (let second = 1; second <= 40; second++) {
      // The player reports its position four times a second, as Chromium does while playing.
      for (let quarter = 0; quarter < 4; quarter++) {
        position += 0.25;
        fireEvent.timeUpdate(video);
        await advance(250);
      }
      expect(shownTime(), `after ${second} s`).toBe(`0:${String(second).padStart(2, '0')}`);
      // The 30-second save leaves while the clip plays, with the time counted so far and the range played.
      expect(saves(), `after ${second} s`).toHaveLength(second < 30 ? 0 : 1);
    }
    expect(saves()[0]).toEqual({
      videoProgressSeconds: 30,
      eventData: { totalTime: 30, progressPercent: 50, ranges: [[0, 30]] },
    });
    expect(screen.getByText('Progress: 66%')).toBeInTheDocument();

    fireEvent.pause(video);
    await advance(0);
    expect(saves()).toHaveLength(2);
    expect(saves()[1]).toEqual({
      videoProgressSeconds: 40,
      eventData: { totalTime: 40, progressPercent: 66, ranges: [[0, 40]] },
    });
    // At rest the page shows the server's figure (one second behind its own count here): what a reload shows.
    expect(shownTime()).toBe('0:39');
    expect(screen.getByText('Progress: 66%')).toBeInTheDocument();
    // Time standing still while paused adds nothing, and sends nothing.
    await advance(10_000);
    expect(shownTime()).toBe('0:39');
    expect(saves()).toHaveLength(2);
  });

  it('the stored record opens the lesson where it stopped, with the stored time', () => {
    mockFetch({});
    const stored = record(clip.id, {
      timeSpent: 39,
      lastPosition: 40,
      progressPercent: 66,
      watchedRanges: [[0, 40]],
    });
    renderWithProviders(<LessonView lesson={clip} progress={stored} signedIn backTo="/" />);
    expect(screen.getByText('Resume at 0:40')).toBeInTheDocument();
    expect(shownTime()).toBe('0:39');
    expect(screen.getByText('Progress: 66%')).toBeInTheDocument();
  });

  it('a reading timer run for 35 s saves at 30 s and on pause, shows 0:35, and Mark as Complete waits for 2:30', async () => {
    const saves = progressServer(reading);
    renderWithProviders(<LessonView lesson={reading} progress={record(reading.id)} signedIn backTo="/" />);
    fireEvent.click(screen.getByRole('button', { name: 'Start timer' }));
    for (let second = 1; second <= 35; second++) {
      await advance(1000);
      expect(shownTime(), `after ${second} s`).toBe(`0:${String(second).padStart(2, '0')}`);
      expect(saves(), `after ${second} s`).toHaveLength(second < 30 ? 0 : 1);
    }
    expect(saves()[0]).toEqual({
      videoProgressSeconds: 30,
      eventData: { totalTime: 30, progressPercent: 10, ranges: [[0, 30]] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Pause timer' }));
    await advance(0);
    expect(saves()[1]).toEqual({
      videoProgressSeconds: 35,
      eventData: { totalTime: 35, progressPercent: 11, ranges: [[0, 35]] },
    });
    expect(shownTime()).toBe('0:35');
    // 35 s of a five-minute reading.
    expect(screen.getByText('Progress: 11%')).toBeInTheDocument();
    const complete = screen.getByRole('button', { name: 'Mark as Complete' });
    expect(complete).toBeDisabled();
    expect(complete).toHaveAccessibleDescription(
      'Read for 2 more minutes to mark it complete: the timer runs while you read.',
    );

    // Resumed: Mark as Complete opens at exactly half the lesson's length, 2:30.
    fireEvent.click(screen.getByRole('button', { name: 'Resume timer' }));
    await advance(114_000);
    expect(shownTime()).toBe('2:29');
    expect(complete).toHaveAccessibleDescription(
      'Read for 1 more second to mark it complete: the timer runs while you read.',
    );
    expect(complete).toBeDisabled();
    await advance(1000);
    expect(shownTime()).toBe('2:30');
    expect(complete).toBeEnabled();
    // On the way, a save after every 30 s of reading since the last one: at 65, 95 and 125 s.
    expect(saves().map((s) => s.eventData.totalTime)).toEqual([30, 35, 65, 95, 125]);
  });

  it('a guest sees the same count, and nothing is sent', async () => {
    const saves = progressServer(reading);
    renderWithProviders(<LessonView lesson={reading} progress={null} signedIn={false} backTo="/" />);
    fireEvent.click(screen.getByRole('button', { name: 'Start timer' }));
    await advance(45_000);
    expect(shownTime()).toBe('0:45');
    expect(saves()).toEqual([]);
  });
});
