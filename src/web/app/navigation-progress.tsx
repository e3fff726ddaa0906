import { useIsFetching } from '@tanstack/react-query';
import { useNavigation } from '../shared/router';

// A progress bar on every navigation (spec §2), also while a screen's first data loads. CSS delays its
// appearance by 150 ms so fast changes do not flash.
export function NavigationProgress() {
  const navigating = useNavigation().state !== 'idle';
  const fetching = useIsFetching({ predicate: (query) => query.state.data === undefined }) > 0;
  const busy = navigating || fetching;
  return (
    <div
      className={`nav-progress ${busy ? 'nav-progress--active' : ''}`}
      role="progressbar"
      aria-label="Loading page"
      aria-hidden={!busy}
      aria-busy={busy}
      data-busy={busy}
    />
  );
}
