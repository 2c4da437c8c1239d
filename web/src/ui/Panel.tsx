import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

export interface PanelProps {
  /** The heading's id, which names the section. */
  id: string;
  heading: string;
  children: ReactNode;
  /** Less padding on phones, for pages with many panels. */
  dense?: boolean;
  /** A smaller heading, for the panels of a detail page. */
  smallHeading?: boolean;
  /** Space under the heading, in theme spacing units (default 2.5). */
  headingGap?: number;
  /** An id for the section itself, e.g. for a button that shows and hides it. */
  sectionId?: string;
  sx?: SxProps<Theme>;
}

/** An outlined section of a page, named by its heading. */
export function Panel({ id, heading, children, dense = false, smallHeading = false, headingGap = 2.5, sectionId, sx = [] }: PanelProps) {
  return (
    <Paper
      id={sectionId}
      variant="outlined"
      component="section"
      aria-labelledby={id}
      sx={[{ p: { xs: dense ? 2 : 2.5, sm: 3 } }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      <Typography id={id} variant="h2" sx={{ fontSize: smallHeading ? '1.15rem' : '1.25rem', mb: headingGap }}>
        {heading}
      </Typography>
      {children}
    </Paper>
  );
}
