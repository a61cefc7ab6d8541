import { useCallback, useEffect, useRef, useState } from 'react';
import type { ProductImage } from '../../../../contracts/product.ts';
import { errorMessage } from '../../../app/api.ts';
import { uploadImage } from './upload-image.ts';

export type FileUpload = { id: number; name: string; loaded: number; total: number; status: 'uploading' | 'done' | 'failed'; error?: string };

/**
 * Uploads files, one request each, and keeps each file's progress for its <progress> bar.
 * Leaving the page aborts what is still in flight.
 */
export function useUploads() {
  const [uploads, setUploads] = useState<FileUpload[]>([]);
  const aborts = useRef(new Set<() => void>());
  const nextId = useRef(0);
  useEffect(() => {
    const pending = aborts.current;
    return () => pending.forEach((abort) => abort());
  }, []);

  const update = (id: number, patch: Partial<FileUpload>) => setUploads((list) => list.map((u) => (u.id === id ? { ...u, ...patch } : u)));

  /** Resolves with the images the shop saved; files that failed keep their message in `uploads`. */
  const start = useCallback(async (productId: string, files: File[]): Promise<{ saved: ProductImage[]; failed: number }> => {
    const entries = files.map((file) => ({ file, id: (nextId.current += 1) }));
    setUploads((list) => [...list, ...entries.map(({ file, id }) => ({ id, name: file.name, loaded: 0, total: file.size, status: 'uploading' as const }))]);
    const results = await Promise.all(
      entries.map(async ({ file, id }) => {
        const { done, abort } = uploadImage(productId, file, ({ loaded, total }) => update(id, { loaded, total }));
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
