/**
 * The shop's instances as the cluster runs them: scripts/start-api.ts and scripts/start-bff.ts
 * in processes of their own, each on a private loopback port, named by INSTANCE_ID; ready
 * when their /readyz answers 200 (or /healthz, on an instance without /readyz yet).
 */
import { nodeEntry } from '../../api/compiled.ts';
import { freePort, holdsPort } from './ports.ts';
import type { Component } from './processes.ts';
import type { Program } from './supervisor-config.ts';

export type InstanceKind = 'api' | 'bff';
/** `env`: all it runs with; `own`: what the cluster sets over the caller's environment. */
export type InstanceSpec = { name: string; kind: InstanceKind; port: number; env: NodeJS.ProcessEnv; own: Record<string, string> };

/** Compiled, node on their .js; from the sources, through tsx (api/compiled.ts). */
const ENTRIES: Record<InstanceKind, URL> = {
  api: new URL('../start-api.ts', import.meta.url),
  bff: new URL('../start-bff.ts', import.meta.url),
};

/** The caller's variables that would point an instance elsewhere than the cluster chose. */
const FOREIGN = [
  'API_URL',
  'DATABASE_URL',
  'REDIS_URL',
  'PORT',
  'HOST',
  'API_PORT',
  'API_HOST',
  'INSTANCE_ID',
  'SEED',
  'TRUST_PROXY',
  'TRUST_PROXY_SECRET',
  'STATEFRONT_API_CHILD',
];

export const instanceEnv = (base: NodeJS.ProcessEnv, own: Record<string, string>): NodeJS.ProcessEnv => {
  const env = { ...base };
  for (const name of FOREIGN) delete env[name];
  return { ...env, ...own };
};

/** The variables that place each kind of instance: its loopback host and its port. */
const PLACE: Record<InstanceKind, { host: string; port: string }> = {
  api: { host: 'API_HOST', port: 'API_PORT' },
  bff: { host: 'HOST', port: 'PORT' },
};

/** An instance named `name` on a free loopback port, with `own` over the caller's environment. */
export const instanceSpec = async (
  kind: InstanceKind,
  name: string,
  base: NodeJS.ProcessEnv,
  own: Record<string, string>,
): Promise<InstanceSpec> => {
  const port = await freePort();
  const place = { INSTANCE_ID: name, [PLACE[kind].host]: '127.0.0.1', [PLACE[kind].port]: String(port) };
  return { name, kind, port, env: instanceEnv(base, { ...place, ...own }), own: { ...place, ...own } };
};

/** Moves a spec that has not started yet to another port. */
export const movePort = (spec: InstanceSpec, port: number): void => {
  spec.port = port;
  spec.env[PLACE[spec.kind].port] = String(port);
  spec.own[PLACE[spec.kind].port] = String(port);
};

/** The instance as the supervisor runs it: SIGTERM drains it (within 15 s, then it exits by itself). */
export const instanceProgram = (spec: InstanceSpec): Program => {
  const { file, execArgv } = nodeEntry(ENTRIES[spec.kind]);
  return {
    name: spec.name,
    command: process.execPath,
    args: [...execArgv, file],
    env: spec.own,
    stopSignal: 'TERM',
    stopWaitSecs: 20,
    // Ready takes a few seconds: an exit sooner is a failed start, tried again after a growing pause.
    startSecs: 3,
  };
};

/** The status, with a 200 that is not JSON counted as 404: a BFF without /readyz answers it with the shop's page. */
const answer = async (url: string): Promise<number | undefined> => {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(3_000) });
    await res.arrayBuffer();
    return res.status === 200 && !res.headers.get('content-type')?.includes('json') ? 404 : res.status;
  } catch {
    return undefined;
  }
};

/**
 * Polls the instance until it is ready; throws with its name and last lines when it exits
 * first or the time runs out.
 */
export const waitReady = async (proc: Component, port: number, timeoutMs = 120_000): Promise<void> => {
  const end = Date.now() + timeoutMs;
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (!proc.running()) throw new Error(`${proc.name} stopped while starting:\n${proc.lastLines()}`);
    // Its own answer only: a stranger that took the port first answers too (ports.ts).
    const ours = (await holdsPort(proc.pid, port)) !== false;
    const ready = ours ? await answer(`${base}/readyz`) : undefined;
    if (ready === 200) return;
    // An instance from before /readyz: alive is the best it can say.
    if (ready === 404 && (await answer(`${base}/healthz`)) === 200) return;
    if (Date.now() > end)
      throw new Error(
        `${proc.name} was not ready within ${timeoutMs / 1000} s (${base}/readyz: ${ready ?? 'no answer'}):\n${proc.lastLines()}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
};
