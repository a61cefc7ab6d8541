import type { SnapshotFrom } from 'xstate';
import type { ProductBody } from '#contracts/product.ts';
import { assertEqual, assertTrue } from '../testing/assert.ts';
import { createControl } from '../testing/controlled-actors.ts';
import type { ModelCheck, ModelEvent, ModelPlan, ModelSpec } from '../testing/model.ts';
import { checkFileUploads, fileUploadEvents, fileUploadSentences, rowsText, SAMPLE_FILE } from './file-uploads.model.ts';
import { PARTLY_CREATED, productCreateMachine } from './product-create.machine.ts';

const body: ProductBody = { name: 'Lamp', description: 'Bright', count: 2, price: 10, category: 'Home', attributesTable: [] };

const events = (s: SnapshotFrom<typeof productCreateMachine>): ModelEvent<typeof productCreateMachine>[] => [
  { type: 'product.create', body, files: [SAMPLE_FILE] },
  { type: 'xstate.done.actor.createProduct', output: 'p1' },
  { type: 'xstate.error.actor.createProduct', error: { status: 400, message: 'Please fill in the name' } },
  ...fileUploadEvents(s.context.uploads),
];

/**
 * What the admin sees: one product a send, and never a second once it exists; its images only
 * once it exists; created only when every image arrived, else the sentence that the product was
 * made but images are missing.
 */
const check: ModelCheck<typeof productCreateMachine> = (before, event, after) => {
  const prev = before.context;
  const next = after.context;
  if (event.type === 'product.create' && before.hasTag('sending'))
    assertEqual([after.value, next], [before.value, prev], 'a second Create while one is sent is refused');
  if (event.type === 'product.create' && !before.hasTag('sending'))
    assertEqual([next.uploads, next.error], [[], null], 'a new send starts with no rows and no message');
  if (after.matches('creating')) assertEqual(Object.keys(after.children), ['createProduct'], 'no file leaves before the product exists');
  if (event.type === 'xstate.done.actor.createProduct')
    assertEqual(
      [next.productId, next.uploads.map((u) => [u.name, u.loaded, u.status])],
      [event.output, [['c.png', 0, 'uploading']]],
      'the chosen files go to the product made, a row each',
    );
  if (event.type === 'xstate.error.actor.createProduct')
    assertEqual([next.error, next.uploads], [event.error.message, []], "the server's refusal shows, and no file is sent");
  if (after.hasTag('created'))
    assertTrue(
      next.uploads.every((u) => u.status === 'done'),
      'created only when every image arrived',
    );
  if (after.hasTag('partlyCreated'))
    assertEqual(
      [next.error, next.uploads.some((u) => u.status === 'failed'), next.productId],
      [PARTLY_CREATED, true, prev.productId],
      'a refused image says the product was made without it, and names that product',
    );
  if (after.hasTag('failed')) assertEqual(next.productId, null, 'failed only when nothing was made, so sending again is right');
  // Whatever comes after, Create included: the product made is the only one.
  if (prev.productId !== null)
    assertEqual(
      [after.matches('creating') || 'createProduct' in after.children, next.productId],
      [false, prev.productId],
      'once the product exists, nothing creates a second one',
    );
};

/** The test plan's sentences (docs/machines/product-create.plan.md). */
const describe: ModelPlan<typeof productCreateMachine> = {
  states: {
    idle: 'the form can be sent',
    creating: 'the product is being created and a second Create is refused',
    'uploading.findingHost': ({ context }) => `the page shows ${rowsText(context)} and asks where files go`,
    'uploading.sending': ({ context }) => `the images are uploading: ${rowsText(context)}`,
    failed: ({ context }) => `the page shows "${context.error}"${context.uploads.length ? ` beside ${rowsText(context)}` : ''}`,
    partlyCreated: ({ context }) =>
      `the page shows "${context.error}" beside ${rowsText(context)}, with a link to edit product ${context.productId} and no Create`,
    created: 'the product is created with its images, and the page moves on',
  },
  events: {
    'product.create': (e) => `the admin presses Create with ${e.files.map((f) => f.name).join(', ')}`,
    'xstate.done.actor.createProduct': (e) => `the server creates product ${e.output}`,
    'xstate.error.actor.createProduct': (e) => `the server answers ${e.error.status} "${e.error.message}"`,
    ...fileUploadSentences,
  },
};

export const productCreateModel = (): ModelSpec<typeof productCreateMachine> => {
  const control = createControl();
  const rules = checkFileUploads(control, {
    inUploading: (s: SnapshotFrom<typeof productCreateMachine>, sub) => s.matches({ uploading: sub }),
  });
  return {
    name: 'product-create',
    machine: productCreateMachine.provide({
      actors: { createProduct: control.promise(), findImageHost: control.promise(), uploadFile: control.callback() },
    }),
    control,
    events,
    check: (before, event, after) => {
      check(before, event, after);
      rules(before, event, after);
    },
    describe,
  };
};
