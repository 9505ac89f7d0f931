import type { Clock } from '@mzansi/kit';
import * as repo from '../../data-access/questions-repo.js';
import { assertCanSchedule, assertCanUnschedule } from '../../domain/schedule.js';
import { assertScheduleBeforeClose } from '../../domain/closing.js';
import { requireAdmin, toQuestion, type QuestionsHandlers, type QuestionTransition } from './common.js';

/** Scheduling a draft and taking its schedule away (admin); the scheduler job publishes it (jobs/scheduler.ts). */
export function scheduleHandlers(transition: QuestionTransition, clock: Clock): Pick<QuestionsHandlers, 'scheduleQuestion' | 'unscheduleQuestion'> {
  return {
    async scheduleQuestion(req, call) {
      const actor = requireAdmin(call);
      const row = await transition(req.id, { actorId: actor.id, action: 'question.schedule' }, async (q, tx) => {
        const publishAt = assertCanSchedule(q, req.publishAt, clock());
        assertScheduleBeforeClose(q.closesAt, publishAt);
        // The question's date is the day it goes out; a missed mark goes with the old time.
        return repo.updateQuestion(tx, q.id, { scheduledFor: publishAt, scheduledBy: actor.id, scheduleMissedAt: null, date: publishAt });
      });
      return { question: toQuestion(row, clock()) };
    },

    async unscheduleQuestion(req, call) {
      const actor = requireAdmin(call);
      const row = await transition(req.id, { actorId: actor.id, action: 'question.unschedule' }, async (q, tx) => {
        assertCanUnschedule(q);
        return repo.updateQuestion(tx, q.id, { scheduledFor: null, scheduledBy: null, scheduleMissedAt: null });
      });
      return { question: toQuestion(row, clock()) };
    },
  };
}
