import { assign, setup } from 'xstate';
import type { ProductImage } from '../../contracts/product.ts';
import { messageOf, missingPromise } from '../shared/actors.ts';

/** Spec section 9: after an upload the page refreshes its data 5 seconds later. */
export const REFRESH_AFTER_UPLOAD_MS = 5000;

export type ProductImagesInput = { productId: string; images: ProductImage[] };
export type ProductImagesContext = {
  productId: string;
  images: ProductImage[];
  /** The last refresh's or delete's failure; an upload's failures stay beside each file. */
  error: string | null;
  /** Counts finished uploads: the file picker is cleared (remounted) after each. */
  uploads: number;
  /** The path of the image being deleted. */
  deleting: string | null;
};
export type ProductImagesEvent =
  /** Files chosen in the picker (already checked against the three-file limit). */
  { type: 'images.upload'; files: File[] } | { type: 'images.delete'; image: ProductImage };

const FAILED = 'Something went wrong';

/**
 * The edit page's images. Two regions, as the page lets the admin do both at once:
 * - `upload`: idle → uploading (the injected `upload` shows each file's progress itself) →
 *   waiting 5000 ms → refreshing (only the images, so fields being edited are kept) → idle.
 *   A new upload while waiting starts the wait again after it. Tag `uploading`.
 * - `removal`: idle → removing one image (tag `removing`: one delete at a time) → idle.
 */
export const productImagesMachine = setup({
  types: {
    input: {} as ProductImagesInput,
    context: {} as ProductImagesContext,
    events: {} as ProductImagesEvent,
  },
  delays: { refresh: REFRESH_AFTER_UPLOAD_MS },
  actors: {
    upload: missingPromise<unknown, { productId: string; files: File[] }>('upload'),
    loadImages: missingPromise<ProductImage[], { productId: string }>('loadImages'),
    deleteImage: missingPromise<unknown, { productId: string; image: ProductImage }>('deleteImage'),
  },
  actions: {
    clearError: assign({ error: null }),
    fail: assign((_, error: unknown) => ({ error: messageOf(error, FAILED) })),
    uploaded: assign(({ context }) => ({ uploads: context.uploads + 1 })),
    setImages: assign((_, images: ProductImage[]) => ({ images })),
    markDeleting: assign(({ event }) => (event.type === 'images.delete' ? { deleting: event.image.path } : {})),
    dropImage: assign(({ context }) => ({ images: context.images.filter((i) => i.path !== context.deleting), deleting: null })),
    keepImage: assign({ deleting: null }),
  },
  guards: {
    hasFiles: ({ event }) => event.type === 'images.upload' && event.files.length > 0,
  },
}).createMachine({
  id: 'productImages',
  context: ({ input }) => ({ productId: input.productId, images: input.images, error: null, uploads: 0, deleting: null }),
  type: 'parallel',
  states: {
    upload: {
      initial: 'idle',
      states: {
        idle: { on: { 'images.upload': { guard: 'hasFiles', target: 'uploading' } } },
        uploading: {
          tags: ['uploading'],
          entry: 'clearError',
          invoke: {
            id: 'upload',
            src: 'upload',
            input: ({ context, event }) => ({ productId: context.productId, files: event.type === 'images.upload' ? event.files : [] }),
            // A failed file keeps its message beside it; what did arrive shows after the refresh.
            onDone: { target: 'waiting', actions: 'uploaded' },
            onError: { target: 'waiting', actions: 'uploaded' },
          },
        },
        waiting: {
          after: { refresh: 'refreshing' },
          on: { 'images.upload': { guard: 'hasFiles', target: 'uploading' } },
        },
        refreshing: {
          on: { 'images.upload': { guard: 'hasFiles', target: 'uploading' } },
          invoke: {
            id: 'loadImages',
            src: 'loadImages',
            input: ({ context }) => ({ productId: context.productId }),
            onDone: {
              target: 'idle',
              actions: { type: 'setImages', params: ({ event }: { event: { output: ProductImage[] } }) => event.output },
            },
            onError: { target: 'idle', actions: { type: 'fail', params: ({ event }: { event: { error: unknown } }) => event.error } },
          },
        },
      },
    },
    removal: {
      initial: 'idle',
      states: {
        idle: { on: { 'images.delete': { target: 'removing', actions: 'markDeleting' } } },
        removing: {
          tags: ['removing'],
          entry: 'clearError',
          invoke: {
            id: 'deleteImage',
            src: 'deleteImage',
            input: ({ context }) => ({ productId: context.productId, image: { path: context.deleting ?? '' } }),
            onDone: { target: 'idle', actions: 'dropImage' },
            onError: {
              target: 'idle',
              actions: ['keepImage', { type: 'fail', params: ({ event }: { event: { error: unknown } }) => event.error }],
            },
          },
        },
      },
    },
  },
});
