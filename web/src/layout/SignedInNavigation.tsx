import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import MenuIcon from '@mui/icons-material/Menu';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Snackbar from '@mui/material/Snackbar';
import Typography from '@mui/material/Typography';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { NavLink } from 'react-router';
import { queryClient } from '../api/appQueryClient.ts';
import { useAuth } from '../auth/AuthContext.tsx';
import { authTexts } from '../auth/texts.ts';
import type { User } from '../auth/user.ts';
import { theme } from '../theme.ts';
import { NOTIFICATION_MS } from '../ui/useTimedMessage.ts';
import { useWorkspaceId } from '../workspaces/useWorkspace.ts';
import { WorkspaceNotice } from '../workspaces/WorkspaceNotice.tsx';
import { WorkspaceSwitcher } from '../workspaces/WorkspaceSwitcher.tsx';
import { activeOnDark } from './navStyles.ts';
import { layoutTexts, signedInLinks } from './texts.ts';

// Its own chunk: a signed-out visitor (the landing page) never loads the drawer, the menu, the logout notice, the
// workspace switcher or MUI. The bar around it is plain markup, so it brings the theme and the query cache itself.

const activeInList = {
  '&[aria-current="page"]': { bgcolor: 'action.selected', fontWeight: 700 },
} as const;

function displayName(user: User): string {
  return user.fullName ?? user.email;
}

/**
 * The links in the bar, from lg on: below it they do not fit beside the brand and the workspace switcher, and the
 * menu holds them. They keep their width; the switcher gives way (its name shortened).
 */
function DesktopNavigation({ user, onLogout }: { user: User; onLogout: () => void }) {
  return (
    <Box
      component="nav"
      aria-label={layoutTexts.mainNavigation}
      sx={{ display: { xs: 'none', lg: 'flex' }, alignItems: 'center', gap: 0.5, flexShrink: 0 }}
    >
      {signedInLinks.map((link) => (
        <Button
          key={link.to}
          component={NavLink}
          to={link.to}
          color="inherit"
          size="small"
          sx={{ ...activeOnDark, minWidth: 0, px: 1 }}
        >
          {link.label}
        </Button>
      ))}
      <Button
        component={NavLink}
        to="/settings"
        color="inherit"
        size="small"
        title={layoutTexts.settings}
        startIcon={<AccountCircleIcon />}
        sx={{ ...activeOnDark, ml: 1, minWidth: 0, maxWidth: { lg: 160, xl: 220 } }}
      >
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {displayName(user)}
        </Box>
      </Button>
      <Button color="inherit" size="small" variant="outlined" onClick={onLogout} sx={activeOnDark}>
        {layoutTexts.logout}
      </Button>
    </Box>
  );
}

function MobileNavigation({ user, onLogout }: { user: User; onLogout: () => void }) {
  const [open, setOpen] = useState(false);
  const drawerId = useId();
  const close = () => setOpen(false);

  return (
    <Box sx={{ display: { xs: 'block', lg: 'none' } }}>
      <IconButton
        color="inherit"
        edge="end"
        aria-label={layoutTexts.openMenu}
        aria-controls={open ? drawerId : undefined}
        aria-expanded={open}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        <MenuIcon />
      </IconButton>
      <Drawer
        anchor="right"
        open={open}
        onClose={close}
        slotProps={{ paper: { id: drawerId, 'aria-labelledby': `${drawerId}-title`, sx: { width: 280 } } }}
      >
        <Box component="nav" aria-label={layoutTexts.mainNavigation}>
          <Box sx={{ px: 2, py: 2 }}>
            <Typography id={`${drawerId}-title`} component="p" variant="subtitle2" sx={{ color: 'text.secondary' }}>
              {layoutTexts.menuTitle}
            </Typography>
            <Typography component="p" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {displayName(user)}
            </Typography>
          </Box>
          <Divider />
          <List>
            {signedInLinks.map((link) => (
              <ListItem key={link.to} disablePadding>
                <ListItemButton component={NavLink} to={link.to} onClick={close} sx={activeInList}>
                  <ListItemText primary={link.label} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
          <Divider />
          <List>
            <ListItem disablePadding>
              <ListItemButton component={NavLink} to="/settings" onClick={close} sx={activeInList}>
                <ListItemText primary={layoutTexts.settings} />
              </ListItemButton>
            </ListItem>
            <ListItem disablePadding>
              <ListItemButton
                onClick={() => {
                  close();
                  onLogout();
                }}
              >
                <ListItemText primary={layoutTexts.logout} />
              </ListItemButton>
            </ListItem>
          </List>
        </Box>
      </Drawer>
    </Box>
  );
}

/**
 * The signed-in user's navigation: the workspace switcher beside the brand, links on wide screens, a menu on narrow
 * ones, a failed logout's notice and the workspace notices.
 */
export default function SignedInNavigation({ user }: { user: User }) {
  const { logout } = useAuth();
  const [logoutError, setLogoutError] = useState<string | null>(null);
  const handleLogout = () => {
    setLogoutError(null);
    logout().catch((error: unknown) => {
      setLogoutError(error instanceof Error && error.message !== '' ? error.message : authTexts.logoutFailed);
    });
  };

  // The switcher's list loads again in each workspace the tab moves to (a change of workspace empties the cache).
  const workspaceId = useWorkspaceId();

  return (
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        {/* Its margin pushes the links to the right, one gap narrower than a spacer would: room for its name on a phone. */}
        <WorkspaceSwitcher key={workspaceId ?? 'personal'} />
        <WorkspaceNotice />
      </QueryClientProvider>
      <DesktopNavigation user={user} onLogout={handleLogout} />
      <MobileNavigation user={user} onLogout={handleLogout} />
      <Snackbar
        open={logoutError !== null}
        autoHideDuration={NOTIFICATION_MS}
        onClose={() => setLogoutError(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert severity="error" variant="filled" onClose={() => setLogoutError(null)}>
          {logoutError}
        </Alert>
      </Snackbar>
    </ThemeProvider>
  );
}
