/**
 * The globals a machine may use: what browsers and Node.js (20 and later) both give, and nothing
 * else. tsconfig.shared.json checks machines/ and contracts/ against this file alone, with neither
 * the DOM's types nor Node's, so a machine reaching for `document` or `Buffer` fails the typecheck.
 * Only that configuration reads it: the client's and the servers' have the full platform types.
 */
/** A timer's id: a number in browsers, an object in Node, so a machine only hands it back to clearTimeout. */
declare function setTimeout(handler: () => void, ms?: number): unknown;
declare function clearTimeout(id: unknown): void;
declare const console: { warn(...data: unknown[]): void; error(...data: unknown[]): void; info(...data: unknown[]): void };
declare const crypto: {
  randomUUID(): `${string}-${string}-${string}-${string}-${string}`;
  getRandomValues<T extends Uint8Array>(array: T): T;
};
declare function structuredClone<T>(value: T): T;
declare class URLSearchParams {
  constructor(init?: string | Record<string, string> | string[][] | URLSearchParams);
  get(name: string): string | null;
  getAll(name: string): string[];
  has(name: string): boolean;
  set(name: string, value: string): void;
  append(name: string, value: string): void;
  delete(name: string): void;
  entries(): IterableIterator<[string, string]>;
  keys(): IterableIterator<string>;
  forEach(callback: (value: string, key: string) => void): void;
  toString(): string;
  [Symbol.iterator](): IterableIterator<[string, string]>;
}
/** A file the shopper picked (the browser's; Node's own since 20): the image machines queue them. */
declare class File extends Blob {
  readonly name: string;
  readonly lastModified: number;
}
declare class Blob {
  readonly size: number;
  readonly type: string;
}
