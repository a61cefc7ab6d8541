/**
 * What the kiosk says aloud, behind one small port: the browser's speech synthesis in the shop,
 * a recorder in tests. A kiosk whose browser has no speech says nothing, and the panel tells so.
 */
export type Speech = {
  /**
   * Says `text`, cutting off whatever was being said (a shopper moving on wants the new thing),
   * except a page's heading said with `arrival`: what comes while it is being said (the page's
   * first focus or announcement) waits for its end, the newest only, so the heading is heard whole.
   */
  say(text: string, volume: number, how?: { arrival?: boolean }): void;
  /** Stops speaking at once (the mode was switched off, the session reset). */
  stop(): void;
  /** The browser can speak: it has `speechSynthesis` and a voice (Chromium on Linux needs speech-dispatcher: README, Kiosks). */
  hasVoice(): boolean;
};

/** Speech through `window.speechSynthesis` (Web Speech API); silent where the browser has none. */
export const browserSpeech = (win: Window = window): Speech => {
  // Chromium without speech support, older kiosks and test DOMs have neither.
  const { speechSynthesis: synth, SpeechSynthesisUtterance: Utterance } = win as Window &
    Partial<{ speechSynthesis: SpeechSynthesis; SpeechSynthesisUtterance: typeof SpeechSynthesisUtterance }>;
  /** The arrival heading being said, and what waits for its end. */
  let heading: SpeechSynthesisUtterance | null = null;
  let waiting: SpeechSynthesisUtterance | null = null;
  const speak = (utterance: SpeechSynthesisUtterance) => {
    synth?.cancel();
    synth?.speak(utterance);
  };
  const headingEnded = (utterance: SpeechSynthesisUtterance) => {
    if (heading !== utterance) return;
    heading = null;
    if (waiting) speak(waiting);
    waiting = null;
  };
  return {
    hasVoice: () => Boolean(synth && Utterance && synth.getVoices().length > 0),
    say(text, volume, how = {}) {
      if (!synth || !Utterance || !text.trim()) return;
      const utterance = new Utterance(text);
      utterance.volume = volume;
      utterance.lang = document.documentElement.lang || 'en';
      // A heading whose end never comes (a synthesiser that stopped) holds nothing back.
      if (heading && (synth.speaking || synth.pending) && !how.arrival) {
        waiting = utterance;
        return;
      }
      waiting = null;
      heading = how.arrival ? utterance : null;
      if (how.arrival) {
        utterance.addEventListener('end', () => headingEnded(utterance));
        utterance.addEventListener('error', () => headingEnded(utterance));
      }
      speak(utterance);
    },
    stop() {
      heading = null;
      waiting = null;
      synth?.cancel();
    },
  };
};
