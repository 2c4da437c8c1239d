import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { visuallyHidden } from '../ui/visuallyHidden.ts';
import { landingTexts, PRODUCT_HUNT_URL } from './texts.ts';

const PRODUCT_HUNT_ORANGE = '#c9471f';

/** A self-drawn listing badge: the CSP allows no images from other sites. */
export function ProductHuntBadge() {
  const texts = landingTexts.productHunt;
  return (
    <Link
      href={PRODUCT_HUNT_URL}
      target="_blank"
      rel="noopener noreferrer"
      underline="none"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1.5,
        px: 2,
        py: 1,
        border: 1,
        borderColor: PRODUCT_HUNT_ORANGE,
        borderRadius: 2,
        bgcolor: 'common.white',
        color: 'text.primary',
        '&:hover': { boxShadow: 2 },
        '&:focus-visible': { outline: `3px solid ${PRODUCT_HUNT_ORANGE}`, outlineOffset: 2 },
      }}
    >
      <svg viewBox="0 0 40 40" width="36" height="36" aria-hidden="true" focusable="false">
        <circle cx="20" cy="20" r="20" fill={PRODUCT_HUNT_ORANGE} />
        <path d="M15 11h8a6 6 0 0 1 0 12h-4v6h-4zM19 15v4h4a2 2 0 0 0 0-4z" fill="#ffffff" fillRule="evenodd" />
      </svg>
      <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column', lineHeight: 1.15 }}>
        <Box
          component="span"
          sx={{
            fontSize: '0.7rem',
            fontWeight: 700,
            letterSpacing: '0.08em',
            textTransform: 'uppercase',
            color: 'text.secondary',
          }}
        >
          {texts.lead}
        </Box>{' '}
        <Box component="span" sx={{ fontSize: '1.15rem', fontWeight: 700 }}>
          {texts.name}
        </Box>
      </Box>
      <Box component="span" sx={visuallyHidden}>
        {texts.newTab}
      </Box>
    </Link>
  );
}
