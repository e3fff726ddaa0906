import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { whenIdle } from './when-idle';

/**
 * A part of a page that its first screen does not show (a dish's sheet and other dialogs a tap opens, the
 * visitor's own basket once it is read): not in the page's first JS (issue 24). Its chunk is fetched by
 * `preload` (the page calls it once the browser is idle) or when the part is first rendered; until it is
 * in, the part renders `fallback` (nothing, or what the part's place showed before it). One the server rendered (a dish's address opens its sheet) keeps its HTML,
 * and React hydrates it once its chunk is in.
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
) {
  type Module = { default: ComponentType<P> };
  let loading: Promise<Module> | undefined;
  let loaded: Module | undefined;
  const preload = () => (loading ??= load().then((Component) => (loaded = { default: Component })));
  // Loaded already, it is handed to React at once: React's lazy waits a task for any promise, resolved or
  // not, and would show the fallback for a frame; a thenable that answers at once it uses as it renders.
  const Part = lazy(() =>
    loaded
      ? ({ then: (resolve: (module: Module) => void) => resolve(loaded!) } as Promise<Module>)
      : preload(),
  );
  function LazyPart(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Part {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyPart, { preload });
}

/** For a page's effect: its parts fetched once the browser is idle (cancelled if the page goes first). */
export const preloadWhenIdle =
  (...parts: { preload: () => Promise<unknown> }[]) =>
  () =>
    whenIdle(() => {
      for (const part of parts) void part.preload();
    });
