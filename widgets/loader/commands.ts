import type { ChatIdentify } from '#contracts/chat.ts';

/** A queued or live call: `StatefrontChat('open')`, `StatefrontChat('identify', {...})`, ... */
export type Command = readonly unknown[];

const isText = (value: unknown): value is string => typeof value === 'string';

/**
 * The partner's server signs the identity; the widget only checks that its shape can be sent
 * (v2, or v1 while the shop still accepts it) and leaves the verdict to the shop.
 */
export const asIdentity = (value: unknown): ChatIdentify | null => {
  if (typeof value !== 'object' || value === null) return null;
  const { v, payload, id, name, email, signature } = value as Record<string, unknown>;
  if (!isText(signature)) return null;
  if (v === 2) return isText(payload) && /^[0-9a-f]{64}$/.test(signature) ? { v, payload, signature } : null;
  if (!isText(id) || !isText(name) || !isText(email)) return null;
  if (!/^[0-9a-f]{64}$/i.test(signature)) return null;
  return { id, name, email, signature };
};
