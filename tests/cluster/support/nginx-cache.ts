/** What nginx's cache answers, for the cluster's tests: a hit as parsed, and a hit's bytes as they came. */
import http from 'node:http';

/** Asks until nginx answers from its cache (a few tries: the lifetime is one second). */
export const cachedAnswer = async (url: string, init: RequestInit = {}): Promise<Response | undefined> => {
  for (let i = 0; i < 5; i += 1) {
    const res = await fetch(url, init);
    if (res.headers.get('x-cache-status') === 'HIT') return res;
    await res.arrayBuffer();
  }
  return undefined;
};

/** An answer nginx gave from its cache, its bytes as they came (still encoded), for `coding` as Accept-Encoding. */
export const rawHit = async (url: string, coding: string | undefined): Promise<{ body: Buffer; headers: http.IncomingHttpHeaders }> => {
  for (let i = 0; i < 5; i += 1) {
    const answer = await new Promise<{ body: Buffer; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
      http
        .get(url, { headers: coding === undefined ? {} : { 'accept-encoding': coding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ body: Buffer.concat(chunks), headers: res.headers }));
        })
        .on('error', reject);
    });
    if (answer.headers['x-cache-status'] === 'HIT') return answer;
  }
  throw new Error(`${url} (${coding ?? 'no coding'}) was never answered from nginx's cache`);
};
