import { layoutTexts } from './texts.ts';

export const MAIN_CONTENT_ID = 'main-content';

/** The first focusable element: lets keyboard users jump past the navigation. */
export function SkipLink() {
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className="link skip-link">
      {layoutTexts.skipToContent}
    </a>
  );
}
