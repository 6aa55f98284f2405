// @vitest-environment jsdom
import './jsdom-shims';
import { useState } from 'react';
import { act } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
// @ts-expect-error -- a plain ES module of scripts/ (no types)
import * as prerender from '../../web-server/build-prerender.mjs';
import { Button } from '../../src/components/button';
import { PasswordField } from '../../src/components/password-field';
import { TextField } from '../../src/components/text-field';
import { keepTypingForRedraw, replayEarlyTaps, takeEarlyTaps } from '../../src/components/early-input';

const { queueEarlyTaps } = prerender as unknown as { queueEarlyTaps: () => void };

/**
 * The entry screens come as HTML rendered at build time, and the app takes them over later (issue
 * 15). What she types and presses in between must reach the app (issue 25): the fields take typing,
 * the page's inline script queues the presses (web-server/build-prerender.mjs queueEarlyTaps), and the
 * app makes them again once the page is its own (src/start-app.tsx, src/components/early-input.ts).
 */

/**
 * A login-like form: controlled e-mail and password fields, submitted by a button outside it (as the
 * footer's LOGIN).
 */
function LoginLike({ onSubmit }: { onSubmit: (values: Credentials) => void }) {
  const [values, setValues] = useState<Credentials>({ email: '', password: '' });
  const field = (name: keyof Credentials) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  });
  return (
    <>
      <form
        id="f"
        method="post"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit(values);
        }}
      >
        <TextField label="Email" type="email" {...field('email')} />
        <PasswordField label="Password" {...field('password')} />
      </form>
      <Button type="submit" form="f">
        LOGIN
      </Button>
    </>
  );
}

interface Credentials {
  email: string;
  password: string;
}

const GIULIA: Credentials = { email: 'giulia@example.it', password: 'Segreta-2026' };

const roots: Root[] = [];
const listeners: { type: string; listener: EventListener }[] = [];
let root: HTMLElement | null = null;

/** The page as the build writes it: the form's HTML in #root, then the inline script's listeners. */
function prerenderedPage(): { field: HTMLInputElement; password: HTMLInputElement; login: HTMLButtonElement } {
  root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = renderToString(<LoginLike onSubmit={() => {}} />);
  document.body.append(root);
  // The listeners the inline script adds stay on the document: kept to take them off after each test.
  const add = document.addEventListener.bind(document);
  const spy = vi.spyOn(document, 'addEventListener').mockImplementation((type, listener, options) => {
    listeners.push({ type, listener: listener as EventListener });
    add(type, listener, options);
  });
  queueEarlyTaps();
  spy.mockRestore();
  const [field, password] = [...root.querySelectorAll('input')];
  return { field: field!, password: password!, login: root.querySelector('button[form]')! };
}

/** A few tasks: the app looks whether the page is its own, then presses, each in a task of its own. */
const someTasks = () => act(() => new Promise((resolve) => setTimeout(resolve, 30)));

/** Takes the page over as start-app.tsx does, and waits for the presses made again. */
async function takeOver(onSubmit: (values: Credentials) => void) {
  takeEarlyTaps(root!);
  await act(async () => {
    roots.push(hydrateRoot(root!, <LoginLike onSubmit={onSubmit} />));
  });
  replayEarlyTaps();
  await someTasks();
}

afterEach(() => {
  act(() => roots.splice(0).forEach((each) => each.unmount()));
  for (const { type, listener } of listeners.splice(0)) document.removeEventListener(type, listener, true);
  root?.remove();
  root = null;
});

describe('controls in prerendered HTML', () => {
  it('the HTML draws the button pressable and the field taking typing', () => {
    const { field, login } = prerenderedPage();
    expect(login.disabled).toBe(false);
    expect(field.readOnly).toBe(false);
  });

  it('a press before the app runs submits nothing natively, and is marked for the app', () => {
    const { login } = prerenderedPage();
    const nativeSubmit = vi.fn((event: Event) => event.preventDefault());
    const form = root!.querySelector('form')!;
    // Would the press go through, the browser would submit the form: a submit event first.
    form.addEventListener('submit', nativeSubmit);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    login.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(nativeSubmit).not.toHaveBeenCalled();
    expect(login.dataset.earlyTap).toBe('1');
  });

  it('typed into both fields and pressed before the app runs: once it has taken the page over, the form is sent with both', async () => {
    const { field, password, login } = prerenderedPage();
    field.value = GIULIA.email;
    password.focus();
    password.value = GIULIA.password;
    login.click();
    login.click();

    const submit = vi.fn();
    await takeOver(submit);

    // Pressed twice before the app ran: sent once, with what she typed, each field keeping its text.
    expect(submit).toHaveBeenCalledTimes(1);
    expect(submit).toHaveBeenCalledWith(GIULIA);
    expect(root!.querySelector('input')).toBe(field);
    expect([field.value, password.value]).toEqual([GIULIA.email, GIULIA.password]);
    expect(document.activeElement).toBe(password);
    expect(login.hasAttribute('data-early-tap')).toBe(false);
  });

  it('typed only: the text reaches the app and nothing is sent', async () => {
    const { field, password } = prerenderedPage();
    field.value = GIULIA.email;
    password.value = GIULIA.password;
    const submit = vi.fn();
    await takeOver(submit);
    expect(submit).not.toHaveBeenCalled();
    // The app holds the text: a press now sends it.
    act(() => root!.querySelector<HTMLButtonElement>('button[form]')!.click());
    expect(submit).toHaveBeenCalledWith(GIULIA);
  });

  it('pressed while hydration has marked the form but not committed it: no native submission, the press made once the app answers', async () => {
    const { field, password, login } = prerenderedPage();
    field.value = GIULIA.email;
    password.value = GIULIA.password;
    login.click();
    takeEarlyTaps(root!);
    // What a render that yields before its commit leaves (a busy phone): React's marks on the
    // elements, no listener of React's answering them yet.
    const form = root!.querySelector('form')!;
    for (const element of [login, form, ...form.elements]) Object.assign(element, { __reactFiber$rendering: {} });
    replayEarlyTaps();
    const submissions: boolean[] = [];
    const nativeSubmission = (event: Event) => submissions.push(!event.defaultPrevented);
    window.addEventListener('submit', nativeSubmission);
    try {
      await someTasks();
      // Pressed, refused by nobody: the browser would have posted the form to the page's URL.
      expect(submissions.length).toBeGreaterThan(0);
      expect(submissions.filter(Boolean)).toEqual([]);

      const submit = vi.fn();
      await takeOver(submit);
      await someTasks();
      expect(submit).toHaveBeenCalledTimes(1);
      expect(submit).toHaveBeenCalledWith(GIULIA);
      expect(submissions.filter(Boolean)).toEqual([]);
    } finally {
      window.removeEventListener('submit', nativeSubmission);
    }
  });

  it('once the app runs, a press is the app’s alone: not queued, acted on at once', async () => {
    const { login } = prerenderedPage();
    const submit = vi.fn();
    await takeOver(submit);
    act(() => login.click());
    expect(login.hasAttribute('data-early-tap')).toBe(false);
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it('drawn anew: the typed text goes into the new fields, the old page’s presses are dropped', async () => {
    const { field, password, login } = prerenderedPage();
    field.value = GIULIA.email;
    login.click();
    takeEarlyTaps(root!);
    keepTypingForRedraw(root!);
    expect(login.disabled).toBe(true);
    // The fields take typing until the app's replace them (issue 41: read-only, her keys were lost
    // while a profile loaded): the password typed now is carried too.
    expect([field.readOnly, password.readOnly]).toEqual([false, false]);
    password.value = GIULIA.password;

    const submit = vi.fn();
    await act(async () => {
      const reactRoot = createRoot(root!);
      roots.push(reactRoot);
      reactRoot.render(<LoginLike onSubmit={submit} />);
    });
    replayEarlyTaps();
    await someTasks();
    expect(submit).not.toHaveBeenCalled();
    const fields = [...root!.querySelectorAll('input')];
    expect(fields[0]).not.toBe(field);
    expect(fields.map((each) => each.value)).toEqual([GIULIA.email, GIULIA.password]);
    act(() => root!.querySelector<HTMLButtonElement>('button[form]')!.click());
    expect(submit).toHaveBeenCalledWith(GIULIA);
  });
});
