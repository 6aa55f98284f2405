/**
 * The app's own styles in jsdom, for the checks that judge a look (SPEC §2, §9: a grid, a width, a
 * delay). Vitest leaves CSS out of the tests; vite.config.ts lets a test ask for the CSS of a
 * vanilla-extract file with `?inline`, which this module puts in the page.
 *
 * jsdom's getComputedStyle applies a stylesheet's rules but skips every media query except a bare
 * `screen`: the queries are evaluated here against the viewport the test names (width, pointer,
 * reduced motion), and the rules of those that hold are put in the page as plain rules. A query this
 * does not know fails the test, rather than being guessed.
 */
export interface Viewport {
  /** CSS pixels. */
  width: number;
  /** A touch screen: `(pointer: coarse)` holds, `(hover: hover)` does not. */
  coarse?: boolean;
  /** `(prefers-reduced-motion: reduce)`. */
  reducedMotion?: boolean;
}

/** Vitest runs from the repository's root (vite.config.ts). */
const SRC = `${process.cwd()}/src/`;

function featureHolds(feature: string, viewport: Viewport): boolean {
  const condition = feature.trim().toLowerCase();
  if (condition === 'screen' || condition === 'all' || condition === '') return true;
  if (condition === 'print') return false;
  const pixels = /^\((min|max)-width:\s*(\d+(?:\.\d+)?)px\)$/.exec(condition);
  if (pixels) return pixels[1] === 'min' ? viewport.width >= Number(pixels[2]) : viewport.width <= Number(pixels[2]);
  const coarse = Boolean(viewport.coarse);
  const reduced = Boolean(viewport.reducedMotion);
  const known: Record<string, boolean> = {
    '(pointer: coarse)': coarse,
    '(pointer: fine)': !coarse,
    '(hover: hover)': !coarse,
    '(hover: none)': coarse,
    '(prefers-reduced-motion: reduce)': reduced,
    '(prefers-reduced-motion: no-preference)': !reduced,
  };
  const holds = known[condition.replace(/\s+/g, ' ').replace(/:(?=\S)/, ': ')];
  if (holds === undefined) throw new Error(`tests/components/styles.ts does not know the media feature ${feature}`);
  return holds;
}

/** `screen and (min-width: 1025px), print`: any comma-separated part whose features all hold. */
export function mediaHolds(media: string, viewport: Viewport): boolean {
  return media.split(',').some((query) => query.split(/\band\b/).every((feature) => featureHolds(feature, viewport)));
}

/** The CSS with its media queries resolved for `viewport`: the rules that apply there, unwrapped. */
export function resolveMedia(css: string, viewport: Viewport): string {
  // Parsed by the page itself (a document without a window gives no sheet), then taken out again.
  const style = document.createElement('style');
  style.textContent = css;
  document.head.append(style);
  const out: string[] = [];
  const walk = (rules: CSSRuleList) => {
    for (const rule of Array.from(rules)) {
      if ('media' in rule && 'cssRules' in rule) {
        const media = rule as CSSMediaRule;
        if (mediaHolds(media.media.mediaText, viewport)) walk(media.cssRules);
      } else out.push(rule.cssText);
    }
  };
  try {
    walk(style.sheet!.cssRules);
  } finally {
    style.remove();
  }
  return out.join('\n');
}

/**
 * Puts the styles of `files` (paths under src/, e.g. 'components/header.css.ts') in the page as
 * `viewport` sees them; returns what takes them away.
 */
export async function applyStyles(files: readonly string[], viewport: Viewport): Promise<() => void> {
  const sheets = await Promise.all(
    files.map(async (file) => {
      const module = (await import(/* @vite-ignore */ `${SRC}${file}.vanilla.css?inline`)) as { default: string };
      return module.default;
    }),
  );
  const style = document.createElement('style');
  style.dataset.testStyles = files.join(' ');
  style.textContent = resolveMedia(sheets.join('\n'), viewport);
  document.head.append(style);
  return () => style.remove();
}
