export declare const HEADLESS_SHELL: string;
export declare const FULL_CHROMIUM: string;
/** The browser Playwright launches: CHROMIUM_PATH, else the headless shell, else the full browser. */
export declare const chromiumPath: () => string;
