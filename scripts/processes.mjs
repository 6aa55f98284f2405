// What `npm run dev` and `npm start` share: the ports (PORT for the API, WEB_PORT for the web app)
// and running the two processes as one: Ctrl-C stops both, and either one ending ends the other.

export const apiPort = process.env.PORT ?? '8787';
export const webPort = process.env.WEB_PORT ?? '5173';

/** Prints `banner`, then keeps the children's lives tied to this process's. */
export function runTogether(children, banner) {
  console.log(banner);
  const stop = (code = 0) => {
    for (const child of children) child.kill('SIGTERM');
    process.exit(code);
  };
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));
  for (const child of children) child.on('exit', (code) => stop(code ?? 1));
}
