import type { ReactNode } from 'react';

/**
 * A read-only label shaped like MUI's Chip (styled in landing.css), for the landing page's formats and sample ticket,
 * which show chips but never click or delete them.
 */
export function Tag({ children, size = 'medium', tone = 'default' }: {
  children: ReactNode;
  size?: 'small' | 'medium';
  /** `error`: filled in the error colour; `outlined`: a border only; `default`: a grey fill. */
  tone?: 'default' | 'outlined' | 'error';
}) {
  const classes = ['tag', size === 'small' && 'tag--small', tone !== 'default' && `tag--${tone}`];
  return <span className={classes.filter(Boolean).join(' ')}>{children}</span>;
}
