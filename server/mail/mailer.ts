/** An e-mail as the API composes it; transports turn it into RFC 822. */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the message carries, logged by the outbox transport so a developer can follow it. */
  link?: string;
  /** Files sent along (the booking confirmation's .ics). */
  attachments?: MailAttachment[];
};

export type MailAttachment = { filename: string; content: string; contentType: string };

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
