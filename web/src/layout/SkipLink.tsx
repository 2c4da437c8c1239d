import Link from '@mui/material/Link';
import { layoutTexts } from './texts.ts';

export const MAIN_CONTENT_ID = 'main-content';

/** The first focusable element: lets keyboard users jump past the navigation. */
export function SkipLink() {
  return (
    <Link
      href={`#${MAIN_CONTENT_ID}`}
      sx={{
        position: 'absolute',
        left: 8,
        top: -64,
        zIndex: 'tooltip',
        p: 1.5,
        bgcolor: 'background.paper',
        borderRadius: 1,
        boxShadow: 3,
        '&:focus': { top: 8 },
      }}
    >
      {layoutTexts.skipToContent}
    </Link>
  );
}
