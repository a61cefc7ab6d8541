import { assertEvent, assign, enqueueActions, setup } from 'xstate';
import type { ProductImage } from '#contracts/product.ts';
import { messageOf, missingPromise, SOMETHING_WENT_WRONG } from '../shared/actors.ts';
import {
  addFiles,
  allSettled,
  fileUploadActors,
  updateRow,
  uploadingStates,
  type FileUploadEvent,
  type FileUploadsContext,
} from './file-uploads.ts';

/** Spec section 9: after an upload the page refreshes its data 5 seconds later. */
export const REFRESH_AFTER_UPLOAD_MS = 5000;

export type ProductImagesInput = { productId: string; images: ProductImage[] };
export type ProductImagesContext = FileUploadsContext & {
  productId: string;
  images: ProductImage[];
  /** The last refresh's or delete's failure; an upload's failures stay beside each file. */
  error: string | null;
  /** Counts finished batches of uploads: the file picker is cleared (remounted) after each. */
  batches: number;
  /** The path of the image being deleted. */
  deleting: string | null;
};
export type ProductImagesEvent =
  /** Files chosen in the picker (already checked against the three-file limit). */
  { type: 'images.upload'; files: File[] } | { type: 'images.delete'; image: ProductImage } | FileUploadEvent;

/**
 * The edit page's images. Two regions, as the page lets the admin do both at once:
 * - `upload`: idle → uploading → waiting 5000 ms → refreshing (only the images, so fields being
 *   edited are kept) → idle. Uploading asks where files go once (findingHost: the image host, or
 *   the shop when it cannot say), then spawns one `uploadFile` actor a file; each reports its
 *   progress, then done or failed with its message, into its row of `uploads`, and is stopped when
 *   it ends. Stopping the machine (leaving the page) stops them, which aborts their requests.
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
    ...fileUploadActors,
    loadImages: missingPromise<ProductImage[], { productId: string }>('loadImages'),
    deleteImage: missingPromise<unknown, { productId: string; image: ProductImage }>('deleteImage'),
  },
  actions: {
    clearError: assign({ error: null }),
    fail: assign((_, error: unknown) => ({ error: messageOf(error, SOMETHING_WENT_WRONG) })),
    addFiles: assign(({ context, event }) => {
      assertEvent(event, 'images.upload');
      return addFiles(context, event.files);
    }),
    setHost: assign((_, host: string | null) => ({ host })),
    startFiles: enqueueActions(({ context, enqueue }) => {
      for (const { id, file } of context.queued)
        enqueue.spawnChild('uploadFile', { id, input: { productId: context.productId, file, uploadUrl: context.host ?? null } });
      enqueue.assign({ queued: [] });
    }),
    updateRow: assign(({ context, event }) => {
      assertEvent(event, ['upload.progress', 'upload.done', 'upload.failed']);
      return { uploads: updateRow(context.uploads, event) };
    }),
    // An upload that ended has nothing left to abort: its actor goes.
    stopFile: enqueueActions(({ event, enqueue }) => {
      assertEvent(event, ['upload.done', 'upload.failed']);
      enqueue.stopChild(event.id);
    }),
    uploaded: assign(({ context }) => ({ batches: context.batches + 1 })),
    setImages: assign((_, images: ProductImage[]) => ({ images })),
    markDeleting: assign(({ event }) => (event.type === 'images.delete' ? { deleting: event.image.path } : {})),
    dropImage: assign(({ context }) => ({ images: context.images.filter((i) => i.path !== context.deleting), deleting: null })),
    keepImage: assign({ deleting: null }),
  },
  guards: {
    hasFiles: ({ event }) => event.type === 'images.upload' && event.files.length > 0,
    hostKnown: ({ context }) => context.host !== undefined,
    allSettled: ({ context }) => allSettled(context.uploads),
  },
}).createMachine({
  id: 'productImages',
  context: ({ input }) => ({
    productId: input.productId,
    images: input.images,
    error: null,
    uploads: [],
    queued: [],
    host: undefined,
    batches: 0,
    deleting: null,
  }),
  type: 'parallel',
  states: {
    upload: {
      initial: 'idle',
      states: {
        idle: { on: { 'images.upload': { guard: 'hasFiles', target: 'uploading', actions: 'addFiles' } } },
        uploading: {
          tags: ['uploading'],
          entry: 'clearError',
          ...uploadingStates,
          always: { guard: 'allSettled', target: 'waiting', actions: 'uploaded' },
        },
        waiting: {
          after: { refresh: 'refreshing' },
          on: { 'images.upload': { guard: 'hasFiles', target: 'uploading', actions: 'addFiles' } },
        },
        refreshing: {
          on: { 'images.upload': { guard: 'hasFiles', target: 'uploading', actions: 'addFiles' } },
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
