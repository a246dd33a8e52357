// The player's icons: decorative (aria-hidden); every button carries its own accessible name.
import type { ReactNode } from 'react';

function Icon({ children, size = 20 }: { children: ReactNode; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

export const PlayIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M8 5.14v13.72a1 1 0 0 0 1.52.85l10.2-6.86a1 1 0 0 0 0-1.7L9.52 4.29A1 1 0 0 0 8 5.14Z" />
  </Icon>
);

export const PauseIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <rect x="6" y="5" width="4" height="14" rx="1" />
    <rect x="14" y="5" width="4" height="14" rx="1" />
  </Icon>
);

export const PreviousIcon = () => (
  <Icon>
    <rect x="5" y="5" width="2.5" height="14" rx="1" />
    <path d="M19 5.9v12.2a.9.9 0 0 1-1.4.75L9.2 12.75a.9.9 0 0 1 0-1.5l8.4-6.1A.9.9 0 0 1 19 5.9Z" />
  </Icon>
);

export const NextIcon = () => (
  <Icon>
    <rect x="16.5" y="5" width="2.5" height="14" rx="1" />
    <path d="M5 5.9v12.2a.9.9 0 0 0 1.4.75l8.4-6.1a.9.9 0 0 0 0-1.5L6.4 5.15A.9.9 0 0 0 5 5.9Z" />
  </Icon>
);

export const VolumeIcon = () => (
  <Icon>
    <path d="M4 9.5v5a1 1 0 0 0 1 1h3l4.3 3.6a1 1 0 0 0 1.7-.77V5.67a1 1 0 0 0-1.7-.77L8 8.5H5a1 1 0 0 0-1 1Z" />
    <path
      d="M16.5 8.5a5 5 0 0 1 0 7M18.8 6a8.5 8.5 0 0 1 0 12"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
    />
  </Icon>
);

export const MutedIcon = () => (
  <Icon>
    <path d="M4 9.5v5a1 1 0 0 0 1 1h3l4.3 3.6a1 1 0 0 0 1.7-.77V5.67a1 1 0 0 0-1.7-.77L8 8.5H5a1 1 0 0 0-1 1Z" />
    <path d="m17 9.5 5 5m0-5-5 5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
  </Icon>
);

export const CloseIcon = () => (
  <Icon size={18}>
    <path d="m6 6 12 12M18 6 6 18" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
  </Icon>
);

export const MusicIcon = () => (
  <Icon size={22}>
    <path d="M9 18.5a2.5 2.5 0 1 1-2.5-2.5c.36 0 .7.08 1 .21V6.3a1 1 0 0 1 .76-.97l10-2.5A1 1 0 0 1 19.5 3.8v12.7a2.5 2.5 0 1 1-1.5-2.29V8.06l-9 2.25v8.19Z" />
  </Icon>
);
