import { createFileRoute } from '@tanstack/react-router';
import * as css from '../styles/layout.css';

export const Route = createFileRoute('/')({ component: Home });

function Home() {
  return <h1 className={css.title}>Cosa vuoi prenotare oggi?</h1>;
}
