import { and, assertEvent, assign, emit, enqueueActions, setup } from 'xstate';
import type { ProductBody } from '#contracts/product.ts';
import { messageOf, missingPromise, SOMETHING_WENT_WRONG } from '../shared/actors.ts';
import {
  addFiles,
  allSettled,
  fileUploadActors,
  firstUploadingStates,
  updateRow,
  type FileUploadEvent,
  type FileUploadsContext,
} from './file-uploads.ts';

export const PARTLY_CREATED = 'The product was created, but some images failed to upload: add them on its edit page.';

export type ProductCreateContext = FileUploadsContext & {
  /** The files chosen with the form: their uploads start once the product exists. */
  files: File[];
  productId: string | null;
  error: string | null;
};
export type ProductCreateEvent =
  /**
   * The form's values (already checked by the form) and its images (one to three). Ignored while
   * one is being sent, and once the product exists: it is never made twice.
   */
  { type: 'product.create'; body: ProductBody; files: File[] } | FileUploadEvent;
export type ProductCreateEmitted = { type: 'product.created'; productId: string };

/**
 * The create page's send: idle → creating (the product) → uploading its images → created, or
 * failed with the server's refusal (nothing was made), or partlyCreated with PARTLY_CREATED when
 * the product was made but a file was refused (each file's own message stays beside it).
 * Uploading is the edit page's (product-images.machine.ts): the image host asked, one `uploadFile`
 * actor a file, its progress and end in its row of `uploads`; stopping the machine (leaving the
 * page) aborts them. Sending again from failed starts over with the new form (and no rows);
 * partlyCreated is final, like created: the product exists (`productId`), so no `product.create`
 * makes a second one, and its missing images are added on its edit page. Tags: `sending`,
 * `failed`, `partlyCreated`, `created`; `product.created` is emitted with the new product's id.
 */
export const productCreateMachine = setup({
  types: {
    context: {} as ProductCreateContext,
    events: {} as ProductCreateEvent,
    emitted: {} as ProductCreateEmitted,
  },
  actors: {
    ...fileUploadActors,
    createProduct: missingPromise<string, ProductBody>('createProduct'),
  },
  actions: {
    takeForm: assign(({ event }) => {
      assertEvent(event, 'product.create');
      return { files: event.files, uploads: [], queued: [], productId: null, error: null };
    }),
    fail: assign((_, error: unknown) => ({ error: messageOf(error, SOMETHING_WENT_WRONG) })),
    productMade: assign(({ context }, productId: string) => ({ productId, files: [], ...addFiles(context, context.files) })),
    setHost: assign((_, host: string | null) => ({ host })),
    startFiles: enqueueActions(({ context, enqueue }) => {
      for (const { id, file } of context.queued)
        enqueue.spawnChild('uploadFile', { id, input: { productId: context.productId ?? '', file, uploadUrl: context.host ?? null } });
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
    partly: assign({ error: PARTLY_CREATED }),
    announce: emit(({ context }) => ({ type: 'product.created' as const, productId: context.productId ?? '' })),
  },
  guards: {
    allSettled: ({ context }) => allSettled(context.uploads),
    someFailed: ({ context }) => context.uploads.some((u) => u.status === 'failed'),
  },
}).createMachine({
  id: 'productCreate',
  context: { files: [], productId: null, error: null, uploads: [], queued: [], host: undefined },
  initial: 'idle',
  states: {
    idle: { on: { 'product.create': { target: 'creating', actions: 'takeForm' } } },
    creating: {
      tags: ['sending'],
      invoke: {
        id: 'createProduct',
        src: 'createProduct',
        input: ({ event }) => {
          assertEvent(event, 'product.create');
          return event.body;
        },
        onDone: { target: 'uploading', actions: { type: 'productMade', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    uploading: {
      tags: ['sending'],
      ...firstUploadingStates,
      always: [
        { guard: and(['allSettled', 'someFailed']), target: 'partlyCreated', actions: 'partly' },
        { guard: 'allSettled', target: 'created' },
      ],
    },
    failed: { tags: ['failed'], on: { 'product.create': { target: 'creating', actions: 'takeForm' } } },
    partlyCreated: { tags: ['partlyCreated'], type: 'final' },
    created: { tags: ['created'], type: 'final', entry: 'announce' },
  },
});
