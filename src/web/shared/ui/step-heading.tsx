import { useEffect, useRef, type RefObject } from 'react';

/**
 * A step's heading (a checkout step, an auth card, "Check your inbox"): when the step changes, the page goes
 * back to its top and the new heading takes focus, so nobody is left half-way down a page that changed.
 */
export function useStepHeading<T extends HTMLElement = HTMLHeadingElement>(
  step: string,
): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => {
    const heading = ref.current;
    if (!heading) return;
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    heading.focus({ preventScroll: true });
  }, [step]);
  return ref;
}

/** A page's h1 that takes focus (at the top of the page) whenever it appears or changes. */
export function StepHeading({ children }: { children: string }) {
  const heading = useStepHeading(children);
  return (
    <h1 ref={heading} tabIndex={-1}>
      {children}
    </h1>
  );
}
