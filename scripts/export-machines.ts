/**
 * npm run machines:export: writes every machine of the app to docs/machines/ as
 *   <name>.stately.js  a createMachine({...}) the Stately editor imports as it is (guards, actions,
 *                      actors and delays by name; their code stays in machines/), and
 *   <name>.md          a Mermaid stateDiagram-v2 to read the flow offline.
 * Generated from each machine's definition (machine.definition, i.e. toJSON()); do not edit by hand.
 * With `--check` (part of `npm run lint`) it writes nothing and fails when a file differs from what
 * the machines give: the diagrams product owners read never fall behind the code.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnyStateMachine } from 'xstate';
import { addressPickerMachine } from '../machines/address-picker/machine';
import { appMachine } from '../machines/app/machine';
import { checkoutMachine } from '../machines/checkout/machine';
import { confirmationMachine } from '../machines/confirmation/machine';
import { couponMachine } from '../machines/coupon/machine';
import { outOfZoneMachine } from '../machines/out-of-zone/machine';
import { profileDialogMachine } from '../machines/profile-dialog/machine';
import { slotsMachine } from '../machines/slots/machine';
import { upsellMachine } from '../machines/upsell/machine';
import { appointmentMachine } from '../machines/appointment/machine';
import { rescheduleMachine } from '../machines/reschedule/machine';
import { ratingMachine } from '../machines/rating/machine';
import { waitlistMachine } from '../machines/waitlist/machine';
import { proAgendaMachine } from '../machines/pro/agenda';
import { proRequestMachine } from '../machines/pro/request';
import { proRequestsMachine } from '../machines/pro/requests';
import { proTimeOffMachine } from '../machines/pro/time-off';
import { proTeamBoardMachine } from '../machines/pro/team-board';
import { proHoursMachine } from '../machines/pro/hours';

const MACHINES: Record<string, AnyStateMachine> = {
  app: appMachine as unknown as AnyStateMachine,
  'address-picker': addressPickerMachine,
  'out-of-zone': outOfZoneMachine,
  upsell: upsellMachine,
  slots: slotsMachine,
  confirmation: confirmationMachine,
  coupon: couponMachine,
  checkout: checkoutMachine,
  'profile-dialog': profileDialogMachine,
  waitlist: waitlistMachine,
  appointment: appointmentMachine,
  reschedule: rescheduleMachine,
  // Issue 29: rating an appointment (the root invokes it at /appointments/:id/rating).
  rating: ratingMachine,
  // Issue 27: the professionals' side (the root invokes them on its /pro pages).
  'pro-agenda': proAgendaMachine,
  'pro-requests': proRequestsMachine,
  'pro-request': proRequestMachine,
  // Issue 40: her time off.
  'pro-time-off': proTimeOffMachine,
  // Issue 40: the team's board.
  'pro-team-board': proTeamBoardMachine,
  // Issue 40: her hours.
  'pro-hours': proHoursMachine,
};

interface DefTransition {
  target?: string[];
  guard?: string | { type: string; params?: unknown };
  actions: unknown[];
  reenter: boolean;
  eventType: string;
}

interface DefNode {
  id: string;
  key: string;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  initial: { target: string[] };
  states: Record<string, DefNode>;
  transitions: DefTransition[];
  entry: unknown[];
  exit: unknown[];
  invoke: { src: string; id: string }[];
  tags: string[];
  meta?: Record<string, unknown>;
  description?: string;
}

/** Named references only: a parameter computed by a function stays in the code. */
const named = (item: unknown): unknown => {
  if (typeof item === 'string') return item;
  if (item && typeof item === 'object' && 'type' in item) {
    const { type, params } = item as { type: string; params?: unknown };
    return params === undefined || typeof params === 'function' ? type : { type, params };
  }
  return undefined;
};

const list = (items: unknown[]) => items.map(named).filter((item) => item !== undefined);

const toTransition = (t: DefTransition) => {
  const out: Record<string, unknown> = {};
  if (t.target?.length) out.target = t.target.length === 1 ? t.target[0] : t.target;
  const guard = t.guard === undefined ? undefined : named(t.guard);
  if (guard !== undefined) out.guard = guard;
  const actions = list(t.actions);
  if (actions.length) out.actions = actions;
  if (t.reenter) out.reenter = true;
  return out;
};

const group = (transitions: DefTransition[]) => {
  const by: Record<string, ReturnType<typeof toTransition>[]> = {};
  for (const t of transitions) (by[t.eventType] ??= []).push(toTransition(t));
  return Object.fromEntries(Object.entries(by).map(([k, v]) => [k, v.length === 1 ? v[0] : v]));
};

const toConfig = (node: DefNode, parentId: string | null): Record<string, unknown> => {
  const config: Record<string, unknown> = {};
  const defaultId = parentId === null ? node.id : `${parentId}.${node.key}`;
  if (parentId === null || node.id !== defaultId) config.id = node.id;
  if (node.type === 'parallel' || node.type === 'final') config.type = node.type;
  const initial = node.initial.target[0];
  if (initial) {
    const child = Object.values(node.states).find((s) => `#${s.id}` === initial);
    if (child) config.initial = child.key;
  }
  if (node.description) config.description = node.description;
  if (node.tags.length) config.tags = node.tags;
  if (node.meta && Object.keys(node.meta).length) config.meta = node.meta;
  const entry = list(node.entry);
  const exit = list(node.exit);
  if (entry.length) config.entry = entry;
  if (exit.length) config.exit = exit;
  const own = node.transitions.filter(
    (t) => t.eventType && `#${node.id}` === (t as unknown as { source: string }).source,
  );
  const after = own.filter((t) => t.eventType.startsWith('xstate.after.'));
  const done = own.filter(
    (t) => t.eventType.startsWith('xstate.done.actor.') || t.eventType.startsWith('xstate.error.actor.'),
  );
  const plain = own.filter((t) => !after.includes(t) && !done.includes(t));
  if (node.invoke.length) {
    config.invoke = node.invoke.map((invoke) => {
      const entryConfig: Record<string, unknown> = { src: invoke.src, id: invoke.id };
      const onDone = done.filter((t) => t.eventType === `xstate.done.actor.${invoke.id}`).map(toTransition);
      const onError = done.filter((t) => t.eventType === `xstate.error.actor.${invoke.id}`).map(toTransition);
      if (onDone.length) entryConfig.onDone = onDone.length === 1 ? onDone[0] : onDone;
      if (onError.length) entryConfig.onError = onError.length === 1 ? onError[0] : onError;
      return entryConfig;
    });
  }
  if (after.length) {
    const byDelay: Record<string, ReturnType<typeof toTransition>[]> = {};
    for (const t of after) (byDelay[t.eventType.split('.')[2]!] ??= []).push(toTransition(t));
    config.after = Object.fromEntries(Object.entries(byDelay).map(([k, v]) => [k, v.length === 1 ? v[0] : v]));
  }
  if (plain.length) config.on = group(plain);
  if (Object.keys(node.states).length) {
    config.states = Object.fromEntries(
      Object.entries(node.states).map(([key, child]) => [key, toConfig(child, node.id)]),
    );
  }
  return config;
};

const mermaidId = (id: string) => id.replace(/[^A-Za-z0-9]/g, '_');

const guardText = (guard: DefTransition['guard']) => {
  if (!guard) return '';
  if (typeof guard === 'string') return ` [${guard}]`;
  const params = guard.params && typeof guard.params === 'object' ? Object.values(guard.params).join(', ') : '';
  return ` [${guard.type}${params ? `(${params})` : ''}]`;
};

const mermaid = (machine: AnyStateMachine): string => {
  const lines: string[] = ['stateDiagram-v2'];
  const edges = (node: DefNode, pad: string) => {
    for (const t of node.transitions) {
      if ((t as unknown as { source: string }).source !== `#${node.id}`) continue;
      const event = t.eventType.startsWith('xstate.after.')
        ? `after ${t.eventType.split('.')[2]}`
        : t.eventType.replace(/^xstate\.(done|error)\.actor\./, (_, kind: string) => `${kind}: `);
      for (const target of t.target ?? [`#${node.id}`]) {
        lines.push(`${pad}${mermaidId(node.id)} --> ${mermaidId(target.slice(1))} : ${event}${guardText(t.guard)}`);
      }
    }
  };
  const visit = (node: DefNode, depth: number) => {
    const pad = '  '.repeat(depth);
    const children = Object.values(node.states);
    const initial = node.initial.target[0];
    children.forEach((child, index) => {
      const id = mermaidId(child.id);
      const label = child.meta?.path ? `${child.key} ${String(child.meta.path)}` : child.key;
      lines.push(`${pad}state "${label}" as ${id}`);
      if (Object.keys(child.states).length) {
        lines.push(`${pad}state ${id} {`);
        visit(child, depth + 1);
        lines.push(`${pad}}`);
        edges(child, pad);
      } else {
        edges(child, pad);
      }
      if (child.type === 'final') lines.push(`${pad}${id} --> [*]`);
      if (node.type === 'parallel' && index < children.length - 1) lines.push(`${pad}--`);
    });
    if (initial && node.type !== 'parallel') lines.push(`${pad}[*] --> ${mermaidId(initial.slice(1))}`);
    if (depth === 2) edges(node, pad);
  };
  // Wrapped in one composite state, so a parallel root's `--` separators are valid Mermaid.
  lines.push(`  state "${machine.id}" as ${mermaidId(machine.id)} {`);
  visit(JSON.parse(JSON.stringify(machine.definition)) as DefNode, 2);
  lines.push('  }');
  return lines.join('\n');
};

const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'machines');
const check = process.argv.includes('--check');
const stale: string[] = [];
const write = (file: string, text: string) => {
  const at = join(root, file);
  if (!check) return writeFileSync(at, text);
  if (!existsSync(at) || readFileSync(at, 'utf8') !== text) stale.push(`docs/machines/${file}`);
};
if (!check) mkdirSync(root, { recursive: true });
for (const [name, machine] of Object.entries(MACHINES)) {
  const definition = JSON.parse(JSON.stringify(machine.definition)) as DefNode;
  const config = toConfig(definition, null);
  const source = [
    '// Generated by `npm run machines:export` from machines/ — do not edit by hand.',
    '// Paste into the Stately editor (Import → code). Guards, actions, actors and delays are named;',
    '// their implementations live in machines/ and are provided by the app.',
    "import { createMachine } from 'xstate';",
    '',
    `export const machine = createMachine(${JSON.stringify(config, null, 2)});`,
    '',
  ].join('\n');
  write(`${name}.stately.js`, source);
  const markdown = [
    `# ${name}`,
    '',
    `Generated by \`npm run machines:export\` from \`machines/\`. The Stately version is [${name}.stately.js](./${name}.stately.js).`,
    '',
    '```mermaid',
    mermaid(machine),
    '```',
    '',
  ].join('\n');
  write(`${name}.md`, markdown);
  if (!check) console.log(`docs/machines/${name}.stately.js, docs/machines/${name}.md`);
}
if (stale.length > 0) {
  console.error(`Out of date with machines/ (run npm run machines:export): ${stale.join(', ')}`);
  process.exit(1);
}
