// Entry: small on purpose. On a slow phone React takes seconds to arrive and start; signed-out visitors meanwhile
// see the static landing built into index.html, with today's question painted in (staticLanding.ts), and signed-in
// ones on /vote today's questions (staticVote.ts). Then the app
// (start.tsx) takes over: signed-in visitors' index.html preloads it, signed-out ones load it after that first paint.
import { paintStaticLanding } from './features/landing/staticLanding';
import { paintStaticVote } from './features/vote/staticVote';
import './styles/base.css';
import './styles/controls.css';
import './styles/widgets.css';
import './styles/chrome.css';
import './styles/landing.css';
import './styles/cards.css';
import './colour-scheme.css';

/** The app never waits longer than this for the first paint's API call. */
const FIRST_PAINT_WAIT_MS = 1500;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
/** Lets the browser present the painted frame before the app's long start-up task. */
const nextFrame = () =>
  document.hidden
    ? Promise.resolve()
    : new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

// A page served as signed in gets its /vote painted the same way (staticVote.ts); a signed-out one, the landing.
const signedIn = !!document.querySelector('meta[name="mzansi-session"]');
void Promise.race([signedIn ? paintStaticVote() : paintStaticLanding(), wait(FIRST_PAINT_WAIT_MS).then(() => false)])
  .then((painted) => (painted ? nextFrame() : undefined))
  .then(() => import('./start'));
