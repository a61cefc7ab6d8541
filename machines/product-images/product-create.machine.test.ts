import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { ProductBody } from '#contracts/product.ts';
import { createControl } from '../testing/controlled-actors.ts';
import { PARTLY_CREATED, productCreateMachine } from './product-create.machine.ts';

const body: ProductBody = { name: 'Lamp', description: 'Bright', count: 2, price: 10, category: 'Home', attributesTable: [] };
const one = new File(['xxxx'], 'one.png');
const two = new File(['xxxxxxxx'], 'two.png');

const start = () => {
  const control = createControl();
  const machine = productCreateMachine.provide({
    actors: { createProduct: control.promise(), findImageHost: control.promise(), uploadFile: control.callback() },
  });
  const actor = createActor(machine).start();
  const created: string[] = [];
  actor.on('product.created', (e) => created.push(e.productId));
  const ctx = () => actor.getSnapshot().context;
  const sent = () => control.started.filter((s) => s.id.startsWith('upload-'));
  return { actor, control, ctx, created, sent, tag: (t: string) => actor.getSnapshot().hasTag(t) };
};

describe('product create machine', () => {
  it('when Create is pressed, then the product is made first, its images then go to it with their progress, and once all arrived it is announced', async () => {
    const { actor, control, ctx, created, sent, tag } = start();
    actor.send({ type: 'product.create', body, files: [one, two] });
    expect([tag('sending'), control.inputOf('createProduct'), ctx().uploads, sent()]).toEqual([true, body, [], []]);
    await control.resolve('createProduct', 'p9');
    expect(ctx().uploads.map((u) => [u.id, u.name, u.loaded, u.total, u.status])).toEqual([
      ['upload-1', 'one.png', 0, 4, 'uploading'],
      ['upload-2', 'two.png', 0, 8, 'uploading'],
    ]);
    await control.resolve('findImageHost', null);
    expect(sent()).toEqual([
      { id: 'upload-1', input: { productId: 'p9', file: one, uploadUrl: null } },
      { id: 'upload-2', input: { productId: 'p9', file: two, uploadUrl: null } },
    ]);
    control.emitFrom('upload-1', { type: 'upload.progress', id: 'upload-1', loaded: 2, total: 4 });
    expect(ctx().uploads[0]).toMatchObject({ loaded: 2, total: 4 });
    control.emitFrom('upload-1', { type: 'upload.done', id: 'upload-1' });
    expect([tag('sending'), created]).toEqual([true, []]);
    control.emitFrom('upload-2', { type: 'upload.done', id: 'upload-2' });
    expect([tag('created'), tag('sending'), created, ctx().error]).toEqual([true, false, ['p9'], null]);
  });

  it('when the server refuses the product, then its sentence shows, no file is sent, and Create sends the form again', async () => {
    const { actor, control, ctx, sent, tag } = start();
    actor.send({ type: 'product.create', body, files: [one] });
    await control.reject('createProduct', { status: 400, message: 'Please fill in the name' });
    expect([tag('failed'), ctx().error, ctx().uploads, sent()]).toEqual([true, 'Please fill in the name', [], []]);
    actor.send({ type: 'product.create', body: { ...body, name: 'Desk lamp' }, files: [one] });
    expect([tag('sending'), ctx().error, control.inputOf('createProduct')]).toEqual([true, null, { ...body, name: 'Desk lamp' }]);
  });

  it('when an image is refused, then the page says the product was made without it, names that product, the file keeps its message, and Create makes no second product', async () => {
    const { actor, control, ctx, created, tag } = start();
    actor.send({ type: 'product.create', body, files: [one, two] });
    await control.resolve('createProduct', 'p9');
    await control.resolve('findImageHost', 'https://img.example.test/upload');
    control.emitFrom('upload-1', { type: 'upload.failed', id: 'upload-1', status: 400, message: 'Missing required parameter - file' });
    expect(tag('sending')).toBe(true);
    control.emitFrom('upload-2', { type: 'upload.done', id: 'upload-2' });
    expect([tag('partlyCreated'), tag('failed'), tag('sending'), ctx().error, ctx().productId, created]).toEqual([
      true,
      false,
      false,
      PARTLY_CREATED,
      'p9',
      [],
    ]);
    expect(ctx().uploads.map((u) => [u.status, u.error])).toEqual([
      ['failed', 'Missing required parameter - file'],
      ['done', undefined],
    ]);
    const before = actor.getSnapshot();
    actor.send({ type: 'product.create', body, files: [two] });
    expect(control.started.filter((s) => s.id === 'createProduct')).toHaveLength(1);
    expect(actor.getSnapshot()).toBe(before);
  });

  it('when Create is pressed again while the product is sent, then nothing more is sent', async () => {
    const { actor, control } = start();
    actor.send({ type: 'product.create', body, files: [one] });
    actor.send({ type: 'product.create', body, files: [one] });
    await control.resolve('createProduct', 'p9');
    actor.send({ type: 'product.create', body, files: [one] });
    expect(control.started.filter((s) => s.id === 'createProduct')).toHaveLength(1);
  });

  it('when the page is left while images upload, then each is stopped, which aborts its request', async () => {
    const { actor, control, created } = start();
    actor.send({ type: 'product.create', body, files: [one, two] });
    await control.resolve('createProduct', 'p9');
    await control.resolve('findImageHost', null);
    actor.stop();
    expect([control.isRunning('upload-1'), control.isRunning('upload-2'), created]).toEqual([false, false, []]);
  });
});
