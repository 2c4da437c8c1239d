import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ElementType, ReactNode } from 'react';

export interface SpreadRowProps {
  children: ReactNode;
  /** How the ends line up on wider screens; on phones they stretch (or start, when centred). */
  align?: 'flex-start' | 'center';
  gap?: number;
  /** The element to render, e.g. a Container. */
  component?: ElementType;
  sx?: SxProps<Theme>;
}

/** A row whose ends are pushed apart on wider screens and stacked on phones, e.g. a heading and its button. */
export function SpreadRow({ children, align = 'flex-start', gap = 2, component = 'div', sx = [] }: SpreadRowProps) {
  return (
    <Box
      component={component}
      sx={[
        {
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: { xs: align === 'center' ? 'flex-start' : 'stretch', sm: align },
          justifyContent: 'space-between',
          gap,
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Box>
  );
}
