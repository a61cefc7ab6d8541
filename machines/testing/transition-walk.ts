import { createActor, SimulatedClock, type AnyEventObject, type AnyMachineSnapshot, type InspectionEvent } from 'xstate';
import { transitionLabels } from '../shared/transition-counts.ts';
import { flush } from './controlled-actors.ts';
import { delayOf, deliver, type ModelSpec } from './model.ts';
import { allModels } from './models.ts';
import { stateText } from './replay.ts';

type Labels = ReturnType<typeof transitionLabels>;
type Microstep = InspectionEvent & { _transitions?: Parameters<typeof transitionLabels>[0][] };

/** A transition as production counts it and the coverage report prints it: `source --event--> target`. */
export const transitionText = (t: Labels) => `${t.source} --${t.event}--> ${t.target}`;

/**
 * The model's machine run step by step as the model runs replay it (its test actors, a simulated
 * clock, the model's rules checked on every step), each step answering the transitions it took by
 * the labels production counts them by.
 */
export const startWalk = (spec: ModelSpec, input: (() => unknown) | undefined = spec.input) => {
  const clock = new SimulatedClock();
  let taken: Labels[] = [];
  const actor = createActor(spec.machine, {
    input: input?.(),
    clock,
    inspect: (e: Microstep) => {
      if (e.type === '@xstate.microstep' && e.actorRef.sessionId === e.rootId) taken.push(...(e._transitions ?? []).map(transitionLabels));
    },
  });
  actor.start();
  return {
    snapshot: (): AnyMachineSnapshot => actor.getSnapshot(),
    /** Delivers one event (a timer moves the clock, an actor's result settles it) and answers what it took. */
    step: async (event: AnyEventObject): Promise<Labels[]> => {
      taken = [];
      const before = actor.getSnapshot();
      if (event.type.startsWith('xstate.after.')) clock.increment(delayOf(spec.machine, event.type, before, event));
      else await deliver(spec.control, actor, event);
      spec.check?.(before, event, actor.getSnapshot());
      return taken;
    },
    stop: async () => {
      actor.stop();
      await flush();
    },
  };
};

/**
 * The model of the machine whose id production counts by (`cart`, `customerChat`), started with
 * its `input`-th starting input; what the tests written by `--coverage-from … --write-tests` call.
 */
export const walk = (machineId: string, input = 0) => {
  const spec = allModels().find((m) => m.machine.id === machineId);
  if (!spec) throw new Error(`No model of the machine "${machineId}" (machines/testing/models.ts)`);
  const run = startWalk(spec, spec.inputs?.[input] ?? spec.input);
  return {
    step: run.step,
    /** The last step: fails unless `event` takes `transition` (`source --event--> target`), saying what it took instead. */
    expectTransition: async (event: AnyEventObject, transition: string): Promise<void> => {
      try {
        const at = stateText(run.snapshot().value);
        const taken = (await run.step(event)).map(transitionText);
        if (!taken.includes(transition))
          throw new Error(
            `In ${at}, ${event.type} took ${taken.length ? taken.join(', ') : 'no transition'} on this build's ${machineId} machine, not ${transition}`,
          );
      } finally {
        await run.stop();
      }
    },
  };
};
