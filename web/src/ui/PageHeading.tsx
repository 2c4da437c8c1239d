import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface PageHeadingProps {
  /** The browser tab's title. */
  title: string;
  heading: string;
  /** The line under the heading. */
  intro: ReactNode;
  /** Space under the intro, in theme spacing units (default 4). */
  gap?: number;
}

/** A page's title, its heading and the line under it. */
export function PageHeading({ title, heading, intro, gap = 4 }: PageHeadingProps) {
  return (
    <>
      <title>{title}</title>
      <Typography variant="h1">{heading}</Typography>
      <Typography color="textSecondary" sx={{ mt: 1, mb: gap }}>
        {intro}
      </Typography>
    </>
  );
}
