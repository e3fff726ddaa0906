import { useEffect, useRef, useState } from 'react';
import type { Tab } from '../../../contracts/dine-in';
import { formatPence } from '../../../domain/money';

// The tab's screens read it every 5 s (decision 28): when its version moves on (a round, a part paid, the
// tab closed), what changed is said to a screen reader, once.

export function useBillUpdates(tab: Tab | null | undefined): string {
  const seen = useRef<{ id: string; version: number } | null>(null);
  const [said, setSaid] = useState('');
  useEffect(() => {
    if (!tab) return;
    const last = seen.current;
    seen.current = { id: tab.id, version: tab.version };
    if (!last || last.id !== tab.id || last.version === tab.version) return;
    setSaid(
      tab.state === 'closed'
        ? `The tab is closed: ${tab.stateLabel}.`
        : tab.parts.length > 0
          ? `The bill was updated: ${formatPence(tab.outstanding)} still to pay by others.`
          : `The tab was updated: ${formatPence(tab.foodTotal)} so far.`,
    );
  }, [tab]);
  return said;
}
