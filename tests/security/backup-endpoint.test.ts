import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_HEADER, BACKUP_PATH, signBackupCall } from '../../api/components/backup/signature.ts';
import { TEST_INTERNAL_SECRET, type TestApi, startTestApi } from '../../api/testing/api-harness.ts';
import { type TestBff, startTestBff } from '../../bff/testing/bff-harness.ts';
import { type ClusterNginx, nginxProgram, startNginx } from '../../scripts/cluster/nginx.ts';
import { unsupervised } from '../../scripts/cluster/unsupervised.ts';
import { freePort } from '../support/redis-server.ts';
import { spellingsOf } from './spellings.ts';

/**
 * The running shop's backup endpoint (GET /internal/backup) answers loopback
 * callers signed with INTERNAL_SECRET. Sent through the BFF's public port and through the
 * cluster's nginx in every spelling a proxy might rewrite, each with a valid signature, it is
 * never reached: no request the API's router would take for it arrives, and no answer is a backup.
 */

const NGINX = '/usr/sbin/nginx';

let t: TestApi;
let bff: TestBff;
let nginx: ClusterNginx | undefined;
let nginxUrl = '';
/** The port the BFFs reach the APIs through (127.0.0.1 only). */
let nginxInternalUrl = '';
let dir: string;
const arrived: string[] = [];

/** Raw node:http, so the target goes out byte for byte (no folding of `//`, no `..` resolution). */
const signedCall = (
  base: string,
  target: string,
  signature = signBackupCall(TEST_INTERNAL_SECRET),
): Promise<{ status: number; type: string }> =>
  new Promise((resolve, reject) => {
    const { hostname, port } = new URL(base);
    const req = http.request(
      {
        host: hostname,
        port,
        method: 'GET',
        path: target,
        headers: { [BACKUP_HEADER]: signature, 'x-csrf': '1' },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? '') }));
      },
    );
    req.on('error', reject);
    req.end();
  });

/** Every spelling of the endpoint, also behind the prefixes the BFF and nginx do proxy. */
const targets = (origin: string): string[] => [
  ...spellingsOf(BACKUP_PATH, origin).map((s) => s.target),
  ...['/api', '/images', '/socket.io', '/api/users'].flatMap((prefix) => [
    `${prefix}/..${BACKUP_PATH}`,
    `${prefix}/%2e%2e${BACKUP_PATH}`,
    `${prefix}%2F..%2Finternal%2Fbackup`,
    `${prefix}/..;${BACKUP_PATH}`,
    `${prefix}/%2e%2e%2finternal%2fbackup`,
  ]),
  '/internal%2Fbackup',
  '/internal/backup;x=1',
  '/internal//backup',
  '/./internal/backup',
  '/internal/./backup',
  '/Internal/Backup/',
];

beforeAll(async () => {
  t = await startTestApi({ attachments: [] });
  // What the API's router would take for the endpoint (any case, a trailing slash, a query);
  // `/api/users/%2e%2e%2finternal%2fbackup` may arrive, as a user id, which is not it.
  t.server.on('request', (req: http.IncomingMessage) => {
    if (/^\/internal\/backup\/?$/i.test((req.url ?? '').split('?')[0]!)) arrived.push(req.url ?? '');
  });
  bff = await startTestBff({ apiUrl: t.url, apiLimitPerMinute: 1_000_000 });
  if (existsSync(NGINX)) {
    dir = await mkdtemp(path.join(tmpdir(), 'statefront-backup-nginx-'));
    const port = await freePort();
    const internalPort = await freePort();
    nginx = await startNginx(
      NGINX,
      unsupervised(nginxProgram(NGINX, dir), () => undefined),
      {
        dir,
        host: '127.0.0.1',
        port,
        internalPort,
        bffs: [{ name: 'bff-1', port: Number(new URL(bff.url).port) }],
        apis: [{ name: 'api-1', port: Number(new URL(t.url).port) }],
        proxySecret: 'a-proxy-secret-of-32-characters-or-more',
      },
      () => undefined,
    );
    nginxUrl = `http://127.0.0.1:${port}`;
    nginxInternalUrl = `http://127.0.0.1:${internalPort}`;
  }
}, 60_000);

afterAll(async () => {
  await nginx?.stop();
  await bff?.stop();
  await t?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the backup endpoint from outside', () => {
  it('when the signed call goes straight to the API on loopback, then it answers a backup (the signature in these tests is right)', async () => {
    const answer = await signedCall(t.url, BACKUP_PATH);
    expect(answer).toEqual({ status: 200, type: 'application/gzip' });
    arrived.length = 0;
  });

  it('when a signed header that was already used is sent again within its minute, then it is a 404 (each signature is good once)', async () => {
    const signature = signBackupCall(TEST_INTERNAL_SECRET);
    expect(await signedCall(t.url, BACKUP_PATH, signature)).toEqual({ status: 200, type: 'application/gzip' });
    expect((await signedCall(t.url, BACKUP_PATH, signature)).status).toBe(404);
    arrived.length = 0;
  });

  it("when every spelling of it is sent through the BFF's public port, signed, then none reaches the API and none answers a backup", async () => {
    const answers = [];
    for (const target of targets(bff.url)) answers.push({ target, ...(await signedCall(bff.url, target)) });
    expect(answers.filter((a) => a.type.includes('gzip'))).toEqual([]);
    expect(arrived).toEqual([]);
  });

  // The public port (to the BFFs) and the internal one (the BFFs' way to the APIs).
  for (const [door, base] of [
    ["the cluster's nginx", () => nginxUrl],
    ["nginx's internal port", () => nginxInternalUrl],
  ] as const) {
    it.skipIf(!existsSync(NGINX))(`when every spelling of it is sent through ${door}, signed, then none reaches the API`, async () => {
      const answers = [];
      for (const target of targets(base())) answers.push({ target, ...(await signedCall(base(), target)) });
      expect(answers.filter((a) => a.type.includes('gzip'))).toEqual([]);
      expect(arrived).toEqual([]);
    });
  }
});
