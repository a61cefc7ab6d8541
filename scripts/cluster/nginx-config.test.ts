import { spawnSync } from 'node:child_process';
import http from 'node:http';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_AWAY_STATUS } from '../../bff/http/error-answer.ts';
import { BALANCER_ERROR_STATUSES, fallbackMessage } from '#contracts/error-messages.ts';
import { workersMayRead } from './nginx.ts';
import {
  CATALOGUE_LOCATION,
  PAGES_LOCATION,
  nginxConfig,
  type NginxConfigOptions,
  UPSTREAM_IDLE_SECONDS,
  upstreamName,
} from './nginx-config.ts';

const options: NginxConfigOptions = {
  dir: '/data/cluster',
  host: '127.0.0.1',
  port: 3000,
  internalPort: 41000,
  bffs: [
    { name: 'bff-1', port: 41001 },
    { name: 'bff-2', port: 41002 },
  ],
  apis: [
    { name: 'api-1', port: 41003 },
    { name: 'api-2', port: 41004 },
  ],
  proxySecret: 'a-proxy-secret-of-32-characters-or-more',
};

/** The block that starts with `head {`, up to its closing brace. */
const block = (config: string, head: string): string => {
  const start = config.indexOf(`${head} {`);
  if (start < 0) return '';
  let depth = 0;
  for (let i = config.indexOf('{', start); i < config.length; i += 1) {
    if (config[i] === '{') depth += 1;
    if (config[i] === '}' && --depth === 0) return config.slice(start, i + 1);
  }
  return '';
};
const servers = (config: string): string[] => config.split(/\n {2}server \{/).slice(1);

describe('the balancer configuration', () => {
  const config = nginxConfig(options);

  it('when a browser calls the public port, then HTTP goes round-robin to every BFF with passive checks and retries on a connection that fails', () => {
    const bffs = block(config, 'upstream bffs');
    expect(bffs).toContain('server 127.0.0.1:41001 max_fails=1 fail_timeout=5s;');
    expect(bffs).toContain('server 127.0.0.1:41002 max_fails=1 fail_timeout=5s;');
    expect(bffs).toContain('keepalive');
    expect(bffs).not.toContain('hash');
    // nginx lets an idle connection go before node's own 5 s would close it under a request.
    expect(bffs).toContain(`keepalive_timeout ${UPSTREAM_IDLE_SECONDS}s;`);
    expect(UPSTREAM_IDLE_SECONDS * 1000).toBeLessThan(http.createServer().keepAliveTimeout);
    expect(config).toContain('proxy_next_upstream error timeout;');
  });

  it('when a BFF answers that the API is away, or an API that its database is, then nginx does not count it against that peer', () => {
    const judged = [...config.matchAll(/proxy_next_upstream ([^;]*);/g)].map((m) => m[1]!.split(' '));
    expect(judged.length).toBeGreaterThan(0);
    for (const conditions of judged) {
      expect(conditions).not.toContain(`http_${API_AWAY_STATUS}`);
      expect(conditions).not.toContain('http_503');
    }
  });

  it("when nginx itself answers an /api/ call with an error (no live upstream, too large, a limit), then it is JSON with the client's sentence; pages keep nginx's own", () => {
    const [pub, internal] = [servers(config).find((s) => s.includes(':3000;'))!, servers(config).find((s) => s.includes(':41000;'))!];
    for (const status of BALANCER_ERROR_STATUSES) {
      const page = `error_page ${status} @error_${status};`;
      for (const where of [`location ${CATALOGUE_LOCATION}`, 'location /api/']) expect(block(pub, where), where).toContain(page);
      expect(internal).toContain(page);
      for (const server of [pub, internal]) {
        const answer = block(server, `location @error_${status}`);
        expect(answer).toContain('default_type application/json;');
        const body = /return (\d+) '(.*)';/.exec(answer)!;
        expect(Number(body[1])).toBe(status);
        expect(JSON.parse(body[2]!)).toEqual({ message: fallbackMessage(status) });
      }
    }
    expect(fallbackMessage(502)).toBe('The shop cannot be reached right now. Please try again in a moment.');
    for (const where of [PAGES_LOCATION, '/']) expect(block(pub, `location ${where}`), where).not.toContain('error_page');
  });

  it('when socket.io polls with a session id, then the public side hashes the sid (sticky) and upgrades websockets', () => {
    expect(block(config, 'upstream bffs_sticky')).toContain('hash $arg_sid consistent;');
    const publicServer = servers(config).find((s) => s.includes('listen 127.0.0.1:3000;'))!;
    expect(block(publicServer, 'location /socket.io/')).toContain('proxy_pass http://bffs_sticky;');
    expect(publicServer).toContain('proxy_set_header Upgrade $http_upgrade;');
    expect(publicServer).toContain('proxy_set_header Connection $connection_upgrade;');
    // The address nginx saw replaces whatever the client wrote.
    expect(publicServer).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    expect(config).not.toContain('$proxy_add_x_forwarded_for');
    expect(publicServer).toContain('proxy_set_header X-Request-Id $request_id;');
  });

  it('when nginx forwards to a BFF, then it adds the proxy secret (replacing any the client sent); the internal hop to the APIs never carries it', () => {
    const [publicServer, internal] = [
      servers(config).find((s) => s.includes(':3000;'))!,
      servers(config).find((s) => s.includes(':41000;'))!,
    ];
    for (const where of ['location /socket.io/', 'location /'])
      expect(block(publicServer, where)).toContain('proxy_set_header x-statefront-proxy "a-proxy-secret-of-32-characters-or-more";');
    expect(internal).not.toContain('a-proxy-secret');
    expect(() => nginxConfig({ ...options, proxySecret: 'short' })).toThrow(/proxy secret/);
  });

  it('when a client is slow or holds many connections, then the public server cuts it off: header and body read times, connections per address (429)', () => {
    const publicServer = servers(config).find((s) => s.includes(':3000;'))!;
    expect(config).toContain('limit_conn_zone $binary_remote_addr zone=per_address:10m;');
    for (const line of [
      'client_header_timeout 10000ms;',
      'client_body_timeout 10000ms;',
      'limit_conn per_address 256;',
      'limit_conn_status 429;',
    ])
      expect(publicServer).toContain(line);
    const small = servers(nginxConfig({ ...options, slow: { headerSeconds: 0.5, connectionsPerAddress: 3 } })).find((s) =>
      s.includes(':3000;'),
    )!;
    expect(small).toContain('client_header_timeout 500ms;');
    expect(small).toContain('limit_conn per_address 3;');
  });

  it('when anyone asks the public port for /healthz or /readyz, then it answers 404', () => {
    const publicServer = servers(config).find((s) => s.includes('listen 127.0.0.1:3000;'))!;
    expect(publicServer).toContain('location ~* ^/(healthz|readyz)(/|$) { return 404; }');
  });

  it('when a BFF relays a polling request, then the internal side routes it by the sid prefix to the API holding the session', () => {
    const map = block(config, 'map $arg_sid $api_pool');
    expect(map).toContain('"~^api-1(~|%7[Ee])" api_1;');
    expect(map).toContain('"~^api-2(~|%7[Ee])" api_2;');
    expect(map).toContain('default apis;');
    expect(block(config, 'upstream api_1')).toContain('server 127.0.0.1:41003');
    expect(block(config, 'upstream api_1')).not.toContain('41004');
    const internal = servers(config).find((s) => s.includes('listen 127.0.0.1:41000;'))!;
    expect(block(internal, 'location /socket.io/')).toContain('proxy_pass http://$api_pool;');
    expect(block(internal, 'location /')).toContain('proxy_pass http://apis;');
    // The internal hop keeps the request id the public side minted (nginx passes it through).
    expect(internal).not.toContain('$request_id');
  });

  it('when the BFFs are still starting, then only the internal server exists (the public port is not open yet)', () => {
    const internalOnly = nginxConfig({ ...options, port: undefined });
    expect(servers(internalOnly)).toHaveLength(1);
    expect(internalOnly).not.toContain(':3000');
    expect(internalOnly).not.toContain('upstream bffs');
  });

  it('when the configuration is written, then its pid and temp files stay under the cluster folder and errors go to stderr', () => {
    expect(config).toContain('pid /data/cluster/nginx.pid;');
    expect(config).toContain('proxy_temp_path /data/cluster/nginx-temp/proxy;');
    expect(config).toContain('error_log stderr');
    expect(config).toContain('access_log off;');
  });

  it("when nginx may read DATA_DIR/images, then the public server answers /images/ from the disk with the API's headers and asks a BFF only for a name it lacks", () => {
    const publicServer = (c: string) => servers(c).find((s) => s.includes('listen 127.0.0.1:3000;'))!;
    const withImages = publicServer(nginxConfig({ ...options, imagesRoot: '/data' }));
    const images = block(withImages, 'location ^~ /images/');
    for (const line of [
      'root /data;',
      'add_header Cache-Control "public, max-age=31536000, immutable";',
      'add_header X-Content-Type-Options nosniff;',
      'image/avif avif;',
      'image/webp webp;',
      'autoindex off;',
      'location ~ /\\. { return 404; }',
      'location ~ "\\.(jpg|jpeg|png|gif|webp|avif)$" { try_files $uri @shop; }',
      'return 404;',
    ])
      expect(images).toContain(line);
    // No open file cache for images, nor for the server as a whole: a deleted image stops answering at once.
    expect(images).not.toContain('open_file_cache');
    expect(withImages.split('\n    location')[0]).not.toContain('open_file_cache');
    expect(block(withImages, 'location @shop')).toContain('proxy_pass http://bffs;');
    expect(block(withImages, 'location @shop')).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    expect(publicServer(config)).not.toContain('/images/');
  });

  it('when nginx runs as root, then it serves the images only if its workers (nobody) may read them; as anyone else, always', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'statefront-nginx-'));
    try {
      const images = path.join(dir, 'images');
      mkdirSync(images, { mode: 0o755 });
      chmodSync(dir, 0o700);
      expect(await workersMayRead(images, 0)).toBe(false);
      expect(await workersMayRead(images, 1000)).toBe(true);
      chmodSync(dir, 0o711);
      // The folders above (/tmp and /) let everyone through.
      expect(await workersMayRead(images, 0)).toBe(true);
      chmodSync(images, 0o700);
      expect(await workersMayRead(images, 0)).toBe(false);
      expect(await workersMayRead(path.join(dir, 'missing'), 0)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('when guests ask the catalogue or a page, then nginx caches them (no cookie, lock, stale while updating) and limit_req counts each hit per address', () => {
    const pub = servers(config)[0]!;
    expect(config).toContain('worker_processes auto;');
    expect(config).toMatch(/proxy_cache_path \/data\/cluster\/nginx-cache .*keys_zone=catalogue:/);
    expect(config).toContain('limit_req_zone $binary_remote_addr zone=catalogue_per_address:10m rate=1200r/m;');
    for (const where of [CATALOGUE_LOCATION, PAGES_LOCATION]) {
      const loc = block(pub, `location ${where}`);
      for (const line of [
        'proxy_cache catalogue;',
        'proxy_cache_bypass $http_cookie $http_authorization $catalogue_wants_fresh;',
        'proxy_no_cache $http_cookie $http_authorization;',
        'proxy_cache_lock on;',
        'proxy_cache_use_stale updating error timeout http_502 http_503;',
        'proxy_cache_background_update off;',
        'limit_req zone=catalogue_per_address burst=1200 nodelay;',
      ])
        expect(loc, where).toContain(line);
    }
    // Nothing else is cached: the API's personal calls go by the plain location.
    for (const where of ['location /', 'location /api/']) expect(block(pub, where), where).not.toContain('proxy_cache');
  });

  it('when an instance name has a dash, then its upstream name is nginx-safe', () => {
    expect(upstreamName('api-12')).toBe('api_12');
  });

  it.skipIf(!existsSync('/usr/sbin/nginx'))('when nginx -t checks the generated file, then it is valid', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'statefront-nginx-'));
    try {
      const file = path.join(dir, 'nginx.conf');
      // nginx.ts makes the temp folder before the check, as here.
      mkdirSync(path.join(dir, 'nginx-temp'));
      writeFileSync(file, nginxConfig({ ...options, dir }));
      const out = spawnSync('/usr/sbin/nginx', ['-t', '-e', 'stderr', '-c', file, '-p', `${dir}/`], { encoding: 'utf8' });
      expect(out.stderr, out.stderr).toContain('syntax is ok');
      expect(out.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
