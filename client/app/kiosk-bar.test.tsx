// @vitest-environment happy-dom
import { act } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeSockets } from '#machines/testing/fake-chat-socket.ts';
import { SupportChatWidget } from '../features/chat/support-chat-widget.tsx';
import { KioskModeContext, type KioskMode } from '../features/kiosk/kiosk-mode.ts';
import { click, getByRoleName, queryByRoleName, queryByText, settle } from '../testing/dom.ts';
import { renderWithApp, setupComponentTests } from '../testing/render.tsx';
import { KioskBar } from './kiosk-bar.tsx';

setupComponentTests();
// The chat panel is fetched with import() on the first open: load it up front, as a browser's cache would.
beforeAll(() => import('../features/chat/support-chat-panel.tsx'));

const kiosk: KioskMode = { active: true, name: 'Entrance', handoffShown() {}, handoffHidden() {}, leave() {} };

describe("the kiosk bar's Call staff", () => {
  it('when the shopper calls staff, then the chat opens with sharing offered first and focused; shared, the bar says staff can see it and the card gets the kiosk’s name', async () => {
    const server = fakeSockets();
    await renderWithApp(
      <KioskModeContext.Provider value={kiosk}>
        <SupportChatWidget />
        <KioskBar />
      </KioskModeContext.Provider>,
      { openSocket: server.factory },
    );
    await click(getByRoleName(document.body, 'button', 'Call staff'));
    await settle();
    const socket = server.latest();
    await act(async () => socket.open());
    const panel = document.getElementById('support-chat-panel')!;
    expect(panel.hidden).toBe(false);
    // Offered before the conversation, not under the message field.
    const share = getByRoleName(panel, 'button', 'Share my screen with support');
    // It has the focus, not the message field, whose focus would open the on-screen keyboard over it.
    expect(document.activeElement).toBe(share);
    expect(share.compareDocumentPosition(panel.querySelector('[role="log"]')!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await click(share);
    await vi.waitFor(() => expect(socket.sent('screen update').length).toBeGreaterThan(0));
    expect(socket.sent('screen update').at(-1)![0]).toMatchObject({ kiosk: 'Entrance' });
    expect(queryByText(document.body, 'Staff can see this screen')).not.toBeNull();
    expect(queryByRoleName(document.body, 'button', 'Call staff')).toBeNull();
    await click(getByRoleName(panel, 'button', 'Stop sharing'));
    expect(queryByText(document.body, 'Staff can see this screen')).toBeNull();
  });
});
