import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { workspaceStore } from '../api/browser.ts';
import type { WorkspaceNotice as Notice } from '../api/workspace.ts';
import { workspaceTexts } from './texts.ts';
import { useWorkspaceState } from './useWorkspace.ts';

const texts = workspaceTexts.notices;

function noticeText(notice: Notice): string {
  return texts[notice.kind](notice.name);
}

/**
 * Says why the tab is back in the personal workspace, until dismissed: access to its workspace ended (then the tab
 * also goes to the dashboard, whatever it was showing), or the user left or deleted it.
 */
export function WorkspaceNotice() {
  const { notice } = useWorkspaceState();
  const navigate = useNavigate();
  // The last notice stays in the alert while it fades out.
  const [shown, setShown] = useState(notice);
  if (notice !== null && notice !== shown) setShown(notice);
  const lostSerial = notice?.kind === 'lost' ? notice.serial : null;
  useEffect(() => {
    if (lostSerial !== null) void navigate('/dashboard');
  }, [lostSerial, navigate]);

  return (
    <Snackbar open={notice !== null} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
      <Alert
        severity={shown?.kind === 'lost' ? 'warning' : 'success'}
        variant="filled"
        onClose={() => workspaceStore.dismissNotice()}
        sx={{ width: '100%', overflowWrap: 'anywhere' }}
      >
        {shown && noticeText(shown)}
      </Alert>
    </Snackbar>
  );
}
