import type { SnapshotFrom } from 'xstate';
import type { ProductImage } from '#contracts/product.ts';
import { assertEqual, assertTrue } from '../testing/assert.ts';
import { createControl } from '../testing/controlled-actors.ts';
import type { ModelCheck, ModelEvent, ModelPlan, ModelSpec } from '../testing/model.ts';
import { checkFileUploads, fileUploadEvents, fileUploadSentences, rowsText, SAMPLE_FILE } from './file-uploads.model.ts';
import { productImagesMachine, type ProductImagesContext } from './product-images.machine.ts';

const a: ProductImage = { path: '/images/a.png' };
const b: ProductImage = { path: '/images/b.png' };

type Ctx = ProductImagesContext;

const events = (s: SnapshotFrom<typeof productImagesMachine>): ModelEvent<typeof productImagesMachine>[] => [
  { type: 'images.upload', files: [SAMPLE_FILE] },
  { type: 'images.upload', files: [] },
  { type: 'images.delete', image: a },
  { type: 'images.delete', image: b },
  ...fileUploadEvents(s.context.uploads),
  { type: 'xstate.done.actor.loadImages', output: [a, b, { path: '/images/c.png' }] },
  { type: 'xstate.error.actor.loadImages', error: { status: 500, message: 'Could not load the images' } },
  { type: 'xstate.done.actor.deleteImage', output: undefined },
  { type: 'xstate.error.actor.deleteImage', error: { status: 404, message: 'Image not found' } },
];

/** What the admin sees: a deleted image goes only when the server agreed; a refresh shows the server's list. */
const check: ModelCheck<typeof productImagesMachine> = (before, event, after) => {
  const prev = before.context;
  const next = after.context;
  if (event.type === 'xstate.done.actor.deleteImage')
    assertTrue(!next.images.some((i) => i.path === prev.deleting), 'a deleted image is gone');
  if (event.type === 'xstate.error.actor.deleteImage') assertEqual(next.images, prev.images, 'a refused delete keeps the image');
  if (event.type === 'xstate.done.actor.loadImages') assertEqual(next.images, event.output, 'the refresh shows what the server has');
  if (event.type === 'images.upload' && before.hasTag('uploading')) assertEqual(next, prev, 'no second upload while one runs');
  if (event.type === 'images.upload' && event.files.length > 0 && !before.hasTag('uploading'))
    assertEqual(
      next.uploads.slice(prev.uploads.length).map((u) => [u.name, u.loaded, u.total, u.status]),
      [['c.png', 0, 2, 'uploading']],
      'a row a chosen file, at once',
    );
  if (before.hasTag('uploading') && !after.hasTag('uploading')) {
    assertEqual(next.batches, prev.batches + 1, 'the picker is cleared after an upload');
    assertTrue(
      next.uploads.every((u) => u.status !== 'uploading'),
      'an upload ends when every file has',
    );
  }
  if (event.type.startsWith('xstate.error.') && event.type !== 'xstate.error.actor.findImageHost')
    assertTrue(next.error !== null, 'a failed refresh or delete says so');
};

const list = (c: Ctx) => (c.images.length === 0 ? 'no images' : c.images.map((i) => i.path.replace('/images/', '')).join(', '));

/** The test plan's sentences (docs/machines/product-images.plan.md). */
const describe: ModelPlan<typeof productImagesMachine> = {
  states: {
    'upload.idle': ({ context }) => `the page shows ${list(context)}${context.error ? ` and "${context.error}"` : ''}`,
    'upload.uploading.starting': 'the upload starts',
    'upload.uploading.findingHost': ({ context }) => `the page shows ${rowsText(context)} and asks where files go`,
    'upload.uploading.sending': ({ context }) => `the files are uploading: ${rowsText(context)}`,
    'upload.waiting': ({ context }) => `the page shows ${rowsText(context)} and waits 5 s to refresh its images`,
    'upload.refreshing': 'the images are reloading',
    'removal.idle': '',
    'removal.removing': ({ context }) => `${context.deleting} is being deleted`,
  },
  events: {
    'images.upload': (e) => (e.files.length ? `the admin uploads ${e.files.map((f) => f.name).join(', ')}` : 'the admin chooses no files'),
    'images.delete': (e) => `the admin deletes ${e.image.path}`,
    ...fileUploadSentences,
    'xstate.after.refresh': '5 seconds pass',
    'xstate.done.actor.loadImages': (e) => `the server lists ${e.output.length} images`,
    'xstate.error.actor.loadImages': (e) => `the server answers ${e.error.status} "${e.error.message}"`,
    'xstate.done.actor.deleteImage': 'the server deletes it',
    'xstate.error.actor.deleteImage': (e) => `the server answers ${e.error.status} "${e.error.message}"`,
  },
};

export const productImagesModel = (): ModelSpec<typeof productImagesMachine> => {
  const control = createControl();
  const rules = checkFileUploads(control, {
    inUploading: (s: SnapshotFrom<typeof productImagesMachine>, sub) => s.matches({ upload: { uploading: sub } }),
  });
  return {
    name: 'product-images',
    machine: productImagesMachine.provide({
      actors: {
        findImageHost: control.promise(),
        uploadFile: control.callback(),
        loadImages: control.promise(),
        deleteImage: control.promise(),
      },
    }),
    control,
    input: () => ({ productId: 'p1', images: [a, b] }),
    events,
    // One more batch after the first. The shop's fallback and a refused file are reached and
    // checked, not explored further: what follows them is what follows a file saved on the host.
    bound: (c) => c.batches <= 1 && c.host !== null && !c.uploads.some((u) => u.status === 'failed'),
    select: (c) => ({ images: c.images, error: c.error, deleting: c.deleting, uploads: c.uploads, host: c.host }),
    check: (before, event, after) => {
      check(before, event, after);
      rules(before, event, after);
    },
    describe,
  };
};
