import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { createControl } from '../testing/controlled-actors.ts';
import { productImagesMachine, REFRESH_AFTER_UPLOAD_MS } from './product-images.machine.ts';

const a = { path: '/images/a.png' };
const b = { path: '/images/b.png' };
const file = new File(['x'], 'c.png');

const start = () => {
  const control = createControl();
  const clock = new SimulatedClock();
  const machine = productImagesMachine.provide({
    actors: { upload: control.promise(), loadImages: control.promise(), deleteImage: control.promise() },
  });
  const actor = createActor(machine, { input: { productId: 'p1', images: [a, b] }, clock }).start();
  return { actor, control, clock, ctx: () => actor.getSnapshot().context, tag: (t: string) => actor.getSnapshot().hasTag(t) };
};

describe('product images machine', () => {
  it('when an upload ends, then only 5000 ms later the images are asked for again and shown', async () => {
    const { actor, control, clock, ctx } = start();
    actor.send({ type: 'images.upload', files: [file] });
    expect(control.inputOf('upload')).toEqual({ productId: 'p1', files: [file] });
    await control.resolve('upload', undefined);
    expect(ctx().uploads).toBe(1);
    clock.increment(REFRESH_AFTER_UPLOAD_MS - 1);
    expect(control.isPending('loadImages')).toBe(false);
    clock.increment(1);
    expect(control.inputOf('loadImages')).toEqual({ productId: 'p1' });
    await control.resolve('loadImages', [a, b, { path: '/images/c.png' }]);
    expect(ctx().images.map((i) => i.path)).toEqual(['/images/a.png', '/images/b.png', '/images/c.png']);
  });

  it('when another upload starts during the wait, then the refresh waits a full 5000 ms after that one', async () => {
    const { actor, control, clock } = start();
    actor.send({ type: 'images.upload', files: [file] });
    await control.resolve('upload', undefined);
    clock.increment(4000);
    actor.send({ type: 'images.upload', files: [file] });
    await control.resolve('upload', undefined);
    clock.increment(4000);
    expect(control.isPending('loadImages')).toBe(false);
    clock.increment(1000);
    expect(control.isPending('loadImages')).toBe(true);
  });

  it('when files are chosen while an upload runs, then they are refused (the picker is disabled meanwhile)', () => {
    const { actor, control, tag } = start();
    actor.send({ type: 'images.upload', files: [file] });
    actor.send({ type: 'images.upload', files: [file, file] });
    expect(tag('uploading')).toBe(true);
    expect(control.started.filter((s) => s.id === 'upload')).toHaveLength(1);
  });

  it('when the refresh fails, then its message shows and the images stay', async () => {
    const { actor, control, clock, ctx } = start();
    actor.send({ type: 'images.upload', files: [file] });
    await control.resolve('upload', undefined);
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

  it('when the page is left during an upload, then the upload is stopped and no refresh follows', () => {
    const { actor, control, clock } = start();
    actor.send({ type: 'images.upload', files: [file] });
    actor.stop();
    clock.increment(REFRESH_AFTER_UPLOAD_MS);
    expect(control.aborted).toContain('upload');
    expect(control.isPending('loadImages')).toBe(false);
  });
});
