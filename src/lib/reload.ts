/**
 * Reloads the page. A module of its own so that a test sees the reload happen (jsdom's
 * `location.reload` can be neither replaced nor carried out).
 */
export function reloadPage(): void {
  window.location.reload();
}
