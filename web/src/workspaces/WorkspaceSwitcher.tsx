import AddIcon from '@mui/icons-material/Add';
import CheckIcon from '@mui/icons-material/Check';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import PeopleIcon from '@mui/icons-material/People';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useEffect, useId, useState, type MouseEvent } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { workspaceStore } from '../api/browser.ts';
import { addressInWorkspace } from '../api/workspace.ts';
import { activeOnDark } from '../layout/navStyles.ts';
import { visuallyHidden } from '../ui/visuallyHidden.ts';
import { CreateWorkspaceDialog } from './CreateWorkspaceDialog.tsx';
import { opensElsewhere, pathAfterSwitch } from './switching.ts';
import { workspaceTexts } from './texts.ts';
import { useSwitchWorkspace, useWorkspaceState } from './useWorkspace.ts';
import { useWorkspaces, type WorkspaceSummary } from './workspacesApi.ts';

const texts = workspaceTexts.switcher;

/** The tab's workspace among the user's: the chosen one, else the personal one. */
function shownWorkspace(list: WorkspaceSummary[], chosenId: string | null): WorkspaceSummary | undefined {
  return chosenId === null ? list.find((workspace) => workspace.personal) : list.find((workspace) => workspace.id === chosenId);
}

/**
 * The workspace switcher of the top bar: the tab's workspace by name, and a menu of the user's workspaces with their
 * role in each, the way to the members page and "Create workspace". Each workspace is a link too, so it can be
 * opened in a new tab (`?workspace=`) while this tab stays where it is.
 */
export function WorkspaceSwitcher() {
  const workspaces = useWorkspaces();
  const { current } = useWorkspaceState();
  const switchTo = useSwitchWorkspace();
  const { pathname } = useLocation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [creating, setCreating] = useState(false);
  const buttonId = useId();
  const menuId = useId();

  const list = workspaces.data ?? [];
  const shown = shownWorkspace(list, current?.id ?? null);
  const name = shown?.name ?? current?.name ?? (workspaces.isPending ? texts.loading : texts.personal);
  // A rename (here or by another admin) shows in the notice should access to the workspace end.
  useEffect(() => {
    if (shown && !shown.personal) workspaceStore.rename(shown.id, shown.name);
  }, [shown]);

  const close = () => setAnchor(null);
  const choose = (event: MouseEvent, workspace: WorkspaceSummary) => {
    if (opensElsewhere(event)) return;
    event.preventDefault();
    close();
    if (workspace.id !== shown?.id) switchTo(workspace);
  };

  return (
    <>
      <Button
        id={buttonId}
        color="inherit"
        size="small"
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
        endIcon={<ExpandMoreIcon />}
        sx={{
          ...activeOnDark,
          flexShrink: 1,
          minWidth: { xs: 0, lg: 100 },
          mr: 'auto',
          maxWidth: { xs: 170, sm: 280 },
          px: 1,
          border: '1px solid rgba(255, 255, 255, 0.35)',
          '& .MuiButton-endIcon': { ml: 0.5 },
        }}
      >
        <Box component="span" sx={visuallyHidden}>
          {texts.label}{' '}
        </Box>
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {name}
        </Box>
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        slotProps={{
          list: { 'aria-labelledby': buttonId, dense: true },
          paper: { sx: { width: 300, maxWidth: 'calc(100vw - 32px)' } },
        }}
      >
        {/* A heading of the menu, not one of its items. */}
        <ListSubheader component="div" role="none" sx={{ lineHeight: 2.5 }}>
          {texts.menuHeading}
        </ListSubheader>
        {workspaces.isError && (
          <MenuItem disabled sx={{ whiteSpace: 'normal' }}>
            {texts.loadFailed}
          </MenuItem>
        )}
        {list.map((workspace) => {
          const selected = workspace.id === shown?.id;
          return (
            <MenuItem
              key={workspace.id}
              component="a"
              href={addressInWorkspace(pathAfterSwitch(pathname), workspace.personal ? null : workspace.id)}
              role="menuitemradio"
              aria-checked={selected}
              selected={selected}
              onClick={(event: MouseEvent) => choose(event, workspace)}
            >
              <ListItemIcon>{selected && <CheckIcon fontSize="small" />}</ListItemIcon>
              <ListItemText
                primary={workspace.name}
                secondary={texts.role(workspace.role, workspace.personal)}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere', whiteSpace: 'normal' } } }}
              />
            </MenuItem>
          );
        })}
        <Divider />
        <MenuItem component={RouterLink} to="/workspace/members" onClick={close}>
          <ListItemIcon>
            <PeopleIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={texts.members} />
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            setCreating(true);
          }}
        >
          <ListItemIcon>
            <AddIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={texts.create} />
        </MenuItem>
      </Menu>
      <CreateWorkspaceDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
