// W: progress saves (POST /api/lms/lessons/:id/video-progress) per second. Saves are limited to 300 per 10
// minutes per learner (server/features/academy/lessons.routes.ts), so each request goes to the next of many
// learners in turn, each on their own record: the limit is never what is measured, nor one learner's row lock.
import type autocannon from 'autocannon';
import { fragmentBody, progressBody, type Learner } from './fixtures';

export interface SaveRotation {
  requests: autocannon.Request[];
  /** Saves sent so far, over every load that used this rotation. */
  sent(): number;
  /** The most saves any one learner has sent. */
  mostPerLearner(): number;
}

/**
 * Requests for autocannon that cycle through `learners`; one rotation per server and kind, kept across rounds.
 * `plain` sends the seed's save (position and time, no watched ranges): the same request without range merging,
 * measured beside it to give merging's cost as a ratio in one run; `fragments` sends the adversarial save (500
 * scattered fragments), measured beside the ordinary one.
 */
export function saveRotation(
  learners: Learner[],
  kind: 'ranges' | 'plain' | 'fragments' = 'ranges',
): SaveRotation {
  let next = 0;
  return {
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const n = next++;
          const learner = learners[n % learners.length]!;
          return {
            ...request,
            method: 'POST',
            path: `/api/lms/lessons/${learner.lessonId}/video-progress`,
            headers: { cookie: learner.cookie, 'content-type': 'application/json' },
            body:
              kind === 'fragments'
                ? fragmentBody(Math.floor(n / learners.length))
                : progressBody(Math.floor(n / learners.length), kind === 'ranges'),
          };
        },
      },
    ],
    sent: () => next,
    mostPerLearner: () => Math.ceil(next / learners.length),
  };
}
