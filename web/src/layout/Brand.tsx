import Box from '@mui/material/Box';
import { Link as RouterLink } from 'react-router';
import { layoutTexts } from './texts.ts';

export function Brand() {
  return (
    <Box
      component={RouterLink}
      to="/"
      sx={{
        display: 'inline-flex',
        flexShrink: 0,
        alignItems: 'center',
        gap: 1,
        color: 'inherit',
        textDecoration: 'none',
        fontWeight: 700,
        fontSize: '1.2rem',
        borderRadius: 1,
        '&:focus-visible': { outline: '2px solid currentColor', outlineOffset: 4 },
      }}
    >
      <Box component="img" src="/favicon.svg" alt="" sx={{ width: 28, height: 28 }} />
      {layoutTexts.brand}
    </Box>
  );
}
