import { SignJWT, jwtVerify } from 'jose';

export type TokenClaims = {
  _id: string;
  name: string;
  lastName: string;
  email: string;
  isAdmin: boolean;
  sid: string;
};

const SHORT = 12 * 60 * 60; // seconds: a browser session lasts at most 12 hours
const LONG = 7 * 24 * 60 * 60; // doNotLogout: seven days

export const tokenLifetime = (doNotLogout: boolean): number => (doNotLogout ? LONG : SHORT);

export const signToken = (claims: TokenClaims, secret: string, lifetimeSeconds: number): Promise<string> =>
  new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime(`${lifetimeSeconds}s`)
    .sign(new TextEncoder().encode(secret));

/** The token's claims when its signature and expiry hold; null otherwise. */
export const verifyToken = async (token: string, secret: string): Promise<TokenClaims | null> => {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'] });
    if (typeof payload.sid !== 'string' || typeof payload._id !== 'string') return null;
    return payload as unknown as TokenClaims;
  } catch {
    return null;
  }
};
