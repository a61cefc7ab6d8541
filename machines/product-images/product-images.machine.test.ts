import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { createControl } from '../testing/controlled-actors.ts';
import { UPLOAD_FAILED } from './file-uploads.ts';
import { productImagesMachine, REFRESH_AFTER_UPLOAD_MS } from './product-images.machine.ts';

const a = { path: '/images/a.png' };
const b = { path: '/images/b.png' };
const file = new File(['x'], 'c.png');
const HOST = 'https://img.example.test/upload';

const start = () => {
  const control = createControl();
  const clock = new SimulatedClock();
  const machine = productImagesMachine.provide({
    actors: {
      findImageHost: control.promise(),
      uploadFile: control.callback(),
      loadImages: control.promise(),
      deleteImage: control.promise(),
    },
  });
  const actor = createActor(machine, { input: { productId: 'p1', images: [a, b] }, clock }).start();
  const ctx = () => actor.getSnapshot().context;
  /** Files chosen, sent to the shop (the first time the host is asked), and each upload ended. */
  const uploadAll = async (files: File[]) => {
    actor.send({ type: 'images.upload', files });
    if (control.isPending('findImageHost')) await control.resolve('findImageHost', null);
    for (const row of ctx().uploads.filter((u) => u.status === 'uploading')) actor.send({ type: 'upload.done', id: row.id });
  };
  return { actor, control, clock, ctx, uploadAll, tag: (t: string) => actor.getSnapshot().hasTag(t) };
};

describe('product images machine', () => {
  it('when an upload ends, then only 5000 ms later the images are asked for again and shown', async () => {
    const { control, clock, ctx, uploadAll } = start();
    await uploadAll([file]);
    expect(ctx().batches).toBe(1);
    clock.increment(REFRESH_AFTER_UPLOAD_MS - 1);
    expect(control.isPending('loadImages')).toBe(false);
    clock.increment(1);
    expect(control.inputOf('loadImages')).toEqual({ productId: 'p1' });
    await control.resolve('loadImages', [a, b, { path: '/images/c.png' }]);
    expect(ctx().images.map((i) => i.path)).toEqual(['/images/a.png', '/images/b.png', '/images/c.png']);
  });

  it('when two files upload, then each row shows its own progress, and the batch ends when both have, one with its failure', async () => {
    const { actor, control, ctx, tag } = start();
    const two = new File(['xxxxxxxx'], 'd.png');
    actor.send({ type: 'images.upload', files: [file, two] });
    // A row a file at once, at 0 of its size, while the image host is asked.
    expect(ctx().uploads).toEqual([
      { id: 'upload-1', name: 'c.png', loaded: 0, total: 1, status: 'uploading' },
      { id: 'upload-2', name: 'd.png', loaded: 0, total: 8, status: 'uploading' },
    ]);
    await control.resolve('findImageHost', null);
    expect(control.started.filter((s) => s.id.startsWith('upload-'))).toEqual([
      { id: 'upload-1', input: { productId: 'p1', file, uploadUrl: null } },
      { id: 'upload-2', input: { productId: 'p1', file: two, uploadUrl: null } },
    ]);
    control.emitFrom('upload-2', { type: 'upload.progress', id: 'upload-2', loaded: 6, total: 8 });
    control.emitFrom('upload-2', { type: 'upload.failed', id: 'upload-2', status: 413, message: 'The file is too large' });
    expect(ctx().uploads.map((u) => [u.loaded, u.total, u.status, u.error])).toEqual([
      [0, 1, 'uploading', undefined],
      [6, 8, 'failed', 'The file is too large'],
    ]);
    // An upload that ended is stopped; the other goes on, and so does the batch.
    expect([control.isRunning('upload-1'), control.isRunning('upload-2')]).toEqual([true, false]);
    expect(tag('uploading')).toBe(true);
    control.emitFrom('upload-1', { type: 'upload.progress', id: 'upload-1', loaded: 1, total: 1 });
    control.emitFrom('upload-1', { type: 'upload.done', id: 'upload-1' });
    expect(ctx().uploads.map((u) => u.status)).toEqual(['done', 'failed']);
    expect([tag('uploading'), actor.getSnapshot().matches({ upload: 'waiting' }), ctx().error]).toEqual([false, true, null]);
  });

  it('when the receiver gives no sentence of its own, then the failed row says the upload failed', async () => {
    const { actor, control, ctx } = start();
    actor.send({ type: 'images.upload', files: [file] });
    await control.resolve('findImageHost', null);
    control.emitFrom('upload-1', { type: 'upload.failed', id: 'upload-1', status: 500, message: '' });
    expect(ctx().uploads[0]).toMatchObject({ status: 'failed', error: UPLOAD_FAILED });
  });

  it('when an image host is configured, then it is asked once and every later file goes to it', async () => {
    const { actor, control, clock, uploadAll } = start();
    actor.send({ type: 'images.upload', files: [file] });
    expect(control.started.some((s) => s.id === 'upload-1')).toBe(false);
    await control.resolve('findImageHost', HOST);
    expect(control.started.find((s) => s.id === 'upload-1')?.input).toMatchObject({ uploadUrl: HOST });
    actor.send({ type: 'upload.done', id: 'upload-1' });
    clock.increment(1000);
    await uploadAll([file]);
    expect(control.started.filter((s) => s.id === 'findImageHost')).toHaveLength(1);
    expect(control.started.find((s) => s.id === 'upload-2')?.input).toMatchObject({ uploadUrl: HOST });
  });

  it('when the image host cannot be learnt, then the files go to the shop', async () => {
    const { actor, control } = start();
    actor.send({ type: 'images.upload', files: [file] });
    await control.reject('findImageHost', { status: 500, message: 'Something went wrong' });
    expect(control.started.find((s) => s.id === 'upload-1')?.input).toMatchObject({ uploadUrl: null });
  });

  it('when another upload starts during the wait, then the refresh waits a full 5000 ms after that one', async () => {
    const { control, clock, uploadAll } = start();
    await uploadAll([file]);
    clock.increment(4000);
    await uploadAll([file]);
    clock.increment(4000);
    expect(control.isPending('loadImages')).toBe(false);
    clock.increment(1000);
    expect(control.isPending('loadImages')).toBe(true);
  });

  it('when files are chosen while an upload runs, then they are refused (the picker is disabled meanwhile)', async () => {
    const { actor, control, ctx, tag } = start();
    actor.send({ type: 'images.upload', files: [file] });
    await control.resolve('findImageHost', null);
    actor.send({ type: 'images.upload', files: [file, file] });
    expect(tag('uploading')).toBe(true);
    expect(ctx().uploads).toHaveLength(1);
    expect(control.started.filter((s) => s.id.startsWith('upload-'))).toHaveLength(1);
  });

  it('when the refresh fails, then its message shows and the images stay', async () => {
    const { control, clock, ctx, uploadAll } = start();
    await uploadAll([file]);
    clock.increment(REFRESH_AFTER_UPLOAD_MS);
    await control.reject('loadImages', { status: 500, message: 'Could not load the images' });
    expect([ctx().error, ctx().images]).toEqual(['Could not load the images', [a, b]]);
  });

  it('when an image is deleted, then it goes once the server agrees, and stays with the message when refused', async () => {
    const { actor, control, ctx, tag } = start();
    actor.send({ type: 'images.delete', image: a });
    expect(tag('removing')).toBe(true);
    expect(ctx().images).toEqual([a, b]);
    await control.resolve('deleteImage', undefined);
    expect(ctx().images).toEqual([b]);
    actor.send({ type: 'images.delete', image: b });
    await control.reject('deleteImage', { status: 404, message: 'Image not found' });
    expect([ctx().images, ctx().error]).toEqual([[b], 'Image not found']);
  });

  it('when the page is left during an upload, then each file still on its way is stopped (its request aborted) and no refresh follows', async () => {
    const { actor, control, clock } = start();
    actor.send({ type: 'images.upload', files: [file, file] });
    await control.resolve('findImageHost', null);
    actor.send({ type: 'upload.done', id: 'upload-1' });
    expect(control.isRunning('upload-2')).toBe(true);
    actor.stop();
    clock.increment(REFRESH_AFTER_UPLOAD_MS);
    expect(control.isRunning('upload-2')).toBe(false);
    expect(control.isPending('loadImages')).toBe(false);
  });

  it('when the page is left while the image host is asked, then the question is dropped and no file is sent', () => {
    const { actor, control } = start();
    actor.send({ type: 'images.upload', files: [file] });
    actor.stop();
    expect(control.aborted).toEqual(['findImageHost']);
    expect(control.started.filter((s) => s.id.startsWith('upload-'))).toEqual([]);
  });
});
