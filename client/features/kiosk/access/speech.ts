/**
 * What the kiosk says aloud, behind one small port: the browser's speech synthesis in the shop,
 * a recorder in tests. A kiosk whose browser has no speech says nothing, and the panel tells so.
 */
export type Speech = {
  /** Says `text`, cutting off whatever was being said (a shopper moving on wants the new thing). */
  say(text: string, volume: number): void;
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
  return {
    hasVoice: () => Boolean(synth && Utterance && synth.getVoices().length > 0),
    say(text, volume) {
      if (!synth || !Utterance || !text.trim()) return;
      synth.cancel();
      const utterance = new Utterance(text);
      utterance.volume = volume;
      utterance.lang = document.documentElement.lang || 'en';
      synth.speak(utterance);
    },
    stop() {
      synth?.cancel();
    },
  };
};
