import { expect, it } from 'vitest';
import type { Mailer, MailMessage } from '../../../server/mail/mailer';
import { describeEachDb } from '../helpers/databases';
import { createUser } from '../helpers/fixtures';

/** A mailer that holds every message until the test opens the gate. */
class GatedMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  private open!: () => void;
  private readonly gate = new Promise<void>((resolve) => (this.open = resolve));
  async send(message: MailMessage): Promise<void> {
    await this.gate;
    this.sent.push(message);
  }
  release() {
    this.open();
  }
}

/**
 * Who has an account must not show in how ask-reset answers: the reply is the same and is sent
 * before the lookup, the token and the e-mail, so it cannot wait for any of them.
 */
describeEachDb('ask-reset answers before the e-mail work', (t) => {
  it('replies while the e-mail of a known account is still being sent, then sends it', async () => {
    await createUser(t.db, { email: 'anna@example.it' });
    const mailer = new GatedMailer();
    const app = t.app({ mailer });
    const ask = (email: string) =>
      app.request('/ask-reset-password', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
    const stillSending = Symbol('still sending');
    const known = await Promise.race([
      ask('anna@example.it'),
      new Promise<typeof stillSending>((r) => setTimeout(() => r(stillSending), 5000)),
    ]);
    expect(known).not.toBe(stillSending);
    const unknown = await ask('nessuno@example.it');
    expect((known as Response).status).toBe(unknown.status);
    expect(await (known as Response).json()).toEqual(await unknown.json());
    expect(mailer.sent).toHaveLength(0);

    mailer.release();
    await (app as unknown as { settle: () => Promise<void> }).settle();
    expect(mailer.sent.map((m) => m.to)).toEqual(['anna@example.it']);
  });
});
