// Votes made without a connection: kept on the device and sent when the connection returns. The server
// treats a repeated identical answer as the same answer (200), so sending one twice is safe. A vote the server
// refuses for good (a 4xx: closed question, another answer already recorded) is dropped; the screen then shows
// what the server has.
import { localStore } from '../../lib/storage';
import { atom, useAtomValue } from 'jotai';
import { appStore, type AppStore } from '../../lib/appStore';
import type { QueryClient } from '@tanstack/react-query';
import { apiJson, errorStatus } from '../../lib/api';

export const OUTBOX_STORAGE_KEY = 'mzansi.pendingVotes';

export interface PendingVote {
  userId: string;
  questionId: string;
  optionId: string;
  /** 50–99; absent means the server's default. */
  confidence?: number;
}


function isPendingVote(v: unknown): v is PendingVote {
  const o = v as Partial<PendingVote> | null;
  return !!o && typeof o.userId === 'string' && typeof o.questionId === 'string' && typeof o.optionId === 'string' &&
    (o.confidence === undefined || (Number.isInteger(o.confidence) && o.confidence >= 50 && o.confidence <= 99));
}

/** A failure that says nothing about the vote itself: no connection (fetch threw) or the server unavailable. */
export function isRetryable(error: unknown): boolean {
  const status = errorStatus(error);
  return status === undefined || status === 408 || status === 429 || status >= 500;
}

const findPending = (votes: readonly PendingVote[], userId: string, questionId: string) =>
  votes.find((v) => v.userId === userId && v.questionId === questionId) ?? null;

/**
 * The queued votes: kept on the device (a reload or a closed tab keeps them) and, for the screens, in an atom of the
 * app's store (lib/appStore.ts): the outbox is flushed outside React when the connection returns.
 */
export function createVoteOutbox(store: Storage | undefined = localStore(), app: AppStore = appStore) {
  const votesAtom = atom<readonly PendingVote[]>(read());
  let flushing: Promise<void> | null = null;

  function read(): PendingVote[] {
    try {
      const parsed: unknown = JSON.parse(store?.getItem(OUTBOX_STORAGE_KEY) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter(isPendingVote) : [];
    } catch {
      return [];
    }
  }
  function write(votes: PendingVote[]) {
    app.set(votesAtom, votes);
    try {
      if (votes.length) store?.setItem(OUTBOX_STORAGE_KEY, JSON.stringify(votes));
      else store?.removeItem(OUTBOX_STORAGE_KEY);
    } catch {
      // storage full or disabled: the vote stays queued for this page only
    }
  }
  const snapshot = () => app.get(votesAtom);
  const same = (a: PendingVote, b: Pick<PendingVote, 'userId' | 'questionId'>) => a.userId === b.userId && a.questionId === b.questionId;

  return {
    votesAtom,
    app,
    list: (): readonly PendingVote[] => snapshot(),
    /** Queues a vote (one per user and question: a newer choice replaces an older one). */
    add(vote: PendingVote) {
      write([...snapshot().filter((v) => !same(v, vote)), vote]);
    },
    pendingFor: (userId: string, questionId: string) => findPending(snapshot(), userId, questionId),
    subscribe: (listener: () => void) => app.sub(votesAtom, listener),
    /**
     * Sends every queued vote in turn. Sent or refused for good → removed (and `onSent` / `onRefused` told);
     * no connection or the server unavailable → kept for the next flush. One flush at a time.
     */
    flush(
      send: (vote: PendingVote) => Promise<unknown>,
      on: { onSent?: (vote: PendingVote, result: unknown) => void; onRefused?: (vote: PendingVote, error: unknown) => void } = {},
    ): Promise<void> {
      flushing ??= (async () => {
        for (const vote of read()) {
          try {
            const result = await send(vote);
            write(snapshot().filter((v) => !same(v, vote)));
            on.onSent?.(vote, result);
          } catch (error) {
            if (isRetryable(error)) break;
            write(snapshot().filter((v) => !same(v, vote)));
            on.onRefused?.(vote, error);
          }
        }
      })().finally(() => {
        flushing = null;
      });
      return flushing;
    },
  };
}

export type VoteOutbox = ReturnType<typeof createVoteOutbox>;

/** The app's one outbox. */
export const voteOutbox = createVoteOutbox();

/** The queued vote for this question, if any (re-renders when the outbox changes). */
export function usePendingVote(userId: string, questionId: string, outbox: VoteOutbox = voteOutbox): PendingVote | null {
  return findPending(useAtomValue(outbox.votesAtom, { store: outbox.app }), userId, questionId);
}

/** No connection at all (fetch threw before any answer): the only failure that queues a vote. */
export const isOffline = (error: unknown) => errorStatus(error) === undefined;

/**
 * Sends the queued votes now and whenever the browser says the connection is back; each sent vote becomes the
 * user's answer in the cache (the screen moves on to the results), a refused one is checked again with the server.
 */
export function startVoteOutbox(queryClient: QueryClient, outbox: VoteOutbox = voteOutbox): () => void {
  const answerKey = (v: PendingVote) => ['/api/users', v.userId, 'answers', v.questionId] as const;
  const flush = () =>
    void outbox.flush((vote) => apiJson('POST', '/api/answers', vote), {
      onSent: (vote, answer) => {
        queryClient.setQueryData(answerKey(vote), answer);
        void queryClient.invalidateQueries({ queryKey: ['/api/questions', vote.questionId] });
      },
      onRefused: (vote) => void queryClient.invalidateQueries({ queryKey: answerKey(vote) }),
    });
  window.addEventListener('online', flush);
  if (outbox.list().length) flush();
  return () => window.removeEventListener('online', flush);
}
