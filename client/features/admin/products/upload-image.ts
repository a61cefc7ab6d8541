import type { UploadResponse } from '../../../../contracts/product.ts';

export type UploadProgress = { loaded: number; total: number };

/**
 * Uploads one file with XMLHttpRequest, because fetch reports no upload progress: the
 * browser's `upload.onprogress` events are the real bytes sent. One request per file gives
 * each file its own progress bar. The anti-forgery header is the one api.ts adds to fetch.
 */
export function uploadImage(productId: string, file: File, onProgress: (p: UploadProgress) => void): { done: Promise<UploadResponse>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const done = new Promise<UploadResponse>((resolve, reject) => {
    xhr.open('POST', `/api/products/admin/upload?productId=${encodeURIComponent(productId)}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('X-CSRF', '1');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => onProgress({ loaded: e.loaded, total: e.lengthComputable ? e.total : file.size });
    xhr.onload = () => {
      let body: unknown = xhr.responseText;
      try {
        body = JSON.parse(xhr.responseText) as unknown;
      } catch {
        // a plain-text answer is its own message
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress({ loaded: file.size, total: file.size });
        resolve(body as UploadResponse);
      } else {
        const message = typeof body === 'object' && body !== null && 'message' in body ? String((body as { message: unknown }).message) : String(body || xhr.statusText);
        reject({ status: xhr.status, message: message || `Upload failed with status ${xhr.status}` });
      }
    };
    xhr.onerror = () => reject({ status: 0, message: 'The upload could not reach the shop. Check your connection and try again.' });
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    const form = new FormData();
    form.append('images', file);
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}
