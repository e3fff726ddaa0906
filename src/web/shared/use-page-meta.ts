import { useEffect } from 'react';

/** Sets the document title ("Menu · Sfoglia"). The shell records the page view after it. */
export function usePageMeta(title: string) {
  useEffect(() => {
    document.title = `${title} · Sfoglia`;
  }, [title]);
}
