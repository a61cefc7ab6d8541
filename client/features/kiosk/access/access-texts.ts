/** The accessibility mode's own words (docs/interfaces.md, "Kiosk accessibility"). */
export const ACCESS_TEXTS = {
  button: 'Accessibility',
  panel: 'Accessibility',
  close: 'Close',
  volume: 'Speech volume',
  guidanceOn: 'Audio guidance on. Use the arrow keys to move and Enter to choose.',
  noVoice: 'This kiosk cannot speak: its browser has no voice. Please ask a member of staff.',
  switches: {
    readAloud: 'Read aloud',
    largerText: 'Larger text',
    highContrast: 'High contrast',
    lowerLayout: 'Lower layout',
  },
} as const;
