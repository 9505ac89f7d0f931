// The ALTCHA widget, loaded only when the gateway asks for a challenge (a lazy chunk: the landing page never pays
// for it). Self-hosted: the widget fetches its challenge from the gateway and solves it in a same-origin Web Worker
// (CSP worker-src 'self', no blob:); nothing goes to a third party.
import { useEffect, useRef } from 'react';
import 'altcha/external';
import 'altcha/altcha.css';
import type {} from 'altcha/types/react';
import type { WidgetMethods } from 'altcha/types';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import './altcha-field.css';
import { CHALLENGE_URL } from './challenge';

// Only the algorithm the gateway issues (gateway/src/challenge.ts).
globalThis.$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());

export type AltchaState = 'unverified' | 'verifying' | 'verified' | 'expired' | 'error' | 'code';

export interface AltchaFieldProps {
  /** Changed by the form after each submission: a solved payload opens the door once, so a fresh check starts. */
  round: number;
  /** The widget's state, and the payload to send once verified (null otherwise). */
  onChange(state: AltchaState, payload: string | null): void;
}

type WidgetElement = HTMLElement & WidgetMethods;

// No pointer/scroll collection (the gateway does not use it), no link away from the dialog.
const CONFIGURATION = JSON.stringify({ humanInteractionSignature: false, hideFooter: true, hideLogo: true });

export default function AltchaField({ round, onChange }: AltchaFieldProps) {
  const ref = useRef<WidgetElement>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const firstRound = useRef(round);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onState = (event: Event) => {
      const { state, payload } = (event as CustomEvent<{ state: AltchaState; payload?: string | null }>).detail;
      onChangeRef.current(state, state === 'verified' ? (payload ?? null) : null);
      // An expired challenge is replaced at once rather than left for the user to notice.
      if (state === 'expired') void el.verify();
    };
    el.addEventListener('statechange', onState);
    return () => el.removeEventListener('statechange', onState);
  }, []);

  useEffect(() => {
    if (round === firstRound.current) return; // the first check starts on its own (auto="onload")
    const el = ref.current;
    if (!el) return;
    el.reset();
    void el.verify();
  }, [round]);

  return (
    <div className="altcha-field">
      <altcha-widget ref={ref} challenge={CHALLENGE_URL} auto="onload" type="checkbox" configuration={CONFIGURATION} />
    </div>
  );
}
