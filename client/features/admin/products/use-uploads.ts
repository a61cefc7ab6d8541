import { useCallback, useEffect, useRef, useState } from 'react';
import type { ImageHostResponse, ProductImage } from '../../../../contracts/product.ts';
import { api, errorMessage } from '../../../lib/api.ts';
import { uploadImage } from './upload-image.ts';

export type FileUpload = {
  id: number;
  name: string;
  loaded: number;
  total: number;
  status: 'uploading' | 'done' | 'failed';
  error?: string;
};

/** Where files go: the hosting service's upload URL, or null for the shop. */
const findImageHost = (): Promise<string | null> =>
  api.get<ImageHostResponse>('/api/products/admin/image-host').then(
    (answer) => answer.uploadUrl,
    // The shop stores images itself whatever is configured, so it is the safe place to fall back to.
    (error: unknown) => {
      console.warn('Could not learn the image host: uploading to the shop', error);
      return null;
    },
  );

/**
 * Uploads files, one request each, and keeps each file's progress for its <progress> bar.
 * Files go to the image hosting service when the shop has one (asked once, on the first
 * upload), else to the shop. Leaving the page aborts what is still in flight.
 */
export function useUploads() {
  const [uploads, setUploads] = useState<FileUpload[]>([]);
  const aborts = useRef(new Set<() => void>());
  const nextId = useRef(0);
  const imageHost = useRef<Promise<string | null> | null>(null);
  const left = useRef(false);
  useEffect(() => {
    left.current = false;
    const pending = aborts.current;
    return () => {
      left.current = true;
      pending.forEach((abort) => abort());
    };
  }, []);

  const update = (id: number, patch: Partial<FileUpload>) => setUploads((list) => list.map((u) => (u.id === id ? { ...u, ...patch } : u)));

  /** Resolves with the images the shop saved; files that failed keep their message in `uploads`. */
  const start = useCallback(async (productId: string, files: File[]): Promise<{ saved: ProductImage[]; failed: number }> => {
    const entries = files.map((file) => ({ file, id: (nextId.current += 1) }));
    setUploads((list) => [
      ...list,
      ...entries.map(({ file, id }) => ({ id, name: file.name, loaded: 0, total: file.size, status: 'uploading' as const })),
    ]);
    const uploadUrl = await (imageHost.current ??= findImageHost());
    // Left while asking: nothing is sent.
    if (left.current) return { saved: [], failed: files.length };
    const results = await Promise.all(
      entries.map(async ({ file, id }) => {
        const { done, abort } = uploadImage(productId, file, ({ loaded, total }) => update(id, { loaded, total }), uploadUrl);
        aborts.current.add(abort);
        try {
          const answer = await done;
          update(id, { status: 'done' });
          return answer.images;
        } catch (e) {
          update(id, { status: 'failed', error: errorMessage(e, 'The upload failed') });
          return null;
        } finally {
          aborts.current.delete(abort);
        }
      }),
    );
    return { saved: results.flatMap((r) => r ?? []), failed: results.filter((r) => r === null).length };
  }, []);

  return { uploads, start };
}
