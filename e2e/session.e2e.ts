import { expect, test } from './support/clock';
import { STORAGE_KEYS } from '../contract/constants';
import { API_URL, BOOKING_START, DEMO, appInteractive, login, mainButton } from './support/app';
import { linkIn, waitForMail } from './support/outbox';

test.describe('access rules (SPEC §2)', () => {
  test('a visitor on the personal area goes to the booking start, keeping the query string', async ({ page }) => {
    await page.goto('/?utm_source=instagram&utm_campaign=autunno');
    await expect(page).toHaveURL((url) => url.pathname === BOOKING_START);
    const search = new URL(page.url()).searchParams;
    expect(search.get('utm_source')).toBe('instagram');
    expect(search.get('utm_campaign')).toBe('autunno');
  });

  test('the reset page without token and email sends to /login', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page).toHaveURL((url) => url.pathname === '/login');
    await expect(page.getByRole('heading', { name: 'Bentornata, Musa!' })).toBeVisible();
  });

  test('an unknown path shows the error page, whose button returns to the start', async ({ page }) => {
    await page.goto('/questa-pagina-non-esiste');
    await expect(page.getByRole('heading', { name: 'Errore 404' })).toBeVisible();
    await expect(page.getByText('Oooops! Sembra che questa pagina non esista, Musa')).toBeVisible();
    await page.getByRole('button', { name: "TORNA ALL'INIZIO" }).click();
    // `/` without a session is the booking start.
    await expect(page).toHaveURL((url) => url.pathname === BOOKING_START);
  });

  test('with a session, /login redirects to the personal area', async ({ page }) => {
    await login(page);
    await page.goto('/login');
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(page.getByText('Cosa vuoi prenotare oggi?')).toBeVisible();
  });
});

test.describe('login → personal area → logout', () => {
  test('login validates on blur, signs in, welcomes once and shows the appointments', async ({ page, request }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Bentornata, Musa!' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Recupera password' })).toHaveAttribute('href', /\/ask-reset-password/);

    // The form is in the prerendered HTML: it checks on blur once the app has taken its fields over.
    await appInteractive(page);
    const email = page.getByLabel('Email');
    await email.focus();
    await email.blur();
    await expect(page.getByText('*Campo richiesto').first()).toBeVisible();
    await email.fill('non-una-email');
    await email.blur();
    await expect(page.getByText('Formato invalido')).toBeVisible();

    await email.fill(DEMO.email);
    await page.getByLabel('Password', { exact: true }).fill('password-sbagliata');
    await mainButton(page, 'LOGIN').click();
    await expect(page.getByRole('alert').filter({ hasText: 'Email o password non corretti.' })).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/login');

    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await mainButton(page, 'LOGIN').click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(page.getByText('Benvenuta Musa!')).toBeVisible();
    // The failed attempt's error toast went with the route change.
    await expect(page.getByRole('alert').filter({ hasText: 'Email o password non corretti.' })).toHaveCount(0);
    await expect(page.getByText(`Ciao ${DEMO.firstName}!`)).toBeVisible();
    await expect(page.getByText('Cosa vuoi prenotare oggi?')).toBeVisible();
    await expect(page.getByRole('link', { name: 'NUOVO APPUNTAMENTO' })).toBeVisible();
    // The footer's main button is hidden on the personal area.
    await expect(page.getByRole('button', { name: 'AVANTI' })).toHaveCount(0);

    // A reload keeps the session and does not welcome again.
    await page.reload();
    await expect(page.getByText('Cosa vuoi prenotare oggi?')).toBeVisible();
    await expect(page.getByText('Benvenuta Musa!')).toHaveCount(0);

    const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.credential);
    expect(token).toBeTruthy();
    await page.getByRole('button', { name: 'Esci' }).click();
    await expect(page.getByRole('status').filter({ hasText: /Disconnessione/ })).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === BOOKING_START, { timeout: 10_000 });
    // The session ended on the server too: the old token no longer opens her data.
    const me = await request.get(`${API_URL}/me`, { headers: { Authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(401);
    // Signed out: the personal area is closed again.
    await page.goto('/');
    await expect(page).toHaveURL((url) => url.pathname === BOOKING_START);
  });
});

test.describe('password reset and account completion', () => {
  test('ask-reset sends the e-mail and confirms in a dialog after 500 ms', async ({ page }) => {
    await page.goto('/ask-reset-password');
    const email = page.getByLabel('Email');
    await email.fill('nessuna@musa.example');
    await page.getByRole('button', { name: 'INVIA EMAIL' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Controlla le tue Email!' });
    await expect(dialog).toBeVisible();
    await expect(
      dialog.getByText(
        'Abbiamo inviato una mail alla tua casella di posta con un link per scegliere la tua nuova password!',
      ),
    ).toBeVisible();
    // The form was reset behind the dialog.
    await expect(page.locator('input[name="email"]')).toHaveValue('');
    await dialog.getByRole('link', { name: 'TORNA ALLA LOGIN' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL((url) => url.pathname === '/login');
  });

  test('a customer completes her account from the real e-mail link and lands in her area', async ({ page }) => {
    const customer = 'nuova.cliente@musa.example';
    const since = Date.now();
    await page.goto('/ask-reset-password');
    await page.getByLabel('Email').fill(customer);
    await page.getByRole('button', { name: 'INVIA EMAIL' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Controlla le tue Email!' })).toBeVisible();

    const message = await waitForMail(customer, since);
    const link = linkIn(message, '/reset-password');
    expect(link).toContain(`email=${encodeURIComponent(customer)}`);

    await page.goto(link);
    await expect(page.getByText(customer)).toBeVisible();
    const password = page.getByLabel('Scegli una password per il tuo profilo Musa!');
    // The hint, then the hint and the error for a short password.
    await expect(page.getByText('Almeno 8 caratteri')).toHaveCount(1);
    await password.fill('corta');
    await page.getByRole('button', { name: 'CREA ACCOUNT' }).click();
    await expect(page.getByText('Almeno 8 caratteri')).toHaveCount(2);
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL((url) => url.pathname === '/reset-password');

    await password.fill('UnaPasswordNuova2026');
    await page.getByRole('button', { name: 'CREA ACCOUNT' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(page.getByText('Ciao Sara!')).toBeVisible();

    // The link is single-use.
    await page.getByRole('button', { name: 'Esci' }).click();
    await expect(page).toHaveURL((url) => url.pathname === BOOKING_START, { timeout: 10_000 });
    await page.goto(link);
    await expect(page).toHaveURL((url) => url.pathname === '/login');
  });
});
