/**
 * A machine's calls answered by hand, for the tests of one machine alone: each call records the
 * input it was sent and waits until the test settles it.
 */
import { fromPromise, type AnyActorLogic } from 'xstate';

interface Sent {
  src: string;
  input: unknown;
}

export function callsByHand<Name extends string>(names: readonly Name[]) {
  const sent: Sent[] = [];
  const waiting = new Map<string, { resolve: (output: unknown) => void; reject: (error: Error) => void }>();
  const actors = Object.fromEntries(
    names.map((name) => [
      name,
      fromPromise<unknown, unknown>(({ input }) => {
        sent.push({ src: name, input });
        return new Promise((resolve, reject) => waiting.set(name, { resolve, reject }));
      }),
    ]),
  ) as Record<Name, AnyActorLogic>;
  /** Answers the pending call `name` with an output, or refuses it with an error. */
  const settle = async (name: Name, outcome: { output: unknown } | Error): Promise<void> => {
    const call = waiting.get(name);
    if (!call) throw new Error(`${name} was not called`);
    waiting.delete(name);
    if (outcome instanceof Error) call.reject(outcome);
    else call.resolve(outcome.output);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { actors, sent, settle };
}
