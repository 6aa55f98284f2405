// Shared vitest setup. Component tests opt into jsdom with a `@vitest-environment jsdom` docblock.
import { configure } from '@testing-library/dom';

// A screen reached through the router may wait for its lazy chunk (src/screens/booking/lazy-steps.ts): on a
// loaded 2-core machine (CI runs vitest beside other work) its first import has taken more than the
// default 1 s (the login and reset-password tests failed so, once each). `findBy…` still returns as
// soon as what it looks for is on screen: the longer wait only costs time when a test fails. On Node 26
// (CI's) the first import of a route's split chunk takes longer still: the personal area after LOGIN
// came after 5–15 s in a quiet run (28 Nov 2026), where Node 20 took about a second.
configure({ asyncUtilTimeout: 15_000 });
