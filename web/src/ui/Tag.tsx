import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * A read-only label shaped like MUI's Chip, for pages that show chips but never click or delete them: the landing
 * page's formats and sample ticket. Chip's own code would otherwise be part of a first visit's download.
 */
export function Tag({ children, size = 'medium', tone = 'default' }: {
  children: ReactNode;
  size?: 'small' | 'medium';
  /** `error`: filled in the error colour; `outlined`: a border only; `default`: a grey fill. */
  tone?: 'default' | 'outlined' | 'error';
}) {
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        height: size === 'small' ? 24 : 32,
        px: size === 'small' ? 1 : 1.5,
        borderRadius: 4,
        fontSize: size === 'small' ? '0.8125rem' : '0.875rem',
        whiteSpace: 'nowrap',
        ...(tone === 'error' && { bgcolor: 'error.main', color: 'error.contrastText' }),
        ...(tone === 'outlined' && { border: 1, borderColor: 'grey.400' }),
        ...(tone === 'default' && { bgcolor: 'action.selected' }),
      }}
    >
      {children}
    </Box>
  );
}
