import { Link, Outlet, createRootRoute } from '@tanstack/react-router';
import * as css from '../styles/layout.css';

export const Route = createRootRoute({ component: RootLayout });

function RootLayout() {
  return (
    <div className={css.shell}>
      <header className={css.header}>
        <Link to="/" aria-label="Musa, torna all'inizio">
          <img src="/logo.svg" alt="Musa" width={96} height={32} />
        </Link>
      </header>
      <main id="main" className={css.main}>
        <Outlet />
      </main>
    </div>
  );
}
