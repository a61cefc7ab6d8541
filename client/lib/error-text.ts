import { fallbackMessage } from '#contracts/error-messages.ts';

/**
 * Whether an error answer's body can be shown as it is: short plain text (the spec's string
 * answers), never markup (nginx's HTML error page) or a page of anything.
 */
const isSentence = (text: string, contentType: string | null): boolean =>
  text !== '' && text.length <= 300 && !/html|xml/i.test(contentType ?? '') && !/<\/?[a-z!?][^>]*>/i.test(text);

/** An error body that is not JSON: itself when it is a sentence, else the status's own sentence. */
export const textMessage = (text: string, contentType: string | null, status: number): string =>
  isSentence(text.trim(), contentType) ? text.trim() : fallbackMessage(status);

/**
 * api.ts's plainMessage, in this chunk of its own (fetched with the first error answer that
 * holds no message): `text` null for a JSON answer that said nothing a person can act on.
 */
export const messageFor = (text: string | null, contentType: string | null, status: number): string =>
  text === null ? fallbackMessage(status) : textMessage(text, contentType, status);
