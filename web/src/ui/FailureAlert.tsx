import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { uploadTexts as texts, type Failure } from './UploadPanel.logic.ts';

/**
 * A failed upload or processing run: the reason; a limit reached, in the server's words; or a limit upgrading lifts,
 * with the 'Upgrade Subscription' link.
 */
export function FailureAlert({ failure }: { failure: Failure }) {
  if (failure.kind === 'token-limit') {
    return (
      <Alert
        severity="warning"
        action={
          <Button component={RouterLink} to="/billing" color="inherit" size="small" variant="outlined">
            {texts.upgrade}
          </Button>
        }
        sx={{ alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' }, '& .MuiAlert-action': { ml: { xs: 0, sm: 'auto' }, pl: { xs: 0, sm: 2 } } }}
      >
        {failure.message}
      </Alert>
    );
  }
  if (failure.kind === 'limit') return <Alert severity="warning">{failure.message}</Alert>;
  return <Alert severity="error">{failure.message}</Alert>;
}
