import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { BrowserRouter } from 'react-router';
import { AuthProvider } from './auth/AuthContext.tsx';
import { AppRoutes } from './routes.tsx';
import { theme } from './theme.ts';

/** The app: the theme, the router and the signed-in user around the routes (the query cache comes with the pages that use it). */
export function App() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <BrowserRouter>
        <AuthProvider>
          <AppRoutes />
        </AuthProvider>
      </BrowserRouter>
    </ThemeProvider>
  );
}
