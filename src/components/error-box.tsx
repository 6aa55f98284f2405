import type { ReactNode } from 'react';
import { PRODUCT } from '../../contract/constants';
import * as css from './error-box.css';

export const ERROR_TITLE = 'Errore 404';
export const NOT_FOUND_TEXT = `Oooops! Sembra che questa pagina non esista, ${PRODUCT}`;

/** SPEC §2: a router "No route matches" (or no message) reads as the not-found text; other errors show their message. */
export function errorPageText(message?: string | null): string {
  if (!message || message.includes('No route matches')) return NOT_FOUND_TEXT;
  return message;
}

export interface ErrorBoxProps {
  message?: string | null;
  /** Optional actions under the text (the footer normally holds TORNA ALL'INIZIO). */
  children?: ReactNode;
}

/** The error page's box (max width 480px). */
export function ErrorBox({ message, children }: ErrorBoxProps) {
  return (
    <section className={css.box} aria-labelledby="error-title">
      <h1 id="error-title" className={css.title}>
        {ERROR_TITLE}
      </h1>
      <p className={css.text}>{errorPageText(message)}</p>
      {children}
    </section>
  );
}

export function NotFound({ children }: { children?: ReactNode }) {
  return <ErrorBox>{children}</ErrorBox>;
}
