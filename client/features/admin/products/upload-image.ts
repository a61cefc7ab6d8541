import type { UploadResponse } from '#contracts/product.ts';
import { api } from '../../../lib/api.ts';
import { type UploadProgress, xhrUpload } from './xhr-upload.ts';

export type { UploadProgress };

type Upload = { done: Promise<UploadResponse>; abort: () => void };

/** To the shop: multipart field `images`, with the session cookie and the anti-forgery header api.ts adds to fetch. */
const toShop = (productId: string, file: File, onProgress: (p: UploadProgress) => void): Upload => {
  const { done, abort } = xhrUpload(
    {
      url: `/api/products/admin/upload?productId=${encodeURIComponent(productId)}`,
      field: 'images',
      headers: { 'X-CSRF': '1', Accept: 'application/json' },
      withCredentials: true,
      unreachable: 'The upload could not reach the shop. Check your connection and try again.',
    },
    file,
    onProgress,
  );
  return { done: done as Promise<UploadResponse>, abort };
};

/**
 * Spec section 7: straight to the image hosting service (its unsigned upload: field `file`,
 * never the shop's cookies or headers), then its JSON answer is posted to the shop with
 * cloudinary=true, which keeps only URLs on the configured host. Listening to upload progress
 * makes the browser send a CORS preflight first, which the service must allow.
 */
const viaHost = (uploadUrl: string, productId: string, file: File, onProgress: (p: UploadProgress) => void): Upload => {
  const record = new AbortController();
  const sent = xhrUpload(
    {
      url: uploadUrl,
      field: 'file',
      withCredentials: false,
      unreachable: 'The image hosting service could not be reached. Check your connection and try again.',
    },
    file,
    onProgress,
  );
  const done = sent.done.then((answer) =>
    api.post<UploadResponse>(`/api/products/admin/upload?cloudinary=true&productId=${encodeURIComponent(productId)}`, answer, {
      signal: record.signal,
    }),
  );
  return {
    done,
    abort: () => {
      sent.abort();
      record.abort();
    },
  };
};

/** Uploads one file; `uploadUrl` is the hosting service's (GET /api/products/admin/image-host), or null for the shop. */
export function uploadImage(
  productId: string,
  file: File,
  onProgress: (p: UploadProgress) => void,
  uploadUrl: string | null = null,
): Upload {
  return uploadUrl ? viaHost(uploadUrl, productId, file, onProgress) : toShop(productId, file, onProgress);
}
