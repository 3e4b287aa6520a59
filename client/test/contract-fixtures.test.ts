import { describe, expect, it } from 'vitest';
import { answerProblems, declaredOperation, requestProblems, takeContractDrift } from './contract-fixtures';
import { mockFetch } from './render';

// The fetch mock's guard (client/test/render.tsx) is only as good as these verdicts: a fixture the server could
// not send is named with its operation and the zod issue, and a good one passes untouched.
describe('fixtures checked against the declarations', () => {
  it('finds the operation as the server routes it: a fixed word before a parameter', () => {
    expect(declaredOperation('PUT', '/api/registry/instruments/i1/images/order')?.path).toBe(
      '/api/registry/instruments/:id/images/order',
    );
    expect(declaredOperation('PATCH', '/api/registry/instruments/i1/images/p1')?.path).toBe(
      '/api/registry/instruments/:id/images/:imageId',
    );
    expect(declaredOperation('GET', '/api/profile/u/ada?x=1')?.path).toBe('/api/profile/u/:slug');
    expect(declaredOperation('GET', 'http://localhost/log/tile/0/001')?.path).toBe('/log/tile/:level/*');
    expect(declaredOperation('DELETE', '/api/profile/u/ada')).toBeUndefined();
  });

  it('names each field a drifted answer misses or gets wrong, and each field the contract no longer has', () => {
    expect(
      answerProblems('GET', '/api/public/check?q=LR-AAAA-BBBB', 200, {
        json: { result: 'not_found', retired: true },
      }),
    ).toEqual(['retired: not a field of the declared answer']);
    expect(
      answerProblems('GET', '/api/registry/privacy', 200, { json: { ownerPrivacy: 'yes', chosen: true } }),
    ).toEqual(['ownerPrivacy: Invalid input: expected boolean, received string']);
    expect(
      answerProblems('GET', '/api/registry/privacy', 200, { json: { ownerPrivacy: true, chosen: false } }),
    ).toEqual([]);
  });

  it('checks the status: the declared success status, a failure the operation declares, the error shape', () => {
    const review = '/api/lms/courses/course-1/reviews/r1';
    expect(answerProblems('DELETE', review, 200, { json: {} })).toEqual(['answers 204, not 200']);
    expect(answerProblems('DELETE', review, 204, {})).toEqual([]);
    expect(
      answerProblems('GET', '/api/registry/privacy', 409, { json: { error: 'x', code: 'CONFLICT' } }),
    ).toEqual(['409 is not a failure GET /api/registry/privacy declares (errors: 401)']);
    expect(answerProblems('GET', '/api/registry/privacy', 401, { json: { error: 'Sign in.' } })).toEqual([
      'code: Invalid input: expected string, received undefined',
    ]);
  });

  it('refuses an address no operation answers under /api, and leaves plain files alone', () => {
    expect(answerProblems('GET', '/api/nowhere', 200, { json: {} })).toEqual([
      'no operation declared in contract/api answers GET /api/nowhere',
    ]);
    expect(answerProblems('GET', '/videos/clip.en.vtt', 200, { text: 'WEBVTT' })).toEqual([]);
  });

  it('checks what the client sends against the declared body', () => {
    expect(requestProblems('PUT', '/api/registry/instruments/i1/images/order', { imageIds: ['a'] })).toEqual([
      'body imageIds.0: Invalid UUID',
    ]);
    expect(requestProblems('PUT', '/api/registry/privacy', { ownerPrivacy: true })).toEqual([]);
  });

  it('remembers a fetch no handler answers, so the test fails even when the page swallowed the rejection', async () => {
    mockFetch({ 'GET /api/auth/me': () => ({ json: { user: null } }) });
    await expect(fetch('/api/notifications')).rejects.toThrow('unexpected fetch GET /api/notifications');
    expect(takeContractDrift()).toEqual([
      "unexpected fetch GET /api/notifications: the test's mockFetch has no handler for it",
    ]);
  });

  it('refuses every fetch of a test that mocked none, whatever an earlier test mocked', async () => {
    await expect(fetch('/api/auth/me')).rejects.toThrow('unexpected fetch GET /api/auth/me');
    expect(takeContractDrift()).toHaveLength(1);
  });
});
