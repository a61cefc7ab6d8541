import { z } from 'zod';
import { hasControlCharacter } from './value-rules.ts';

/**
 * A typed text field: a control character anywhere is refused with that field's own message
 * (value-rules.ts). Its own file, not common.ts: the shop's first load carries common.ts, not the rules.
 */
export const typedText = (message: string, multiLine = false) => z.string().refine((v) => !hasControlCharacter(v, multiLine), message);
