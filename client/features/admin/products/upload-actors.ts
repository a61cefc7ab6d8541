import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { ImageHostResponse } from '#contracts/product.ts';
import { UPLOAD_FAILED, type FileUploadEvent, type UploadFileInput } from '#machines/product-images/file-uploads.ts';
import { statusOf } from '#machines/shared/actors.ts';
import { api, errorMessage } from '../../../lib/api.ts';
import { uploadImage } from './upload-image.ts';

/**
 * The effects of the machines that send images (product-images, product-create), provided with
 * `.provide({ actors })`: where files go, and each file's upload.
 */

/** GET /api/products/admin/image-host: the hosting service's upload URL, or null for the shop. */
export const findImageHost = fromPromise<string | null, void>(({ signal }) =>
  api.get<ImageHostResponse>('/api/products/admin/image-host', { signal }).then(
    (answer) => answer.uploadUrl,
    (error: unknown) => {
      // The machine falls back to the shop; a developer may want to know why.
      if (!signal.aborted) console.warn('Could not learn the image host: uploading to the shop', error);
      throw error;
    },
  ),
);

/**
 * One file, one request: its progress and its end go back to the machine as the row's events
 * (the actor's id is its row's). Stopping the actor (the file ended, or the page was left) aborts
 * the request; an aborted upload's rejection then reaches no one, as a stopped actor sends nothing.
 */
export const uploadFile = fromCallback<EventObject, UploadFileInput>(({ input, self, sendBack }) => {
  const id = self.id;
  const send = (event: FileUploadEvent) => sendBack(event);
  const { done, abort } = uploadImage(
    input.productId,
    input.file,
    ({ loaded, total }) => send({ type: 'upload.progress', id, loaded, total }),
    input.uploadUrl,
  );
  done.then(
    () => send({ type: 'upload.done', id }),
    (error: unknown) => send({ type: 'upload.failed', id, status: statusOf(error) ?? 0, message: errorMessage(error, UPLOAD_FAILED) }),
  );
  return abort;
});
