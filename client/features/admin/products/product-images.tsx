import { useEffect, useRef, useState } from 'react';
import type { Product, ProductImage } from '../../../../contracts/product.ts';
import { api, errorMessage } from '../../../app/api.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { colors, radius } from '../../../ui/theme.ts';
import { FilesInput, TOO_MANY_FILES } from './files-input.tsx';
import { UploadList } from './upload-list.tsx';
import { useUploads } from './use-uploads.ts';

/** Spec section 9: after an upload the page refreshes its data 5 seconds later. */
export const REFRESH_AFTER_UPLOAD_MS = 5000;

/**
 * The edit page's images: each shown with a delete button, and an upload whose files each show
 * their real progress. The refresh reloads only the images, so fields being edited are kept.
 */
export function ProductImages({ productId, initial }: { productId: string; initial: ProductImage[] }) {
  const [images, setImages] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [filesError, setFilesError] = useState<string | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const { uploads, start } = useUploads();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const refreshSoon = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      api.get<Product>(`/api/products/get-one/${encodeURIComponent(productId)}`).then(
        (p) => setImages(p.images),
        (e: unknown) => setError(errorMessage(e)),
      );
    }, REFRESH_AFTER_UPLOAD_MS);
  };

  const upload = async (files: File[]) => {
    if (files.length === 0) return;
    setError(null);
    await start(productId, files);
    setInputKey((k) => k + 1);
    refreshSoon();
  };

  const remove = async (image: ProductImage) => {
    setError(null);
    try {
      // Spec section 7: an image on the hosting service is removed with cloudinary=true.
      const hosted = /^https?:\/\//i.test(image.path) ? '?cloudinary=true' : '';
      await api.delete(`/api/products/admin/image/${encodeURIComponent(image.path)}/${encodeURIComponent(productId)}${hosted}`);
      setImages((list) => list.filter((i) => i.path !== image.path));
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <section aria-labelledby="product-images" css={{ marginBottom: 16 }}>
      <h2 id="product-images" css={{ fontSize: '1.1rem' }}>
        Images
      </h2>
      {images.length === 0 ? <p>No images yet.</p> : null}
      <ul css={{ listStyle: 'none', padding: 0, display: 'flex', flexWrap: 'wrap', gap: 12 }}>
        {images.map((image, i) => (
          <li key={image.path} css={{ display: 'grid', gap: 4, justifyItems: 'center' }}>
            <img src={image.path} alt={`Product image ${i + 1}`} width={120} height={90} loading="lazy" css={{ objectFit: 'cover', borderRadius: radius, border: `1px solid ${colors.border}` }} />
            <Button variant="secondary" aria-label={`Delete image ${i + 1}`} onClick={() => void remove(image)}>
              Delete
            </Button>
          </li>
        ))}
      </ul>
      <FilesInput
        key={inputKey}
        label="Upload images"
        error={filesError}
        onTooMany={() => setFilesError(TOO_MANY_FILES)}
        onFiles={(files) => {
          if (files.length) setFilesError(null);
          void upload(files);
        }}
      />
      <UploadList uploads={uploads} />
      {error ? <Alert tone="danger">{error}</Alert> : null}
    </section>
  );
}
