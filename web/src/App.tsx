import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from './api/queryClient.ts';
import { AuthProvider } from './auth/AuthContext.tsx';
import { AppRoutes } from './routes.tsx';
import { theme } from './theme.ts';

const queryClient = createQueryClient();

/** The app: one query client, the theme, the router and the signed-in user around the routes. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <BrowserRouter>
          <AuthProvider>
            <AppRoutes />
          </AuthProvider>
        </BrowserRouter>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
