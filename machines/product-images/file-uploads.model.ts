import type { SnapshotFrom } from 'xstate';
import { assertEqual, assertTrue } from '../testing/assert.ts';
import type { Control } from '../testing/controlled-actors.ts';
import type { ModelCheck, ModelEvent, ModelPlan } from '../testing/model.ts';
import { UPLOAD_FAILED, type FileUpload, type FileUploadEvent, type FileUploadsContext } from './file-uploads.ts';
import type { productCreateMachine } from './product-create.machine.ts';
import type { productImagesMachine } from './product-images.machine.ts';

/** The machines that send files. */
type Uploader = typeof productImagesMachine | typeof productCreateMachine;
/** The events both take: the image host's answer and each file's own. */
type UploadEvent = Extract<ModelEvent<Uploader>, { type: FileUploadEvent['type'] | `xstate.${'done' | 'error'}.actor.findImageHost` }>;

/** What the models of the machines that send files share: the sample, the rules, the sentences. */

export const SAMPLE_FILE = { name: 'c.png', size: 2 } as File;
const HOST = 'https://img.example.test/upload';

/**
 * The image host's answers, and each file's own events while it is on its way, by its row's id:
 * the first file reports progress, then ends saved or refused; a later one just ends (its steps
 * are the same ones).
 */
export const fileUploadEvents = (uploads: readonly FileUpload[]): UploadEvent[] => [
  { type: 'xstate.done.actor.findImageHost', output: HOST },
  { type: 'xstate.error.actor.findImageHost', error: { status: 0, message: 'offline' } },
  ...uploads
    .filter((u) => u.status === 'uploading')
    .flatMap((u): UploadEvent[] =>
      u.id !== 'upload-1'
        ? [{ type: 'upload.done', id: u.id }]
        : u.loaded === 0
          ? [{ type: 'upload.progress', id: u.id, loaded: 1, total: 2 }]
          : [
              { type: 'upload.done', id: u.id },
              { type: 'upload.failed', id: u.id, status: 413, message: 'The file is too large' },
            ],
    ),
];

const rowOf = (c: FileUploadsContext, id: unknown): FileUpload | undefined => c.uploads.find((u) => u.id === id);
const uploadActors = (s: SnapshotFrom<Uploader>) => Object.keys(s.children).filter((id) => id.startsWith('upload-'));
/** What the file of `id` was sent with: its actor's input, this path's (the control outlives each replayed path). */
const inputOf = (control: Control, id: string) => control.started.findLast((s) => s.id === id)?.input;

/** Where a machine keeps its uploading states (a method, so each machine's model reads its own snapshots). */
type UploadingStates = { inUploading(s: SnapshotFrom<Uploader>, sub: 'findingHost' | 'sending'): boolean };

/**
 * Each file's row follows its own upload, and an upload that ended is stopped; no file leaves
 * before the page knows where files go, and then every one goes there (the shop when it cannot
 * say), to the product. `inUploading(snapshot, 'sending')` says where the machine keeps those states.
 */
export const checkFileUploads =
  (control: Control, { inUploading }: UploadingStates): ModelCheck<Uploader> =>
  (before, event, after) => {
    const prev: FileUploadsContext = before.context;
    const next: FileUploadsContext & { productId: string | null } = after.context;
    if (inUploading(after, 'findingHost')) assertEqual(uploadActors(after), [], 'no file leaves before the page knows where files go');
    if (event.type === 'xstate.done.actor.findImageHost') assertEqual(next.host, event.output, 'the image host named is used');
    if (event.type === 'xstate.error.actor.findImageHost') assertEqual(next.host, null, 'the shop when the image host cannot be learnt');
    if (inUploading(after, 'sending') && !inUploading(before, 'sending'))
      for (const row of next.uploads.filter((u) => u.status === 'uploading'))
        assertEqual(
          [inputOf(control, row.id), control.isRunning(row.id)],
          [{ productId: next.productId, file: SAMPLE_FILE, uploadUrl: next.host }, true],
          `${row.id} is sent where files go`,
        );
    if (event.type === 'upload.progress')
      assertEqual(
        rowOf(next, event.id),
        { ...rowOf(prev, event.id), loaded: event.loaded, total: event.total },
        'a row shows its bytes sent',
      );
    if (event.type === 'upload.done' || event.type === 'upload.failed') {
      const row = rowOf(next, event.id);
      assertEqual(
        [row?.status, row?.error],
        event.type === 'upload.done' ? ['done', undefined] : ['failed', event.message || UPLOAD_FAILED],
        'a row says how its upload ended',
      );
      assertTrue(!control.isRunning(event.id), 'an upload that ended is stopped');
    }
  };

/** The rows as the plan reads them. */
export const rowsText = (c: FileUploadsContext): string =>
  c.uploads.map((u) => (u.status === 'uploading' ? `${u.name} at ${u.loaded} of ${u.total} bytes` : `${u.name} ${u.status}`)).join(', ');

export const fileUploadSentences: ModelPlan<Uploader>['events'] = {
  'xstate.done.actor.findImageHost': (e) => (e.output ? `the shop names the image host ${e.output}` : 'the shop stores images itself'),
  'xstate.error.actor.findImageHost': 'the shop cannot say where images go',
  'upload.progress': (e) => `${e.loaded} of ${e.total} bytes of ${e.id} are sent`,
  'upload.done': (e) => `${e.id} is saved`,
  'upload.failed': (e) => `${e.id} is refused with ${e.status} "${e.message}"`,
};
