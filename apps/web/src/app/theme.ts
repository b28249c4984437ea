import { createTheme } from '@mui/material/styles';

const fontFamily = [
  'Inter',
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(',');

/** Dark theme with a purple primary colour (spec part 1, section 1). */
export const theme = createTheme({
  palette: {
    mode: 'dark',
    primary: { main: '#9d7bff', light: '#bca6ff', dark: '#7c4dff', contrastText: '#ffffff' },
    secondary: { main: '#4dd0c4' },
    background: { default: '#0e0c14', paper: '#17141f' },
    divider: 'rgba(190, 170, 255, 0.12)',
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily,
    h4: { fontWeight: 700, letterSpacing: '-0.01em' },
    h5: { fontWeight: 700 },
    h6: { fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiTextField: { defaultProps: { fullWidth: true } },
    MuiAppBar: { defaultProps: { elevation: 0, color: 'transparent' } },
    MuiListItemButton: {
      styleOverrides: {
        root: ({ theme: t }) => ({
          borderRadius: t.shape.borderRadius,
          margin: t.spacing(0.25, 1.5),
          '&.Mui-selected': { backgroundColor: 'rgba(157, 123, 255, 0.16)' },
          '&.Mui-selected .MuiListItemIcon-root': { color: t.palette.primary.light },
        }),
      },
    },
  },
});
