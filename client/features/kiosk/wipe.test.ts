// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { ChatSocket } from '#machines/chat/chat-socket.ts';
import { KIOSK_KEY } from '../../lib/kiosk-entry.ts';
import { isNewBuild, scriptsIn } from './build-assets.ts';
import { KIOSK_FLEET_KEY } from './fleet-key.ts';
import { trackedSockets, wipeStorage } from './wipe.ts';

describe('the kiosk reset', () => {
  it("when it wipes a storage, then every key but the device's kiosk flag and the key proving its name is gone", () => {
    localStorage.setItem(KIOSK_KEY, 'on');
    localStorage.setItem(KIOSK_FLEET_KEY, '{"name":"Till 1","key":"k"}');
    localStorage.setItem('cart', '{"items":[1]}');
    localStorage.setItem('userInfo', '{"name":"John"}');
    sessionStorage.setItem('userInfo', '{"name":"John"}');
    wipeStorage(localStorage);
    wipeStorage(sessionStorage);
    expect(Object.keys(localStorage).sort()).toEqual([KIOSK_KEY, KIOSK_FLEET_KEY].sort());
    expect(sessionStorage.length).toBe(0);
  });

  it('when it closes the chats, then every socket opened is disconnected once and forgotten', async () => {
    const closed: string[] = [];
    const fake = (id: string) =>
      ({
        connected: true,
        recovered: false,
        active: true,
        on: () => undefined,
        emit: () => undefined,
        connect: () => undefined,
        off: () => undefined,
        disconnect: () => closed.push(id),
      }) as ChatSocket;
    const sockets = trackedSockets(async () => fake(`s${closed.length}`));
    await sockets.open({} as never);
    await sockets.open({} as never);
    sockets.closeAll();
    expect(closed).toHaveLength(2);
    expect(sockets.count).toBe(0);
  });
});

describe('a new build', () => {
  const html = (name: string) =>
    `<html><head><script type="module" crossorigin src="/assets/index-${name}.js"></script><link rel="stylesheet" href="/assets/x.css"></head></html>`;

  it('when the served index names another entry script, then it is a new build; the same one is not', () => {
    expect(isNewBuild(scriptsIn(html('B2')), ['/assets/index-A1.js'])).toBe(true);
    expect(isNewBuild(scriptsIn(html('A1')), ['/assets/index-A1.js'])).toBe(false);
  });

  it('when the index names no built script (a dev server), then it never counts as new', () => {
    expect(isNewBuild(scriptsIn('<script type="module" src="/main.tsx"></script>'), [])).toBe(false);
  });
});
