// The page's build is named by its entry scripts: Vite gives every build's files new content hashes.
const SCRIPT_SRC = /<script\b[^>]*\ssrc="([^"]*\/assets\/[^"]+)"/g;

/** The /assets/ entry scripts an index.html names, sorted. */
export const scriptsIn = (html: string): string[] => [...html.matchAll(SCRIPT_SRC)].map((m) => new URL(m[1]!, 'http://x').pathname).sort();

/** The running page's entry scripts (only the ones index.html named: lazy chunks add links, not scripts). */
export const runningScripts = (doc: Document = document): string[] =>
  [...doc.querySelectorAll<HTMLScriptElement>('script[src]')]
    .map((s) => new URL(s.src, doc.baseURI).pathname)
    .filter((p) => p.includes('/assets/'))
    .sort();

/** A new build is out when the served index names other entry scripts than the running page (none named: a dev server, never "new"). */
export const isNewBuild = (served: string[], running: string[]): boolean =>
  served.length > 0 && (served.length !== running.length || served.some((src, i) => src !== running[i]));
