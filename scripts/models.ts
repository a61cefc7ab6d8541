/**
 * Every model `npm run test:model` walks and writes plans and the table of machines from: the
 * shop's machines (machines/testing/models.ts, which machines/ may not widen to api/), then the
 * API's hub socket machine.
 */
import { hubSocketModel } from '../api/realtime/hub-socket.model.ts';
import type { ModelSpec } from '#machines/testing/model.ts';
import { allModels } from '#machines/testing/models.ts';

export const everyModel = (): ModelSpec[] => [...allModels(), hubSocketModel()];
