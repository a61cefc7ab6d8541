/** What the shop counts as a control for the high-contrast outline. */
const CONTROLS = 'a[href], button, input, select, textarea, [role="button"], [role="switch"]';

/**
 * High contrast as plain CSS under `scope` (a selector on <html>): black on white throughout
 * (21:1, over WCAG AAA's 7:1), controls outlined and underlined, a switch that is on inverted.
 * The kiosk's switch and a phone that took the kiosk's choices over the hand-off use the same rules.
 */
export const highContrastCss = (scope: string): string => `
  ${scope} body, ${scope} body *:not(svg *) {
    color: #000 !important;
    background-color: #fff !important;
    border-color: #000 !important;
    text-shadow: none !important;
    box-shadow: none !important;
    opacity: 1 !important;
  }
  ${scope} body :is(${CONTROLS}) {
    border: 3px solid #000 !important;
    text-decoration: underline;
  }
  ${scope} body [aria-checked='true'], ${scope} body [aria-checked='true'] * {
    background-color: #000 !important;
    color: #fff !important;
  }
  ${scope} ::placeholder {
    color: #000 !important;
    opacity: 1;
  }
  ${scope} :focus-visible {
    outline: 4px solid #000 !important;
    outline-offset: 3px !important;
  }
`;

/** Larger text as plain CSS under `scope`: the root size set to `size`, words wrapping rather than scrolling sideways. */
export const largerTextCss = (scope: string, size: string): string => `
  ${scope} {
    font-size: ${size} !important;
  }
  ${scope} body {
    overflow-wrap: anywhere;
  }
`;
