import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { theme } from '../theme.ts';

/**
 * The app's MUI theme around a page drawn with MUI. It loads with the page (routes.tsx), so MUI and emotion are no
 * part of the landing page's download. The page baseline MUI's CssBaseline would add is in frame.css, which every
 * page has.
 */
export default function MuiTheme({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
