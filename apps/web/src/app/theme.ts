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
    primary: { main: '#7c4dff', light: '#b39dff', dark: '#5b2ee0', contrastText: '#ffffff' },
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
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        root: {
          variants: [
            {
              props: { variant: 'outlined', color: 'primary' },
              style: { color: '#b39dff', borderColor: 'rgba(179, 157, 255, 0.5)' },
            },
            { props: { variant: 'text', color: 'primary' }, style: { color: '#b39dff' } },
          ],
        },
      },
    },
    // Links and selected tabs use the lighter purple: it reads better on the dark background.
    MuiLink: { defaultProps: { color: 'primary.light' } },
    MuiTab: {
      styleOverrides: {
        root: ({ theme: t }) => ({ '&.Mui-selected': { color: t.palette.primary.light } }),
      },
    },
    MuiTextField: { defaultProps: { fullWidth: true } },
    // Browser autofill paints inputs light blue; keep them on the card's colour.
    MuiOutlinedInput: {
      styleOverrides: {
        input: {
          '&:-webkit-autofill': {
            WebkitBoxShadow: '0 0 0 100px #221d30 inset',
            WebkitTextFillColor: '#ffffff',
            caretColor: '#ffffff',
            borderRadius: 'inherit',
          },
        },
      },
    },
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
