/**
 * The modal's design tokens. Colours read the dapp's `themeVariables` through CSS custom properties
 * set on the shadow host, so a dapp can restyle the modal without touching our stylesheet.
 * @internal
 */
export const darkTokens = {
  colors: {
    accent: 'var(--sk-accent, #1f6feb)',
    accentText: '#ffffff',
    bg: '#141414',
    surface: '#1f1f1f',
    surfaceHover: '#2a2a2a',
    text: '#f1f1f1',
    textMuted: '#9a9a9a',
    border: 'rgba(255,255,255,0.1)',
    backdrop: 'rgba(0,0,0,0.55)',
    success: '#26d962',
    error: '#f25a67',
    warning: '#f2a65a',
    focus: 'var(--sk-accent, #1f6feb)',
  },
  fonts: {
    body: 'var(--sk-font-family, "Inter", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif)',
  },
  fontSizes: {
    sm: 'calc(var(--sk-font-size-master, 10px) * 1.2)',
    md: 'calc(var(--sk-font-size-master, 10px) * 1.4)',
    lg: 'calc(var(--sk-font-size-master, 10px) * 1.6)',
  },
  radii: {
    sm: 'calc(var(--sk-border-radius-master, 4px) * 2)',
    md: 'calc(var(--sk-border-radius-master, 4px) * 4)',
    lg: 'calc(var(--sk-border-radius-master, 4px) * 9)',
    full: '9999px',
  },
  space: { 1: '4px', 2: '8px', 3: '12px', 4: '16px', 5: '24px' },
  sizes: { modal: '360px', control: '56px' },
} as const

/** Light mode overrides only the colours; every other token is shared. @internal */
export const lightColors = {
  bg: '#ffffff',
  surface: '#f3f3f3',
  surfaceHover: '#e9e9e9',
  text: '#141414',
  textMuted: '#6b6b6b',
  border: 'rgba(0,0,0,0.1)',
  backdrop: 'rgba(0,0,0,0.35)',
  // The dark theme's status colours are too light on white (the error red was 2.9:1).
  error: '#c62828',
  success: '#1a7f37',
  warning: '#b45309',
} as const
