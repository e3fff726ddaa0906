import type { ErrorEvent } from '@sentry/node';

// Nothing personal leaves for Sentry (issue 25 part 6): Sentry's beforeSend for the server. An event keeps
// what says where the fault is (the exception and its stack, the route, the request id as a tag); the
// request's cookies, headers, body, query and address, the user, and the breadcrumbs (which carry URLs and
// log lines) are removed, and anything shaped like an email address in a message or a source line is masked.

const EMAIL = /[^\s@<>"'(),;:]+@[^\s@<>"'(),;:]+\.[^\s@<>"'(),;:]+/g;

function mask(text: string | undefined): string | undefined {
  return text === undefined ? undefined : text.replace(EMAIL, '[email]');
}

export function scrubEvent<T extends ErrorEvent>(event: T): T {
  delete event.user;
  delete event.breadcrumbs;
  if (event.request) {
    const url = event.request.url;
    event.request = {
      ...(event.request.method ? { method: event.request.method } : {}),
      // The address without its query (a sign-in link's token, a search's postcode) or fragment.
      ...(url ? { url: url.replace(/[?#].*$/, '') } : {}),
    };
  }
  if (event.contexts) {
    // Sentry's own notes of the answer and the process's culture stay; anything it added about a person goes.
    delete (event.contexts as Record<string, unknown>).user;
  }
  if (event.message !== undefined) event.message = mask(event.message);
  for (const value of event.exception?.values ?? []) {
    value.value = mask(value.value);
    // The source lines around each frame are code, but code can hold an address (a test's, a default's).
    for (const frame of value.stacktrace?.frames ?? []) {
      frame.context_line = mask(frame.context_line);
      frame.pre_context = frame.pre_context?.map((line) => mask(line)!);
      frame.post_context = frame.post_context?.map((line) => mask(line)!);
    }
  }
  return event;
}
