import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A section of the landing page: a heading, an optional intro and its content, on a tinted band when asked. */
export function LandingSection({
  id,
  heading,
  intro,
  children,
  tinted = false,
}: {
  id: string;
  heading: string;
  intro?: string;
  children: ReactNode;
  tinted?: boolean;
}) {
  return (
    <Box
      component="section"
      aria-labelledby={id}
      sx={{ py: { xs: 6, md: 9 }, bgcolor: tinted ? 'background.paper' : 'transparent' }}
    >
      <Container>
        <Typography id={id} variant="h2" sx={{ mb: intro ? 1.5 : 4 }}>
          {heading}
        </Typography>
        {intro && (
          <Typography color="text.secondary" sx={{ mb: 4, maxWidth: 680 }}>
            {intro}
          </Typography>
        )}
        {children}
      </Container>
    </Box>
  );
}
