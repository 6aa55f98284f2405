/** The API's logging surface, injected so tests stay quiet and can assert on what was logged. */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

const line = (level: string, message: string, fields?: Record<string, unknown>) =>
  JSON.stringify({ time: new Date().toISOString(), level, message, ...fields });

export const consoleLogger: Logger = {
  info: (message, fields) => console.log(line('info', message, fields)),
  warn: (message, fields) => console.warn(line('warn', message, fields)),
  error: (message, fields) => console.error(line('error', message, fields)),
};
