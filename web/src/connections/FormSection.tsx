import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A titled group of the connection form (credentials, settings, mappings): a fieldset named by its legend. */
export function FormSection({ heading, hint, children }: { heading: string; hint?: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0, gridColumn: '1 / -1' }}>
      <Typography component="legend" variant="h3" sx={{ fontSize: '1.05rem', p: 0, mb: hint ? 0 : 1.5 }}>
        {heading}
      </Typography>
      {hint && (
        <Typography variant="body2" color="textSecondary" sx={{ mb: 1.5 }}>
          {hint}
        </Typography>
      )}
      {children}
    </Box>
  );
}
