import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { Product, ProductImage } from '#contracts/product.ts';
import { statusOf } from '#machines/shared/actors.ts';
import { productImagesMachine } from '#machines/product-images/product-images.machine.ts';
import { api, errorMessage } from '../../../lib/api.ts';
import { devEventLog } from '../../../lib/event-log.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { colors, radius } from '../../../ui/theme.ts';
import { FilesInput, TOO_MANY_FILES } from './files-input.tsx';
import { findImageHost, uploadFile } from './upload-actors.ts';
import { UploadList } from './upload-list.tsx';
import { ProductPicture } from '../../../ui/product-picture.tsx';

export { REFRESH_AFTER_UPLOAD_MS } from '#machines/product-images/product-images.machine.ts';

/** A failed call as the machine reads it: the status and the sentence the page shows. */
const asApiError = (error: unknown) => Promise.reject({ status: statusOf(error) ?? 0, message: errorMessage(error) });

/** The calls the page provides to the machine. */
const logic = productImagesMachine.provide({
  actors: {
    findImageHost,
    uploadFile,
    loadImages: fromPromise<ProductImage[], { productId: string }>(({ input, signal }) =>
      api.get<Product>(`/api/products/get-one/${encodeURIComponent(input.productId)}`, { signal }).then((p) => p.images, asApiError),
    ),
    deleteImage: fromPromise<unknown, { productId: string; image: ProductImage }>(({ input, signal }) => {
      // Spec section 7: an image on the hosting service is removed with cloudinary=true.
      const hosted = /^https?:\/\//i.test(input.image.path) ? '?cloudinary=true' : '';
      const url = `/api/products/admin/image/${encodeURIComponent(input.image.path)}/${encodeURIComponent(input.productId)}${hosted}`;
      return api.delete(url, { signal }).catch(asApiError);
    }),
  },
});

/**
 * The edit page's images: each shown with a delete button, and an upload whose files each show
 * their real progress. What the list shows, each file's upload, its errors and the refresh 5 s
 * after an upload are the product-images machine's (machines/product-images); the page provides
 * the calls, and leaving it stops the machine, which aborts the files still on their way.
 */
export function ProductImages({ productId, initial }: { productId: string; initial: ProductImage[] }) {
  // A field's own message (more than three files): kept beside the field, as other field errors.
  const [filesError, setFilesError] = useState<string | null>(null);
  const actor = useActorRef(logic, {
    input: { productId, images: initial },
    inspect: devEventLog?.inspect('product-images', { many: true }),
  });
  const images = useSelector(actor, (s) => s.context.images);
  const error = useSelector(actor, (s) => s.context.error);
  const uploads = useSelector(actor, (s) => s.context.uploads);
  const inputKey = useSelector(actor, (s) => s.context.batches);
  const uploading = useSelector(actor, (s) => s.hasTag('uploading'));
  const removing = useSelector(actor, (s) => s.hasTag('removing'));
  const remove = (image: ProductImage) => actor.send({ type: 'images.delete', image });

  return (
    <section aria-labelledby="product-images" css={{ marginBottom: 16 }}>
      <h2 id="product-images" css={{ fontSize: '1.1rem' }}>
        Images
      </h2>
      {images.length === 0 ? <p>No images yet.</p> : null}
      <ul css={{ listStyle: 'none', padding: 0, display: 'flex', flexWrap: 'wrap', gap: 12 }}>
        {images.map((image, i) => (
          <li key={image.path} css={{ display: 'grid', gap: 4, justifyItems: 'center' }}>
            <ProductPicture
              image={image}
              alt={`Product image ${i + 1}`}
              width={120}
              height={90}
              sizes="120px"
              loading="lazy"
              css={{ objectFit: 'cover', borderRadius: radius, border: `1px solid ${colors.border}` }}
            />
            <Button variant="secondary" aria-label={`Delete image ${i + 1}`} disabled={removing} onClick={() => remove(image)}>
              Delete
            </Button>
          </li>
        ))}
      </ul>
      <FilesInput
        key={inputKey}
        label="Upload images"
        disabled={uploading}
        error={filesError}
        onTooMany={() => setFilesError(TOO_MANY_FILES)}
        onFiles={(files) => {
          if (files.length) setFilesError(null);
          actor.send({ type: 'images.upload', files });
        }}
      />
      <UploadList uploads={uploads} />
      {error ? <Alert tone="danger">{error}</Alert> : null}
    </section>
  );
}
