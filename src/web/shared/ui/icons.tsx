// Inline icons: no icon font, no requests.
const base = { width: 24, height: 24, viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false } as const;

export const MenuIcon = () => (
  <svg {...base}>
    <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
);
export const AccountIcon = () => (
  <svg {...base}>
    <circle cx="12" cy="8" r="4" stroke="currentColor" strokeWidth="2" fill="none" />
    <path
      d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6"
      stroke="currentColor"
      strokeWidth="2"
      fill="none"
      strokeLinecap="round"
    />
  </svg>
);
export const BasketIcon = () => (
  <svg {...base}>
    <path
      d="M5 9h14l-1.5 10.5a2 2 0 0 1-2 1.5h-7a2 2 0 0 1-2-1.5L5 9zM9 9V7a3 3 0 0 1 6 0v2"
      stroke="currentColor"
      strokeWidth="2"
      fill="none"
      strokeLinejoin="round"
    />
  </svg>
);
export const ChevronDown = () => (
  <svg {...base} width={16} height={16}>
    <path d="M6 9l6 6 6-6" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" />
  </svg>
);
export const ChevronRight = () => (
  <svg {...base} width={18} height={18}>
    <path d="M9 6l6 6-6 6" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" />
  </svg>
);
export const ChevronLeft = () => (
  <svg {...base} width={18} height={18}>
    <path d="M15 6l-6 6 6 6" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" />
  </svg>
);
export const LockIcon = () => (
  <svg {...base} width={16} height={16}>
    <rect x="5" y="11" width="14" height="10" rx="2" stroke="currentColor" strokeWidth="2" fill="none" />
    <path d="M8 11V8a4 4 0 0 1 8 0v3" stroke="currentColor" strokeWidth="2" fill="none" />
  </svg>
);
export const PauseIcon = () => (
  <svg {...base} width={16} height={16}>
    <path d="M8 5v14M16 5v14" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
  </svg>
);
export const PlayIcon = () => (
  <svg {...base} width={16} height={16}>
    <path d="M7 5l12 7-12 7z" fill="currentColor" />
  </svg>
);
