import { BrowserRouter } from 'react-router';
import { AuthProvider } from './auth/AuthContext.tsx';
import { AppRoutes } from './routes.tsx';

/**
 * The app: the router and the signed-in user around the routes. The MUI theme and the query cache come with the
 * pages that use them (layout/MuiTheme.tsx, api/QueryLayout.tsx), so the landing page loads neither.
 */
export function App() {
  return (
    <BrowserRouter>
      <AuthProvider>
        <AppRoutes />
      </AuthProvider>
    </BrowserRouter>
  );
}
