import { plainMessage } from '../../../lib/api.ts';

export type UploadProgress = { loaded: number; total: number };

export type XhrTarget = {
  url: string;
  /** The multipart field the receiver reads the file from. */
  field: string;
  headers?: Record<string, string>;
  /** Send the shop's cookies: only to the shop itself, never to a third-party host. */
  withCredentials: boolean;
  /** The message when the receiver cannot be reached at all. */
  unreachable: string;
};

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/**
 * The receiver's own words: `{ message }` (the shop), `{ error: { message } }` (the hosting
 * service) or its text when that is a sentence (never a balancer's HTML page), else the status's.
 */
const messageOf = async (body: unknown, xhr: XMLHttpRequest): Promise<string> => {
  if (typeof body === 'object' && body !== null) {
    const { message, error } = body as { message?: unknown; error?: { message?: unknown } };
    if (typeof message === 'string' && message) return message;
    if (typeof error?.message === 'string' && error.message) return error.message;
  }
  return plainMessage(typeof body === 'string' ? body : '', xhr.getResponseHeader('content-type'), xhr.status);
};

/**
 * Sends one file with XMLHttpRequest, because fetch reports no upload progress: the browser's
 * `upload.onprogress` events are the real bytes sent. Resolves with the parsed JSON answer;
 * rejects with `{ status, message }` like api.ts, or an AbortError when aborted.
 */
export function xhrUpload(
  target: XhrTarget,
  file: File,
  onProgress: (p: UploadProgress) => void,
): { done: Promise<unknown>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const done = new Promise<unknown>((resolve, reject) => {
    xhr.open('POST', target.url);
    xhr.withCredentials = target.withCredentials;
    for (const [name, value] of Object.entries(target.headers ?? {})) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => onProgress({ loaded: e.loaded, total: e.lengthComputable ? e.total : file.size });
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress({ loaded: file.size, total: file.size });
        resolve(body);
      } else {
        void messageOf(body, xhr).then((message) => reject({ status: xhr.status, message }));
      }
    };
    xhr.onerror = () => reject({ status: 0, message: target.unreachable });
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    const form = new FormData();
    form.append(target.field, file);
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}
