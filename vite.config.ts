import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown, type UserConfig } from 'vite';
import { precompress } from './scripts/precompress.ts';

// `vite dev` talks to a running shop (npm start) for everything the BFF answers.
const shop = 'http://localhost:3000';

/**
 * gzip budgets in bytes (client/bundle-size.test.ts checks them, bench/bundle-size.ts prints
 * them), set from bench/results/bundle-size.md's figures with a little headroom: 0.5 % for
 * home, about 5 % for each lazy chunk. `home` is all the JavaScript a guest's first view of `/`
 * fetches: 114.6 KB measured (below). The goal was 110 KB (bundle-size.md), but the first view alone, with no
 * lazy chunk at all, builds to 110.5 KB, about 100 KB of it the libraries the spec names
 * (bundle-size.md says how that was measured): the budget holds what the cuts reached, and
 * comes down as more goes. `lazy` is what each import() chunk adds once home is loaded, by
 * source file: a new lazy chunk needs a line here.
 */
export const BUNDLE_BUDGETS = {
  // 115.2 KB measured once the cart checks its stock (the cart machine's check)
  // and the server's controls keep what was done before hydration (useAdoptDom). 116.2 KB (2026-11-27) with
  // the shared profile value rules (+0.2 KB: the checkout rule in the entry counts a U+200B
  // address as missing), the <picture> of AVIF and WebP variants (+0.3 KB, which saves
  // hundreds of KB of images on the same view) and the kiosk's chunk preload (+0.1 KB).
  // 116.7 KB → 114.6 KB (114,645 B): react-router's production build (-0.5 KB), the
  // kiosk's own memory router instead of MemoryRouter (-0.5 KB), the shopper's chat button a chunk
  // fetched once the browser is idle (-0.4 KB), the address and shipping rules out of rules.ts
  // (-0.4 KB), and exports only lazy chunks use out of first-load modules (NavLink, the hand-off's
  // phone origin, useIsGuest, useJustAdded, useCategoriesChange: -0.3 KB).
  // The client's sentences for error answers that hold no message (contracts/error-messages.ts,
  // client/lib/error-text.ts) came to 114.9 KB; they are now a chunk fetched with the first such
  // answer (api.ts's plainMessage), which leaves its fetch in the first load: 114.7 KB (114,736 to 114,743 B
  // with the chunks' hashed names) measured.
  // Every form's one hook and its zod/mini chunk (decision 009) add their chunks' names to the
  // entry's preload lists, and the auth machine clears a login refusal when a form opens: 114,804 B.
  // Every tab records its events for a problem report: the recorder and its masking come with the
  // first load (HOME_FIRST_SHOW, 2.0 KB), and the footer's `Report a problem` (0.1 KB); the admin's
  // two problem-report routes and paths; a sign-in reached from the checkout returns there
  // (client/lib/checkout-return.ts), the price filter reads dollars and the <picture>'s sources
  // take no grid cell (+0.2 KB); the forgotten-password routes (+0.1 KB).
  // The kiosk's name kept from `/kiosk?name=…` at start-up (kiosk-entry.ts, decision 028), and the recorder's
  // transition counts and a test shop's planted bug (client/lib/machine-counts.ts, machines/shared/planted-bug.ts), the
  // kiosk Login that returns to its page, the neutral category picture and the admin's Kiosks route (decision 030): 118.7 KB measured.
  // The counts sent by navigator.sendBeacon as a page hides (decision 031): 118,745 → 118,848 B measured.
  // An admin's exported log keeps nothing of a shopper's shared screen (the mask's one rule for it): 118,901 B measured.
  home: 119_000,
  lazy: {
    // Every form's one hook validates with zod/mini (decision 009): its chunk, 7.3 KB gzip, is shared
    // by the login, profile, review, admin and kiosk chunks, so a visitor fetches it once. 11.2 KB measured.
    // The login form's `Forgot your password?` link: 11.3 KB measured.
    // The forms' shared schemas chunk with the new password asked twice (the reset page's and the admin's Set password): 11.4 KB, just over.
    'client/app/guard.tsx': 11_500,
    // The kiosk for touch: the fixed cart bar, the thank-you, the session check and the server's first attract screen, 12.1 KB measured.
    // Its memory router (kiosk-router.tsx) left the shop's first load for here, 12.8 KB measured.
    // zod/mini in the chunk every form shares (the settings' schema had it inlined here): 14.4 KB measured.
    // The accessibility mode (decision 020: its panel, the speech port, spoken names, arrow-key
    // moves, the lower layout), kiosk-only: 18.6 KB measured.
    // Call staff and Staff can see this screen in the bar (decision 028), staff's `Report a problem` behind the PIN,
    // prices spoken as money, the server's Accessibility button picked up, the contrast rules shared with the phone (decision 029).
    // The heartbeat to /admin/kiosks and staff's Reset now and Reload from its reply (decision 030): 20.5 KB measured.
    // The heartbeat's key kept on the device (decision 030, amended) and Read aloud saying a dialog as focus enters it: 21.1 KB measured.
    // The arrival heading said whole, 1 second said as one, the keyboard low in the Lower layout: 21.3 KB measured.
    'client/app/kiosk-shell.tsx': 21_400,
    // The buyer's order timeline and payment notices, 12.0 KB measured. My Orders'
    // table is the admin's too (lib/order-summary/orders-table.tsx, in the chunk the two share), 12.6 KB.
    // The address and shipping rules (contracts/value-rules.ts, shared with the admin)
    // left the shop's first load for the chunk the two share: 13.3 KB measured.
    // The profile form's zod/mini chunk (see guard.tsx) and the form hook: 21.7 KB measured.
    // Delete my account (the shared submit machine, 0.9 KB), Download my data, My Orders' cards, the
    // checkout's kept attempt (method and Idempotency-Key) and its slow-placement notice: 24.0 KB;
    // the shared schemas chunk with the reset pages' schemas beside it: 24.1 KB.
    // The checkout and order pages lend their machines to the shared screen's step in words (decision 028; its 0.8 KB chunk is the chat panel's too): 25.0 KB measured.
    // Pay cash on delivery instead (the payment machine's switch) and the kiosk's masked address with Show: 25.7 KB measured.
    // A refused switch to cash shows its reason and offers the switch again (walletUnavailable.switchRefused): 25.8 KB, just over.
    'client/app/user-area.tsx': 25_900,
    'client/features/admin/analytics/analytics-page.tsx': 17_500,
    // The admin's paging: 15.5 KB measured (the pager, its hook and the shared pagination chunk);
    // the product and order searches, the categories panel and the order timeline: 16.9 KB measured;
    // one order table for the admin's Orders and My Orders (in the chunk they share): 17.6 KB;
    // the uploads as actors of the images' machines, and the create page's own machine: 18.3 KB;
    // a partial create's own state with its link to the edit page, beside the hand-written money writer: 18.7 KB;
    // the price and address rules (contracts/value-rules.ts), NavLink and useCategoriesChange out of the shop's first load: 19.3 KB.
    // The product and user forms' zod/mini chunk (see guard.tsx) and the form hook: 27.4 KB.
    // The problem reports' list and a report's timeline with its Download: 28.4 KB measured.
    // The forms' shared schemas chunk, grown by the schemas merged beside it (+0.1 KB): 28.5 KB.
    // The Categories page (create, describe, attributes), the order's cash switch in the timeline and
    // the kiosk fleet's page, /admin/kiosks (decision 030): 30.1 KB measured.
    // A category renamed and its picture uploaded, an attribute value removed, a kiosk forgotten, a customer's
    // password set, and the lists' error with Try again (admin-list-body.tsx, load-failed.tsx): 31.4 KB measured.
    // LoadFailed shared with the storefront (client/ui/load-failed.tsx), so imported from its own chunk: 31.5 KB.
    'client/features/admin/index.tsx': 31_600,
    // The forms' zod/mini chunk (see guard.tsx), 11.1 KB measured.
    // Its shared schemas chunk, grown by the schemas merged beside it: 11.2 KB; `Forgot your password?`: 11.4 KB.
    'client/features/auth/index.tsx': 11_500,
    // /forgot-password and /reset-password/:id, their schemas and the submit machine: 10.8 KB measured (7.3 KB of it the forms' zod/mini chunk).
    // The two password fields and their schema, shared with the admin's Set password: 11.1 KB measured.
    'client/features/auth/password-pages.tsx': 11_200,
    'client/features/cart/handoff/continue-on-phone.tsx': 7_200,
    // The kiosk asks whether its hand-off was claimed (live-handoff's status call), 5.9 KB measured.
    // MAX_UNITS_PER_PRODUCT's quantity choices and sentence (client/lib/order-limit.ts, shared with product details), 6.6 KB measured.
    // The hand-off link's display choices and Turn off (decision 029; their styles a chunk of their own): 7.1 KB measured.
    'client/features/cart/index.tsx': 7_200,
    // A phone's display choices from the kiosk (decision 029): the kiosk's contrast and larger-text rules, 0.7 KB measured.
    'client/features/cart/handoff/handoff-display-style.ts': 800,
    // Who is writing and since when they wait, 'Close this conversation?' (its dialog fetched when asked) and
    // the History link (its view a chunk of its own): 6.0 KB measured (decision 018).
    // With the Shopper's screen on each card and Ask to see the screen (decision 022): 7.1 KB measured.
    // The card names a kiosk and says On a partner site (decision 028): 7.3 KB measured.
    // Screens asked again on every connection, each acknowledged (decision 022, amended): 7,407 B measured.
    'client/features/chat/index.tsx': 7_500,
    // The admin's chat History (search, transcripts, pages), after the chats page: 4.4 KB counted from home, 1.5 KB of it its own.
    // The transcripts' Shared screen from … to … lines in the reader's zone (decision 028): 4.6 KB measured.
    'client/features/chat/admin-chat-history.tsx': 4_700,
    // The kept conversation id and the history shown again after a reload, 6.1 KB measured.
    // 7.3 KB counted, 1.1 KB of it the launcher's chunk below, which is in before the panel is fetched.
    // With Share my screen, Stop sharing, the ask and the screen built from the shareable fields (decision 022): 9.7 KB measured.
    // The checkout step from the machines (0.8 KB chunk), the kiosk's Call staff (sharing offered first), the
    // earlier conversations' shared screen lines (decision 028): 11.3 KB measured.
    // The line under 'no admin here now' (your message is kept): 11.4 KB measured, at its budget.
    // A replay whose answer a drop lost is asked again: 11.5 KB measured, just over.
    // What is typed while the box clears is kept: 11,621 B measured.
    'client/features/chat/support-chat-panel.tsx': 11_700,
    // The shopper's chat button (launcher and widget), fetched once the browser is idle after hydration, 1.1 KB measured.
    // The kiosk's Call staff opens it (the staff-call store, 0.3 KB, shared with the kiosk's bar): 1.5 KB measured.
    'client/features/chat/support-chat-widget.tsx': 1_600,
    // With the pad's `Report a problem` (a right PIN then opens the report instead of leaving): 3.3 KB measured.
    // The PUBLIC_ORIGIN note moved here from the shopper's QR code (staff only): 3.6 KB measured.
    'client/features/kiosk/pin/exit-press.tsx': 3_700,
    // The keyboard library plus the kiosk shell it comes with (12.1 KB since the kiosk for touch), 24.9 KB measured.
    // The kiosk shell's share of the forms' zod/mini chunk, 27.3 KB measured.
    // The kiosk shell's accessibility mode (see kiosk-shell.tsx) and the keys as named buttons: 31.6 KB measured.
    // The kiosk shell's Call staff, staff's `Report a problem`, decision 029 and prices spoken as money.
    // The kiosk shell's heartbeat (decision 030): 33.6 KB measured.
    // The kiosk shell's heartbeat key and spoken dialogs (see kiosk-shell.tsx): 34.1 KB measured.
    // The kiosk shell's arrival heading and low keyboard (see kiosk-shell.tsx): 34.4 KB measured.
    'client/features/kiosk/touch/on-screen-keyboard.tsx': 34_500,
    // The hand-written dollar amounts (client/ui/money.ts, shared with the list: +0.2 KB) that spare
    // hydration Intl's 14 ms first currency formatter, 6.55 KB measured.
    // The same order limit's choices and sentence, 6.9 KB measured.
    // The review form's zod/mini chunk (see guard.tsx) and the form hook: 14.7 KB measured. The
    // largest share of that chunk's cost; a guest, whose review form is disabled, pays it too.
    // The Specifications table and the kiosk's want of a review form: 14.9 KB measured.
    // Dragging a zoomed picture pans it: 15.1 KB measured.
    // A failed load's Try again (client/ui/load-failed.tsx): 15.3 KB measured.
    'client/features/product-details/index.tsx': 15_400,
    // 6.6 KB measured once the list's filters left the first load for this chunk.
    // 7.0 KB once the filters read back what was ticked before hydration (read-draft.ts).
    // 7.3 KB with the hand-written dollar amounts (+0.2 KB, see product-details) and the hydration boundaries.
    // A failed load's Try again (client/ui/load-failed.tsx, shared with the admin lists): 7,597 B measured.
    'client/features/product-list/index.tsx': 7_700,
    // A signed-in shopper's header menu (not in a guest's first load).
    'client/features/shell/user-menu.tsx': 1_100,
    // The chat outbox (client ids, re-send after a drop) came in with the chat machines: 3.7 KB measured, just over 3,700 B.
    // The admin tab's list of open conversations and colleagues' answers, 4.1 KB measured.
    // With the shared screens in the admin's chat machine (decision 022): 5.1 KB measured.
    // Partner and kiosk words (decision 028), a lost list's answer asked again, a refused connection retried: 5.4 KB.
    // Screens asked again on every connection, each acknowledged (decision 022, amended): 5,575 B measured.
    'client/lib/admin-session-actor.ts': 5_600,
    // The event recorder, loaded only when someone turned recording on (client/lib/event-log.ts).
    // The masking of paths, echoed sentences and conversation ids in the export: 1.8 KB measured
    // (1,795 B). It stays in this chunk: the console's statefrontEvents.toJSON() (and the e2e
    // tests that read it) returns the masked log at once, so the masking cannot wait for a fetch.
    // Now fetched with every first load (HOME_FIRST_SHOW), where it counts; 2.0 KB with the masking a report's path shares.
    'client/lib/event-log-recorder.ts': 2_000,
    // The sentences for error answers that hold no message, fetched with the first such answer (api.ts), 0.4 KB measured.
    'client/lib/error-text.ts': 450,
    // `Report a problem`: the dialog, its form and what it sends.
    // Its zod/mini chunk is the one every form shares (see guard.tsx): 11.6 KB measured.
    'client/features/problem-reports/report-dialog.tsx': 11_700,
    // The toasts' look, fetched with the first toast (client/ui/toast.tsx).
    'client/ui/toast-stack.tsx': 900,
    'node_modules/@paypal/paypal-js/dist/esm/paypal-js.js': 1_600,
    'node_modules/qrcode-generator/dist/qrcode.mjs': 7_600,
    'node_modules/socket.io-client/build/esm/index.js': 13_500,
  } as Record<string, number>,
};

/**
 * The chunks loaded with import() that a guest's first view of `/` fetches at once, by source
 * file, so they count toward the home budget (the entry's static imports count by themselves).
 * A lazy component that the layout or the home page renders on first show belongs here, not in
 * `BUNDLE_BUDGETS.lazy`. Only the event recorder today: the chat's launcher is a chunk fetched once the browser is
 * idle after hydration (no first paint shows it) and fetches its panel on first open, the
 * header's unread dot and the admin session load only for admins.
 */
export const HOME_FIRST_SHOW: readonly string[] = [
  // Every tab records its machines' events from the start, masked, for a problem report (client/lib/event-log.ts).
  'client/lib/event-log-recorder.ts',
];

/**
 * contracts/ builds its zod schemas at the top level (`export const X = z.object(...)`), and a
 * call is kept in case it has effects: a screen that imports only a constant or a type beside
 * them (the kiosk's PIN pad) carried all of zod. Building a schema has no effect but the
 * schema, so the build marks those calls pure: an unused schema is dropped, and zod with it.
 */
const pureSchemas = (): Plugin => ({
  name: 'statefront-pure-schemas',
  transform: {
    filter: { id: /[\\/]contracts[\\/][^\\/]+\.ts$/ },
    handler: (code) => ({ code: code.replace(/(?<![\w$.])z\./g, '/* @__PURE__ */ z.'), map: null }),
  },
});

/**
 * react-router ships every router (data, framework, RSC) in one module, and its top-level
 * statements `Form.displayName = "Form"` and `React.forwardRef(...)`/`createContext(...)` calls
 * (not marked pure) count as effects: each kept a component the shop never renders, and all it
 * reaches (fetchers, forms, scroll restoration), in the first load. Dropping the names (they
 * only label components in React's dev tools) and marking those calls pure lets the build drop
 * what no chunk imports: 1.4 KB gzip off every first load.
 */
const reactRouterTreeShaking = (): Plugin => ({
  name: 'statefront-react-router-tree-shaking',
  apply: 'build',
  transform: {
    filter: { id: /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]/ },
    handler: (code) => ({
      code: code
        .replace(/^[A-Za-z_$][\w$]*\.displayName = "[^"]*";$/gm, '')
        .replace(/= (React\d*\.(?:forwardRef|createContext|memo)\()/g, '= /* @__PURE__ */ $1'),
      map: null,
    }),
  },
});

/**
 * react-router's package exports only its development build (dist/development), whose warnings
 * and their messages the minifier cannot drop; the package ships a production build beside it
 * (dist/production, the same API without them). The browser's build takes that one: 0.5 KB
 * gzip off every first load. `vite dev` keeps the warnings, the server its own (Node's) build.
 */
const reactRouterProduction = (): Plugin => {
  const production = (file: string) => fileURLToPath(new URL(`node_modules/react-router/dist/production/${file}`, import.meta.url));
  const builds: Record<string, string> = { 'react-router': production('index.mjs'), 'react-router/dom': production('dom-export.mjs') };
  return { name: 'statefront-react-router-production', apply: 'build', enforce: 'pre', resolveId: (id) => builds[id] ?? null };
};

type ModuleGraph = { getModuleInfo: (id: string) => Rolldown.ModuleInfo | null };

/**
 * Names one chunk for every module the page loads before main.tsx runs (its static imports,
 * transitively). Left alone, Rolldown splits the modules the shop shares with lazy chunks into
 * chunks of their own (one named after ui/visually-hidden.tsx held xstate and react-router), so
 * the first load was several files that compress apart and cost a request each.
 */
const firstLoadChunk = () => {
  const memo = new Map<string, boolean>();
  const loadsFirst = (id: string, graph: ModuleGraph): boolean => {
    const known = memo.get(id);
    if (known !== undefined) return known;
    memo.set(id, false); // a cycle does not prove anything
    const info = graph.getModuleInfo(id);
    const answer = Boolean(info && (info.isEntry || info.importers.some((importer) => loadsFirst(importer, graph))));
    memo.set(id, answer);
    return answer;
  };
  return (id: string, graph: ModuleGraph) => (loadsFirst(id, graph) ? 'shop' : null);
};

/** The shop's client build; tests build it elsewhere without the compressed copies. */
export const clientBuild = (outDir: string, { compressed = true } = {}): UserConfig => ({
  root: 'client',
  publicDir: 'public',
  plugins: [
    pureSchemas(),
    reactRouterProduction(),
    reactRouterTreeShaking(),
    react({ jsxImportSource: '@emotion/react' }),
    compressed ? precompress() : null,
  ],
  build: {
    outDir,
    emptyOutDir: true,
    // The budgets read which chunk loads which from .vite/manifest.json.
    manifest: true,
    // Every browser the shop supports preloads modules itself (Chromium 66, Firefox 115, Safari 17);
    // an older one loads the same modules, one request later.
    modulePreload: { polyfill: false },
    // Route-level lazy imports split the admin area, d3, the wallet SDK and the chat client; the
    // first load is one chunk on purpose (about 375 KB raw): the budgets guard it, not this warning.
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: firstLoadChunk(), debugName: 'first load' }] } },
      // @emotion/react imports hoist-non-react-statics (and with it react-is) for its side
      // effects only, for withTheme, which the shop never uses; the package does not say it
      // has none, so 1.2 KB gzip of it rode along on every first load.
      treeshake: { moduleSideEffects: [{ test: /node_modules[\\/](hoist-non-react-statics|react-is)[\\/]/, sideEffects: false }] },
    },
  },
  server: {
    proxy: {
      '/api': { target: shop, changeOrigin: false },
      '/images': { target: shop, changeOrigin: false },
      '/socket.io': { target: shop, ws: true, changeOrigin: false },
    },
  },
});

export default defineConfig(clientBuild('../dist/client'));
