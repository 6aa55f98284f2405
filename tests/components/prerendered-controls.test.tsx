// @vitest-environment jsdom
import './jsdom-shims';
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from '../../src/components/button';
import { TextField } from '../../src/components/text-field';

/**
 * The entry screens come as HTML rendered at build time, and the app takes them over later
 * (issue 15). Until then a press would do nothing (or submit the form natively, with the typed
 * e-mail in the URL) and typing would be lost: the HTML draws the controls inert, the running app
 * live.
 */
function Form({ onSubmit }: { onSubmit: () => void }) {
  return (
    <form
      id="f"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <TextField label="Email" name="email" defaultValue="" />
      <Button type="submit">LOGIN</Button>
    </form>
  );
}

let container: HTMLElement | null = null;
afterEach(() => {
  container?.remove();
  container = null;
});

describe('controls in prerendered HTML', () => {
  it('the HTML draws the submit button disabled and the field read-only', () => {
    const html = renderToString(<Form onSubmit={() => {}} />);
    container = document.createElement('div');
    container.innerHTML = html;
    expect(container.querySelector('button')!.disabled).toBe(true);
    expect(container.querySelector('input')!.readOnly).toBe(true);
  });

  it('once the app has taken the page over, they work', async () => {
    const submit = vi.fn();
    container = document.createElement('div');
    container.innerHTML = renderToString(<Form onSubmit={submit} />);
    document.body.append(container);
    await act(async () => {
      hydrateRoot(container!, <Form onSubmit={submit} />);
    });
    const button = container.querySelector('button')!;
    expect(button.disabled).toBe(false);
    expect(container.querySelector('input')!.readOnly).toBe(false);
    button.click();
    expect(submit).toHaveBeenCalledTimes(1);
  });
});
