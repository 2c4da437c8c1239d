import Typography from '@mui/material/Typography';
import { billingTexts as texts } from './texts.ts';

/** The spec's "Error catalogue": 'Failed to load data', in red in place of the section that could not be loaded. */
export function LoadFailed() {
  return (
    <Typography color="error" role="alert">
      {texts.loadFailed}
    </Typography>
  );
}
