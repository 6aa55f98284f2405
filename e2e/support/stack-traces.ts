/**
 * Issue 41: a replay's worker spent a fifth of its CPU writing stack traces. Playwright captures a
 * stack (~50 frames) for every call a test makes, to name the call's place in the report, and the
 * source-map support it installs rewrites every frame of it, cloning each one, though most are in
 * node_modules or in node's own code, which have no map to apply (profiled on 28 Nov 2026:
 * prepareStackTrace 5.9 s of a worker's 31.8 s over 11 paths).
 *
 * Here the frames of the project's own files (the tests, the machines, the oracle) still go through
 * the source maps, to their TypeScript lines; the others are handed to it as already written, in the
 * text V8 gives them (the source-map support leaves a native frame as it is), so their text is the
 * same as before. And a stack that Playwright captures for itself (an Error with no message made in
 * its own code: captureRawStack to place a call in the report, a race against the page's closing on
 * every evaluate, each up to 200 frames deep) ends at the third frame of the project's own: Playwright
 * reads a call's name from the last library frame and its place from the first frame after the
 * library's. An error thrown with a message keeps every frame. Imported first by every test file (e2e/support/app.ts), once per worker.
 */
const sourceMapped = Error.prepareStackTrace;

/** The frames of the project's own that the stack placing a call keeps. */
const OWN_FRAMES_OF_A_CALL = 3;
/** The frames any error of the worker records. */
const STACK_FRAMES = 50;
/** The frames it keeps when none is the project's (a library's own work, run from a timer). */
const LIBRARY_FRAMES = 30;

/** A file of the project's own (not a dependency, not node's). */
const ownFile = (frame: NodeJS.CallSite): boolean => {
  const file = frame.getFileName();
  return Boolean(file) && !file!.includes('/node_modules/') && !file!.startsWith('node:');
};

/** A frame the source-map support writes as it is: its V8 text, marked native so that it is not cloned. */
const asWritten = (frame: NodeJS.CallSite): NodeJS.CallSite => {
  const text = String(frame);
  // Only isNative and toString are read from a native frame (source-map-support's wrapCallSite).
  return { isNative: () => true, toString: () => text } as unknown as NodeJS.CallSite;
};

if (sourceMapped && !(sourceMapped as { ownFramesOnly?: true }).ownFramesOnly) {
  const ownFramesOnly = (error: Error, frames: NodeJS.CallSite[]): unknown => {
    let kept = frames;
    if (error.message === '' && frames[0] && !ownFile(frames[0])) {
      let own = 0;
      const end = frames.findIndex((frame) => ownFile(frame) && ++own === OWN_FRAMES_OF_A_CALL);
      kept = frames.slice(0, end >= 0 ? end + 1 : LIBRARY_FRAMES);
    }
    return sourceMapped(
      error,
      kept.map((frame) => (ownFile(frame) ? frame : asWritten(frame))),
    );
  };
  Error.prepareStackTrace = Object.assign(ownFramesOnly, { ownFramesOnly: true as const });
  // Playwright raises the limit to 200 frames for every error of the worker, its own included (the race
  // above, made on every evaluate): 50 is five times node's own and still reaches a test's first line.
  Error.stackTraceLimit = Math.min(Error.stackTraceLimit, STACK_FRAMES);
}

export {};
