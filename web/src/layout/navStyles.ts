/** NavLink marks the current page with aria-current="page"; this makes it visible too. */
export const activeOnDark = {
  flexShrink: 0,
  whiteSpace: 'nowrap',
  '&[aria-current="page"]': { bgcolor: 'rgba(255, 255, 255, 0.18)' },
  '&:focus-visible': { outline: '2px solid #ffffff', outlineOffset: 2 },
} as const;
