import type { AnyEventObject } from 'xstate';
import type { ProductImage } from '../../contracts/product.ts';
import { assertEqual, assertTrue } from '../testing/assert.ts';
import { createControl } from '../testing/controlled-actors.ts';
import type { ModelSpec } from '../testing/model.ts';
import type { PlanTemplates } from '../testing/plan-templates.ts';
import { productImagesMachine, type ProductImagesContext } from './product-images.machine.ts';

const a: ProductImage = { path: '/images/a.png' };
const b: ProductImage = { path: '/images/b.png' };
const file = { name: 'c.png' } as File;

const events: AnyEventObject[] = [
  { type: 'images.upload', files: [file] },
  { type: 'images.upload', files: [] },
  { type: 'images.delete', image: a },
  { type: 'images.delete', image: b },
  { type: 'xstate.done.actor.upload', output: undefined },
  { type: 'xstate.error.actor.upload', error: { status: 0, message: 'offline' } },
  { type: 'xstate.done.actor.loadImages', output: [a, b, { path: '/images/c.png' }] },
  { type: 'xstate.error.actor.loadImages', error: { status: 500, message: 'Could not load the images' } },
  { type: 'xstate.done.actor.deleteImage', output: undefined },
  { type: 'xstate.error.actor.deleteImage', error: { status: 404, message: 'Image not found' } },
];

type Ctx = ProductImagesContext;

/** What the admin sees: a deleted image goes only when the server agreed; a refresh shows the server's list. */
const check: ModelSpec['check'] = (before, event, after) => {
  const prev = before.context as Ctx;
  const next = after.context as Ctx;
  if (event.type === 'xstate.done.actor.deleteImage')
    assertTrue(!next.images.some((i) => i.path === prev.deleting), 'a deleted image is gone');
  if (event.type === 'xstate.error.actor.deleteImage') assertEqual(next.images, prev.images, 'a refused delete keeps the image');
  if (event.type === 'xstate.done.actor.loadImages') assertEqual(next.images, event.output, 'the refresh shows what the server has');
  if (event.type === 'xstate.done.actor.upload' || event.type === 'xstate.error.actor.upload')
    assertEqual(next.uploads, prev.uploads + 1, 'the picker is cleared after an upload');
  if (event.type === 'images.upload' && before.hasTag('uploading')) assertEqual(next, prev, 'no second upload while one runs');
  if (event.type.startsWith('xstate.error.'))
    assertTrue(next.error !== null || event.type === 'xstate.error.actor.upload', 'a failed refresh or delete says so');
};

const list = (c: Ctx) => (c.images.length === 0 ? 'no images' : c.images.map((i) => i.path.replace('/images/', '')).join(', '));

/** The test plan's sentences (docs/machines/product-images.plan.md). */
const describe: PlanTemplates = {
  states: {
    'upload.idle': ({ context }) =>
      `the page shows ${list(context as Ctx)}${(context as Ctx).error ? ` and "${(context as Ctx).error}"` : ''}`,
    'upload.uploading': 'files are uploading',
    'upload.waiting': 'the page waits 5 s to refresh its images',
    'upload.refreshing': 'the images are reloading',
    'removal.idle': '',
    'removal.removing': ({ context }) => `${(context as Ctx).deleting} is being deleted`,
  },
  events: {
    'images.upload': (e) =>
      e.files.length ? `the admin uploads ${e.files.map((f: File) => f.name).join(', ')}` : 'the admin chooses no files',
    'images.delete': (e) => `the admin deletes ${e.image.path}`,
    'xstate.done.actor.upload': 'the upload ends',
    'xstate.error.actor.upload': 'the upload fails',
    'xstate.after.refresh': '5 seconds pass',
    'xstate.done.actor.loadImages': (e) => `the server lists ${e.output.length} images`,
    'xstate.error.actor.loadImages': (e) => `the server answers ${e.error.status} "${e.error.message}"`,
    'xstate.done.actor.deleteImage': 'the server deletes it',
    'xstate.error.actor.deleteImage': (e) => `the server answers ${e.error.status} "${e.error.message}"`,
  },
};

export const productImagesModel = (): ModelSpec => {
  const control = createControl();
  return {
    name: 'product-images',
    machine: productImagesMachine.provide({
      actors: { upload: control.promise(), loadImages: control.promise(), deleteImage: control.promise() },
    }),
    control,
    input: () => ({ productId: 'p1', images: [a, b] }),
    events,
    bound: (c: Ctx) => c.uploads <= 1,
    select: (c: Ctx) => ({ images: c.images, error: c.error, deleting: c.deleting }),
    check,
    describe,
  };
};
