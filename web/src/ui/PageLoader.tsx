import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** A centred spinner for while a page or the signed-in user is loading. */
export function PageLoader() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', py: 10, flexGrow: 1 }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}
