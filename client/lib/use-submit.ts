import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { submitMachine } from '#machines/shared/submit.machine.ts';
import { devEventLog } from './event-log.ts';

/**
 * One form's send as a submit machine: `sending` disables the form and refuses a second send,
 * `error` is the server's refusal, `sent` the last send succeeded. `send` is the call itself
 * (the latest one given is used); `onDone` runs with its answer (navigate, reload, clear).
 * A send that asks first: `ask(values)` opens the question (`asking`), `confirm()` sends those
 * values, `dismiss()` sends nothing.
 */
export function useSubmit<V, O>(send: (values: V, signal: AbortSignal) => Promise<O>, onDone?: (output: O) => void) {
  const latest = useRef({ send, onDone });
  useEffect(() => {
    latest.current = { send, onDone };
  });
  const [logic] = useState(() =>
    submitMachine.provide({
      actors: { send: fromPromise<unknown, unknown>(({ input, signal }) => latest.current.send(input as V, signal)) },
    }),
  );
  const actor = useActorRef(logic, { inspect: devEventLog?.inspect('submit', { many: true }) });
  useEffect(() => {
    const subscription = actor.on('submit.done', (event) => latest.current.onDone?.(event.output as O));
    return () => subscription.unsubscribe();
  }, [actor]);
  const sending = useSelector(actor, (s) => s.hasTag('sending'));
  const sent = useSelector(actor, (s) => s.hasTag('sent'));
  const error = useSelector(actor, (s) => s.context.error);
  const submit = useCallback((values: V) => actor.send({ type: 'submit.send', values }), [actor]);
  const reset = useCallback(() => actor.send({ type: 'submit.reset' }), [actor]);
  const asking = useSelector(actor, (s) => s.hasTag('asking'));
  const ask = useCallback((values: V) => actor.send({ type: 'submit.ask', values }), [actor]);
  const confirm = useCallback(() => actor.send({ type: 'submit.confirm' }), [actor]);
  const dismiss = useCallback(() => actor.send({ type: 'submit.dismiss' }), [actor]);
  return { submit, reset, sending, sent, error, asking, ask, confirm, dismiss };
}
