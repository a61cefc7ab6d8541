import type { EventObject } from 'xstate';
import { missingCallback, missingPromise } from '../shared/actors.ts';

/**
 * One chosen file on its way, as the page draws it: a row with a <progress> of the bytes really
 * sent, then how it ended. `id` is also the id of the file's upload actor (`upload-1`, …).
 */
export type FileUpload = {
  id: string;
  name: string;
  loaded: number;
  total: number;
  status: 'uploading' | 'done' | 'failed';
  error?: string;
};

/** A chosen file whose upload actor starts once the image host is known. */
export type QueuedFile = { id: string; file: File };

/** Where files go: the image hosting service's upload URL, null for the shop, undefined until asked. */
export type ImageHost = string | null | undefined;

export type UploadFileInput = { productId: string; file: File; uploadUrl: string | null };

/** What a file's upload actor sends back to the machine that spawned it. */
export type FileUploadEvent =
  | { type: 'upload.progress'; id: string; loaded: number; total: number }
  | { type: 'upload.done'; id: string }
  /** `status` 0 when no answer came; `message` is the receiver's own sentence. */
  | { type: 'upload.failed'; id: string; status: number; message: string };

export type FileUploadsContext = { uploads: FileUpload[]; queued: QueuedFile[]; host: ImageHost };

/** The message beside a file whose receiver gave no sentence of its own. */
export const UPLOAD_FAILED = 'The upload failed';

/** The actors a machine that sends files declares; the client provides both. */
export const fileUploadActors = {
  /** GET /api/products/admin/image-host: asked once, before the first file goes out. */
  findImageHost: missingPromise<string | null>('findImageHost'),
  /**
   * One file's upload, one request (XMLHttpRequest, for its progress): it sends `upload.progress`
   * and then `upload.done` or `upload.failed` back; stopping it aborts the request.
   */
  uploadFile: missingCallback<EventObject, UploadFileInput>(),
};

/** A row and a queued file for each chosen file, at 0 of its size; ids go on from the rows shown. */
export const addFiles = (context: FileUploadsContext, files: readonly File[]): Pick<FileUploadsContext, 'uploads' | 'queued'> => {
  const added = files.map((file, i) => ({ id: `upload-${context.uploads.length + i + 1}`, file }));
  return {
    uploads: [
      ...context.uploads,
      ...added.map(({ id, file }) => ({ id, name: file.name, loaded: 0, total: file.size, status: 'uploading' as const })),
    ],
    queued: [...context.queued, ...added],
  };
};

/** The rows after one event of a file's upload actor. */
export const updateRow = (uploads: readonly FileUpload[], event: FileUploadEvent): FileUpload[] =>
  uploads.map((u) => {
    if (u.id !== event.id) return u;
    if (event.type === 'upload.progress') return { ...u, loaded: event.loaded, total: event.total };
    if (event.type === 'upload.done') return { ...u, status: 'done' };
    return { ...u, status: 'failed', error: event.message || UPLOAD_FAILED };
  });

export const allSettled = (uploads: readonly FileUpload[]): boolean => uploads.every((u) => u.status !== 'uploading');

const findingHost = {
  invoke: {
    id: 'findImageHost',
    src: 'findImageHost',
    onDone: {
      target: 'sending',
      actions: { type: 'setHost', params: ({ event }: { event: { output: string | null } }) => event.output },
    },
    // The shop stores images itself whatever is configured: the safe place to fall back to.
    onError: { target: 'sending', actions: { type: 'setHost', params: null } },
  },
} as const;

const sending = {
  entry: 'startFiles',
  on: {
    'upload.progress': { actions: 'updateRow' },
    'upload.done': { actions: ['updateRow', 'stopFile'] },
    'upload.failed': { actions: ['updateRow', 'stopFile'] },
  },
} as const;

/**
 * The states inside a machine's `uploading`, by the names each such machine declares (actions
 * `setHost` `startFiles` `updateRow` `stopFile`, guard `hostKnown`): the image host asked once
 * (findingHost; the shop when it cannot say), then one upload actor a file (sending). The machine
 * leaves `uploading` itself once every file has ended (guard `allSettled`).
 */
export const uploadingStates = {
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'hostKnown', target: 'sending' }, { target: 'findingHost' }] },
    findingHost,
    sending,
  },
} as const;

/**
 * `uploadingStates` for a machine that uploads once in its life (the create page: one product,
 * its images once): the image host is never known yet, so it is always asked first.
 */
export const firstUploadingStates = { initial: 'findingHost', states: { findingHost, sending } } as const;
