import { ThemeProvider } from '@mui/material/styles';
import { Outlet } from 'react-router';
import { theme } from '../theme.ts';

/**
 * The pages drawn with MUI, under the app's theme. Loaded lazily by the router with the first of them, so MUI and
 * emotion are no part of the landing page's download. The page baseline MUI's CssBaseline would add is in
 * frame.css, which every page has.
 */
export default function MuiPages() {
  return (
    <ThemeProvider theme={theme}>
      <Outlet />
    </ThemeProvider>
  );
}
