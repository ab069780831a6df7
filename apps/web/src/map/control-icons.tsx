/** Inline SVG icons of the map controls (decorative: each button carries its own label). */
import type { ReactNode } from 'react';

const Icon = ({ children }: { children: ReactNode }) => (
  <svg
    width="18"
    height="18"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    {children}
  </svg>
);

export const CONTROL_ICONS = {
  replay: (
    <Icon>
      <path d="M3 12a9 9 0 1 0 3-6.7L3 8" />
      <path d="M3 3v5h5M12 7v5l3 2" />
    </Icon>
  ),
  zoomIn: (
    <Icon>
      <path d="M12 5v14M5 12h14" />
    </Icon>
  ),
  zoomOut: (
    <Icon>
      <path d="M5 12h14" />
    </Icon>
  ),
  fit: (
    <Icon>
      <rect x="4" y="6" width="16" height="12" rx="1" />
      <path d="M9 10h6v4H9z" />
    </Icon>
  ),
  fullScreen: (
    <Icon>
      <path d="M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5" />
    </Icon>
  ),
  exitFullScreen: (
    <Icon>
      <path d="M9 4v5H4M20 9h-5V4M15 20v-5h5M4 15h5v5" />
    </Icon>
  ),
  edit: (
    <Icon>
      <path d="M4 20h4L19 9l-4-4L4 16z" />
    </Icon>
  ),
  savePreset: (
    <Icon>
      <path d="M6 3h12v18l-6-4-6 4z" />
      <path d="M12 7v6M9 10h6" />
    </Icon>
  ),
  loadPreset: (
    <Icon>
      <path d="M6 3h12v18l-6-4-6 4z" />
    </Icon>
  ),
  scale: (
    <Icon>
      <path d="M3 17 17 3l4 4L7 21z" />
      <path d="m7 13 2 2M10 10l2 2M13 7l2 2" />
    </Icon>
  ),
};
