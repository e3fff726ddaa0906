import { describe, expect, test } from 'vitest';
import { ApiError, NetworkError } from '../../shared/api/client';
import { problemText } from './use-kitchen-action';

// What a failed button says: what happened, and what to do next.

describe('a failed step, in words', () => {
  test('each kind of failure says what to do', () => {
    expect(problemText(new NetworkError('x'))).toMatch(/couldn’t reach Sfoglia.*try again/);
    expect(problemText(new ApiError(401, 'UNAUTHENTICATED', 'Sign in'))).toBe(
      'You have been signed out. Sign in again, then try again.',
    );
    expect(
      problemText(new ApiError(409, 'CONFLICT', 'This order is accepted and cannot be accepted now')),
    ).toBe('This order is accepted and cannot be accepted now. The ticket now shows where it is.');
    expect(problemText(new ApiError(404, 'ORDER_NOT_FOUND', 'We couldn’t find that ticket'))).toMatch(
      /no longer on your board\. Reload/,
    );
    expect(problemText(new ApiError(500, 'INTERNAL', 'Boom'))).toBe(
      'Something went wrong at Sfoglia’s end. Try again in a moment.',
    );
    expect(
      problemText(
        new ApiError(409, 'ALLERGENS_NOT_ACKNOWLEDGED', 'Read them and acknowledge them before accepting'),
      ),
    ).toBe('Read them and acknowledge them before accepting.');
    expect(problemText(new ApiError(400, 'VALIDATION_FAILED', 'reason is too short.'))).toBe(
      'reason is too short.',
    );
  });
});
