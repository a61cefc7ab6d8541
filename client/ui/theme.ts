import { css } from '@emotion/react';

/** Colours chosen for AA contrast (4.5:1 or more) on their usual backgrounds. */
export const colors = {
  text: '#1f2933',
  muted: '#52606d',
  background: '#ffffff',
  surface: '#f5f7fa',
  border: '#cbd2d9',
  primary: '#1d4ed8',
  primaryHover: '#1e40af',
  onPrimary: '#ffffff',
  danger: '#b91c1c',
  dangerSurface: '#fde8e8',
  success: '#166534',
  successSurface: '#e3f9e5',
  info: '#1e3a8a',
  infoSurface: '#e0ecff',
  warning: '#7c4a03',
  warningSurface: '#fff4d6',
  navbar: '#1f2a37',
  onNavbar: '#f8fafc',
  star: '#b45309',
  focus: '#f59e0b',
} as const;

export const space = (n: number): string => `${n * 0.25}rem`;

/** Spec section 2: the responsive breakpoint is lg (992 px). */
export const breakpoints = { lg: 992 } as const;
export const media = { lg: `@media (min-width: ${breakpoints.lg}px)`, belowLg: `@media (max-width: ${breakpoints.lg - 0.02}px)` } as const;

/** The floating chat button's corner (16 px margin, 56 px button, 16 px air): what sits at the bottom keeps clear of it. */
export const chatButtonClearance = 88;

/** One visible focus ring for every interactive element, keyboard only. */
export const focusRing = css({
  '&:focus-visible': { outline: `3px solid ${colors.focus}`, outlineOffset: 2 },
});

export const radius = '0.375rem';
