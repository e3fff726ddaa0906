import type { ReactNode } from 'react';

// One icon set, inline (no icon font, no requests): drawn on a 24-unit grid as 2-unit round-capped strokes
// in the text colour, and scaled as a whole, so an icon at 16 px keeps the same look as one at 24 px.
// Decorative: the control that holds an icon names it.

function Icon({ size = 24, children }: { size?: number; children: ReactNode }) {
  return (
    <svg
      className="icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const MenuIcon = () => (
  <Icon>
    <path d="M4 7h16M4 12h16M4 17h16" />
  </Icon>
);
export const AccountIcon = () => (
  <Icon>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
  </Icon>
);
export const BasketIcon = () => (
  <Icon>
    <path d="M5 9h14l-1.5 10.5a2 2 0 0 1-2 1.5h-7a2 2 0 0 1-2-1.5L5 9zM9 9V7a3 3 0 0 1 6 0v2" />
  </Icon>
);
export const CloseIcon = ({ size = 24 }: { size?: number }) => (
  <Icon size={size}>
    <path d="M6 6l12 12M18 6L6 18" />
  </Icon>
);
export const CheckIcon = ({ size = 16 }: { size?: number }) => (
  <Icon size={size}>
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </Icon>
);
export const ChevronDown = () => (
  <Icon size={16}>
    <path d="M6 9l6 6 6-6" />
  </Icon>
);
export const ChevronRight = () => (
  <Icon size={18}>
    <path d="M9 6l6 6-6 6" />
  </Icon>
);
export const ChevronLeft = () => (
  <Icon size={18}>
    <path d="M15 6l-6 6 6 6" />
  </Icon>
);
export const ArrowLeft = () => (
  <Icon size={18}>
    <path d="M19 12H5M11 6l-6 6 6 6" />
  </Icon>
);
export const LockIcon = ({ size = 16 }: { size?: number }) => (
  <Icon size={size}>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V8a4 4 0 0 1 8 0v3" />
  </Icon>
);
export const PauseIcon = () => (
  <Icon size={16}>
    <path d="M9 5v14M15 5v14" />
  </Icon>
);
export const PlayIcon = () => (
  <Icon size={16}>
    <path d="M7 5l12 7-12 7z" />
  </Icon>
);
