// CPU of the parts of an adversarial progress save that run in JavaScript, in process (no server, no database):
// the body's JSON parse, the body's schema, normalising the 500 fragments, merging them into 200
// stored ranges, and the answer's schema with its JSON. Each part repeated, µs of this process's CPU per call.
//   npx tsx bench/save-parts.ts      (in another checkout too, to compare builds in the same minutes)
import { progressSaveResponseSchema, videoProgressSchema } from '../contract/academy';
import { addRanges, normalizeRanges, type Range } from '../contract/academy-ranges';
import { fragmentBody } from './fixtures';

function time(name: string, calls: number, part: () => unknown): void {
  for (let i = 0; i < calls / 10; i++) part();
  const before = process.cpuUsage();
  for (let i = 0; i < calls; i++) part();
  const used = process.cpuUsage(before);
  console.log(`${name}: ${((used.user + used.system) / calls).toFixed(1)} µs`);
}

const body = fragmentBody(3);
const parsed = JSON.parse(body) as { eventData: { ranges: Range[] } };
const incoming = parsed.eventData.ranges;
// The longest lesson of the bench's course is an hour; after one save the record holds the cap, 200 ranges.
const LESSON_S = 3600;
const stored = addRanges([], incoming, LESSON_S, Number.POSITIVE_INFINITY).ranges;
const answer = {
  lessonId: 'lesson',
  progressPercent: 3,
  timeSpent: 30,
  lastPosition: 0,
  watchedRanges: stored,
  completed: false,
  completedAt: null,
  startedAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
  completedNow: false,
  certificateId: null,
};
// Fastify parses bodies with secure-json-parse, which is JSON.parse and a scan for __proto__: about the same.
time('body JSON.parse', 2000, () => JSON.parse(body));
time('body schema (500 ranges)', 2000, () => videoProgressSchema.safeParse(parsed));
time('normalizeRanges (500 fragments)', 2000, () => normalizeRanges(incoming, LESSON_S));
time(`addRanges (${stored.length} stored + 500, a save's budget)`, 2000, () =>
  addRanges(stored, incoming, LESSON_S, 62),
);
time('answer schema + JSON.stringify (200 ranges)', 2000, () =>
  JSON.stringify(progressSaveResponseSchema.parse(answer)),
);
