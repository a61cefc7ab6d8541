/**
 * npm run demo:partner: a sample partner site on a second origin that embeds the shop's chat.
 *
 *   SHOP_URL=http://localhost:3000 DEMO_PORT=4001 CHAT_IDENTITY_SECRET=… npm run demo:partner
 *
 * The page pastes the snippet (queue stub + `<script src="SHOP/widgets/chat.js" async>`), has
 * buttons for open, close and identify, and deliberately rude CSS that the widget must ignore.
 * Identify asks this server for a visitor signed with CHAT_IDENTITY_SECRET (identity v2, for the
 * shop's origin, valid for an hour), as a real partner's server would. The shop accepts the page
 * only if PARTNER_ORIGINS lists its origin, and the identity only if its PUBLIC_ORIGIN is SHOP_URL's.
 */
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { pathToFileURL } from 'node:url';
import type { ChatIdentifyV2 } from '#contracts/chat.ts';

export const DEMO_VISITOR = { id: 'partner-visitor-1', name: 'Pat Partner', email: 'pat@partner.example' } as const;
/** How long a signed identity lives: a page asks again when it reloads; the shop refuses over 24 h. */
const LIFETIME_S = 60 * 60;

type Visitor = { id: string; name: string; email: string };

/**
 * Written as a partner would, without the shop's code (widgets/README.md): the exact JSON text
 * travels as `payload`, and the lowercase hex HMAC-SHA256 of `v2.` + payload is the signature.
 */
export const signIdentity = (secret: string, visitor: Visitor, shopOrigin: string, now = Date.now()): ChatIdentifyV2 => {
  const payload = JSON.stringify({ ...visitor, aud: shopOrigin, exp: Math.floor(now / 1000) + LIFETIME_S });
  return { v: 2, payload, signature: createHmac('sha256', secret).update(`v2.${payload}`).digest('hex') };
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

export const partnerPage = (chatScriptUrl: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Partner demo: Statefront support chat</title>
<link rel="icon" href="data:,">
<style>
  /* Hostile page styles: none of them may reach the chat widget. */
  * { font-family: "Comic Sans MS", cursive !important; letter-spacing: 2px; }
  body { margin: 2rem; color: darkgreen; background: #fffbe6; }
  button { background: hotpink !important; border: 4px dashed purple; font-size: 20px; }
  textarea, h2, p, section { color: orange !important; }
  div { outline: 1px dotted red; }
  #log { white-space: pre-wrap; font: 13px monospace; }
</style>
<script>
  window.StatefrontChatConfig = { title: "Let's Chat - Online" };
  window.StatefrontChat = window.StatefrontChat || function () { (StatefrontChat.q = StatefrontChat.q || []).push(arguments); };
</script>
<script src="${escapeHtml(chatScriptUrl)}" async></script>
</head>
<body>
<h1>Partner Outdoor Gear</h1>
<p>A partner site on its own origin, embedding the shop's support chat with one script tag.</p>
<p>
  <button type="button" id="open">Open chat</button>
  <button type="button" id="close">Close chat</button>
  <button type="button" id="identify">Identify as ${escapeHtml(DEMO_VISITOR.name)}</button>
</p>
<h2>Events from the widget</h2>
<div id="log" role="log"></div>
<script>
  const log = (line) => { document.getElementById('log').textContent += line + '\\n'; };
  document.getElementById('open').onclick = () => StatefrontChat('open');
  document.getElementById('close').onclick = () => StatefrontChat('close');
  document.getElementById('identify').onclick = async () => {
    const answer = await fetch('/identity').then((r) => r.json());
    if (!answer.signed) log('CHAT_IDENTITY_SECRET is not set here: the shop will refuse this identity.');
    StatefrontChat('identify', answer.identity);
    log('identify sent for ' + JSON.parse(answer.identity.payload).email);
  };
  StatefrontChat('on', 'ready', () => log('ready'));
  window.addEventListener('statefront-chat:unread', (e) => log('unread: ' + e.detail.count));
</script>
</body>
</html>`;

export type DemoOptions = { shopUrl: string; secret: string | undefined };

export const createDemoPartner = ({ shopUrl, secret }: DemoOptions): Server => {
  const chatScriptUrl = new URL('/widgets/chat.js', shopUrl).href;
  return createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://demo.invalid').pathname;
    if (req.method === 'GET' && path === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      return res.end(partnerPage(chatScriptUrl));
    }
    if (req.method === 'GET' && path === '/identity') {
      // Without the shop's secret the demo still shows the refusal path, with a signature that cannot match.
      const identity = signIdentity(secret ?? 'not-the-shop-secret', DEMO_VISITOR, new URL(shopUrl).origin);
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      return res.end(JSON.stringify({ identity, signed: Boolean(secret) }));
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('Not found');
  });
};

const main = () => {
  const shopUrl = process.env.SHOP_URL ?? 'http://localhost:3000';
  const port = Number(process.env.DEMO_PORT ?? 4001);
  const host = process.env.DEMO_HOST ?? '127.0.0.1';
  try {
    new URL(shopUrl);
  } catch {
    console.error(`SHOP_URL must be a URL such as http://localhost:3000 (got "${shopUrl}").`);
    process.exit(1);
  }
  const server = createDemoPartner({ shopUrl, secret: process.env.CHAT_IDENTITY_SECRET || undefined });
  server.listen(port, host, () => {
    const origin = `http://${host}:${port}`;
    console.log(`Partner demo at ${origin}/ embedding ${shopUrl}/widgets/chat.js`);
    console.log(
      `Start the shop with: PARTNER_ORIGINS=${origin} PUBLIC_ORIGIN=${new URL(shopUrl).origin} CHAT_IDENTITY_SECRET=<the same secret> npm start`,
    );
    if (!process.env.CHAT_IDENTITY_SECRET) console.log('CHAT_IDENTITY_SECRET is not set: "Identify" will be refused by the shop.');
  });
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
