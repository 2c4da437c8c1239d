import { createTheme } from '@mui/material/styles';

/** Colours are chosen for at least 4.5:1 contrast of white text on every main colour. */
export const theme = createTheme({
  palette: {
    primary: { main: '#3445a8' },
    secondary: { main: '#00695c' },
    success: { main: '#2e7d32' },
    info: { main: '#01579b' },
    warning: { main: '#a84a00' },
    error: { main: '#c62828' },
    background: { default: '#f6f7fb', paper: '#ffffff' },
    text: { primary: '#1c2033', secondary: '#4a5068' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: ['system-ui', '-apple-system', '"Segoe UI"', 'Roboto', '"Helvetica Neue"', 'Arial', 'sans-serif'].join(
      ',',
    ),
    h1: { fontSize: '2.25rem', fontWeight: 700, lineHeight: 1.2 },
    h2: { fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.25 },
    h3: { fontSize: '1.25rem', fontWeight: 600, lineHeight: 1.3 },
    h4: { fontSize: '1.1rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiLink: { defaultProps: { underline: 'always' } },
    MuiPaper: { defaultProps: { elevation: 0 }, styleOverrides: { outlined: { borderColor: '#dde1ee' } } },
  },
});
