import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionCookies } from './session-cookie.ts';

const SECRET = 'session-cookie-test-secret-0123456789abcdef';
const SESSION = { token: 'api-token', doNotLogout: false, isAdmin: false };
const cookieHeader = (setCookie: string) => setCookie.split(';')[0]!;

/** The cookie's reading, and the cache of cookies already opened. */
describe('the session cookie', () => {
  afterEach(() => void vi.useRealTimers());

  it('when a cookie already read is read again, then it is the same session, and a change to the caller’s copy does not stick', async () => {
    const cookies = sessionCookies(SECRET);
    const header = cookieHeader(await cookies.issue(SESSION, false));
    const first = (await cookies.read(header))!;
    expect(first).toMatchObject(SESSION);
    first.isAdmin = true;
    expect(await cookies.read(header)).toEqual({ ...SESSION, id: first.id });
  });

  it('when a cookie read before has expired, then it opens nothing, as a cookie never read would', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const cookies = sessionCookies(SECRET);
    const header = cookieHeader(await cookies.issue(SESSION, false));
    expect(await cookies.read(header)).not.toBeNull();
    vi.setSystemTime(Date.now() + 12 * 60 * 60 * 1000 + 1000);
    expect(await cookies.read(header)).toBeNull();
    expect(await sessionCookies(SECRET).read(header)).toBeNull();
  });

  it('when a cookie was sealed with another secret or changed by one character, then it opens nothing', async () => {
    const header = cookieHeader(await sessionCookies('another-secret-0123456789abcdef-xyz').issue(SESSION, false));
    const cookies = sessionCookies(SECRET);
    expect(await cookies.read(header)).toBeNull();
    const mine = cookieHeader(await cookies.issue(SESSION, false));
    expect(await cookies.read(mine)).not.toBeNull();
    const changed = mine.slice(0, -2) + (mine.at(-2) === 'A' ? 'B' : 'A') + mine.at(-1);
    expect(await cookies.read(changed)).toBeNull();
  });
});
