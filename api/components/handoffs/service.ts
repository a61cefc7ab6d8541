import { createHash, createHmac, randomBytes } from 'node:crypto';
import { ipKeyGenerator } from 'express-rate-limit';
import type { CreateHandoffBody, HandoffClaimed, HandoffCreated, HandoffLine, HandoffStatus } from '#contracts/handoff.ts';
import { HANDOFF, HANDOFF_OPEN } from '#contracts/handoff-rules.ts';
import type { ApiContext } from '../../context.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { isUuid } from '../../http/validate.ts';
import * as repo from './repository.ts';

/** Only the hash is stored: whoever reads the table (a backup, a log of queries) cannot claim a cart. */
const hashOf = (token: string): Buffer => createHash('sha256').update(token, 'utf8').digest();

/** One line per product, and every product one the shop sells; the first problem names its line. */
const checkLines = async (ctx: ApiContext, lines: HandoffLine[]): Promise<HandoffLine[]> => {
  const normalised = lines.map((l) => ({ productID: l.productID.toLowerCase(), quantity: l.quantity }));
  const seen = new Set<string>();
  normalised.forEach((line, i) => {
    if (!isUuid(line.productID)) throw badRequest('There is no product with this id', `lines.${i}.productID`);
    if (seen.has(line.productID)) throw badRequest('This product is in the list twice: one line per product', `lines.${i}.productID`);
    seen.add(line.productID);
  });
  const known = await repo.knownProducts(ctx.db, [...seen]);
  const missing = normalised.findIndex((l) => !known.has(l.productID));
  if (missing >= 0) throw badRequest('There is no product with this id', `lines.${missing}.productID`);
  return normalised;
};

/**
 * Who made a hand-off, for its cap: the session (a guest: none) and the address's network (IPv6
 * by its /64), as an HMAC under the token secret, so the row names neither person nor address.
 */
export const ownerOf = (ctx: ApiContext, sessionId: string | undefined, address: string): Buffer =>
  createHmac('sha256', ctx.config.TOKEN_SECRET)
    .update(`handoff-owner|${sessionId ?? 'guest'}|${ipKeyGenerator(address, 64)}`)
    .digest();

/**
 * A kiosk's cart becomes a one-time link: a random 256-bit token, valid HANDOFF.ttlMinutes. One
 * owner holds at most HANDOFF_OPEN.max open links (counted under a lock of that owner, so two
 * requests at once cannot both take the last place); past it 429 and nothing is stored.
 */
export const createHandoff = async (ctx: ApiContext, body: CreateHandoffBody, owner: Buffer): Promise<HandoffCreated> => {
  const lines = await checkLines(ctx, body.lines);
  const token = randomBytes(32).toString('base64url');
  await repo.deleteExpired(ctx.db);
  const expiresAt = await ctx.db.transaction(async (tx) => {
    await repo.lockOwner(tx, owner);
    if ((await repo.openHandoffs(tx, owner)) >= HANDOFF_OPEN.max) throw new AppError(429, HANDOFF_OPEN.tooMany);
    return repo.insertHandoff(tx, hashOf(token), lines, HANDOFF.ttlMinutes, owner);
  });
  return { token, expiresAt: expiresAt.toISOString() };
};

/** The phone claims the link: the lines once; afterwards 410 used, after the time 410 expired, never issued (or deleted) 404. */
export const claimHandoff = async (ctx: ApiContext, token: string): Promise<HandoffClaimed> => {
  const hash = hashOf(token);
  const lines = await repo.claimHandoff(ctx.db, hash);
  if (lines) return { lines };
  const why = await repo.whyUnclaimable(ctx.db, hash);
  if (why === 'used') throw new AppError(410, HANDOFF.used);
  if (why === 'expired') throw new AppError(410, HANDOFF.expired);
  throw new AppError(404, HANDOFF.unknown);
};

/** Whether the phone has claimed the link (only the kiosk holding the token can ask); never issued 404. */
export const handoffStatus = async (ctx: ApiContext, token: string): Promise<HandoffStatus> => {
  const why = await repo.whyUnclaimable(ctx.db, hashOf(token));
  if (why === null) throw new AppError(404, HANDOFF.unknown);
  return { claimed: why === 'used' };
};
