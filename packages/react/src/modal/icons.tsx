// Small inline icons: no icon font, no image requests; each is decorative (aria-hidden).
const common = {
  width: 16,
  height: 16,
  viewBox: '0 0 16 16',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.6,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  focusable: false,
}

export const CopyIcon = () => (
  <svg {...common} aria-hidden="true">
    <rect x="5.5" y="5.5" width="8" height="8" rx="1.5" />
    <path d="M10.5 5.5v-2a1 1 0 0 0-1-1h-6a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h2" />
  </svg>
)

export const CheckIcon = () => (
  <svg {...common} aria-hidden="true">
    <path d="M3 8.5l3.2 3L13 4.5" />
  </svg>
)

export const CloseIcon = () => (
  <svg {...common} aria-hidden="true">
    <path d="M4 4l8 8M12 4l-8 8" />
  </svg>
)

export const BackIcon = () => (
  <svg {...common} aria-hidden="true">
    <path d="M13 8H3M7 4L3 8l4 4" />
  </svg>
)
