import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { SpreadRow } from '../ui/SpreadRow.tsx';
import { layoutTexts } from './texts.ts';

/** The footer of every page: the copyright and the legal links. */
export function Footer() {
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', py: 3 }}>
      <SpreadRow component={Container} align="center" gap={1.5}>
        <Typography variant="body2" color="text.secondary">
          {layoutTexts.copyright(new Date().getFullYear())}
        </Typography>
        <Box component="nav" aria-label={layoutTexts.legalNavigation} sx={{ display: 'flex', gap: 3 }}>
          <Link component={RouterLink} to="/terms-of-service" variant="body2">
            {layoutTexts.termsOfService}
          </Link>
          <Link component={RouterLink} to="/refund-policy" variant="body2">
            {layoutTexts.refundPolicy}
          </Link>
        </Box>
      </SpreadRow>
    </Box>
  );
}
