import { describe, expect, test } from 'vitest';
import { apiErrorFrom, NetworkError } from '../api/client';
import { explainFailure, failureMessage } from './use-form';

// What a form shows when sending fails (the hook applies it): the server's problems beside the fields
// they name, the rest as one message for the whole form.

const values = { firstName: 'Ada', email: 'ada@example.com', phone: '' };
const answer = (...errors: { code: string; detail: string; pointer?: string }[]) =>
  apiErrorFrom(400, {
    errors: errors.map(({ pointer, ...e }) => ({
      status: '400',
      ...e,
      ...(pointer ? { source: { pointer } } : {}),
    })),
  });
const general = () => 'Something went wrong. Please try again.';

describe('explainFailure', () => {
  test('a problem with a field of the form is shown beside it, and nothing for the whole form', () => {
    const error = answer({ code: 'INVALID_EMAIL', detail: 'Invalid email', pointer: '/email' });
    expect(explainFailure(error, values, general)).toEqual({
      fields: [{ key: 'email', message: 'Invalid email' }],
      form: null,
    });
  });

  test('the server’s snake_case pointer finds the camelCase field', () => {
    const error = answer({
      code: 'VALIDATION_FAILED',
      detail: 'Enter a shorter name',
      pointer: '/first_name',
    });
    expect(explainFailure(error, values, general).fields).toEqual([
      { key: 'firstName', message: 'Enter a shorter name' },
    ]);
  });

  test('a problem with no field, or a field the form does not have, is for the whole form', () => {
    const mixed = answer(
      { code: 'VALIDATION_FAILED', detail: 'Enter a real phone number', pointer: '/phone' },
      { code: 'VALIDATION_FAILED', detail: 'Unknown field', pointer: '/country_code' },
    );
    expect(explainFailure(mixed, values, (e) => (e as Error).message)).toEqual({
      fields: [{ key: 'phone', message: 'Enter a real phone number' }],
      form: 'Enter a real phone number',
    });
    const refused = answer({ code: 'RATE_LIMITED', detail: 'Too many tries. Wait a minute.' });
    expect(explainFailure(refused, values, failureMessage)).toEqual({
      fields: [],
      form: 'Too many tries. Wait a minute.',
    });
  });

  test('an error that is not the server’s is described; an aborted request shows nothing', () => {
    expect(explainFailure(new TypeError('Failed to fetch'), values, general).form).toBe(general());
    const aborted = new DOMException('The user aborted a request.', 'AbortError');
    expect(explainFailure(aborted, values, general)).toEqual({ fields: [], form: null });
  });
});

describe('failureMessage', () => {
  test('the server’s reason when it refused; the network’s advice; else a general sentence', () => {
    expect(failureMessage(answer({ code: 'OUT_OF_STOCK', detail: 'Only 2 left' }))).toBe('Only 2 left');
    expect(failureMessage(new NetworkError('Check your connection and try again.'))).toBe(
      'Check your connection and try again.',
    );
    expect(
      failureMessage(apiErrorFrom(500, { errors: [{ status: '500', code: 'INTERNAL', detail: 'req 1' }] })),
    ).toBe('Something went wrong. Please try again.');
  });
});
