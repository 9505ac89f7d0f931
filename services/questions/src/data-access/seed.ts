import { enqueueEvent, sastDayBounds, type ServiceContext } from '@mzansi/kit';
import { toSnapshot } from '../entry-points/grpc/questions-service.js';
import * as repo from './questions-repo.js';

/**
 * SAMPLE DATA for `make up` in development: a few weeks of South African political questions (an archive and
 * today's question), each flagged `is_sample`. Events go through the outbox like real ones, so other services build
 * their projections from them. The archive is left open: `scripts/seed-demo.ts` has sample users answer and
 * comment through the API and then resolves it, so its results are real. Runs only on an empty database; never in
 * production.
 */
export const ARCHIVE: { text: string; context: string; tags: string[] }[] = [
  { text: 'Will Eskom announce load-shedding at any stage this week', context: 'Think about the grid’s recent performance, maintenance schedules and demand.', tags: ['energy', 'load-shedding'] },
  { text: 'Will the Reserve Bank cut the repo rate at its next Monetary Policy Committee meeting', context: 'The MPC weighs inflation against growth; markets have been split.', tags: ['economy'] },
  { text: 'Will the coalition partners in the Government of National Unity publicly agree on the budget framework this week', context: 'Budget negotiations between the GNU partners have been tense.', tags: ['coalition-government', 'economy'] },
  { text: 'Will the next Quarterly Labour Force Survey show official unemployment below 32%', context: 'Stats SA publishes the survey every quarter.', tags: ['unemployment', 'economy'] },
  { text: 'Will Johannesburg Water restore supply to all affected suburbs by Friday', context: 'Several suburbs have reported outages after pipe bursts and maintenance.', tags: ['water', 'local-government'] },
  { text: 'Will the petrol price drop at the start of next month', context: 'Fuel prices follow international oil prices and the rand–dollar exchange rate.', tags: ['economy'] },
  { text: 'Will Parliament’s portfolio committee finish its hearings on the policing bill this month', context: 'Public hearings have drawn many submissions.', tags: ['crime-and-policing', 'parliament'] },
  { text: 'Will the national matric pass rate be above 85%', context: 'The Department of Basic Education announces results in January.', tags: ['education'] },
  { text: 'Will a major metro adopt a new coalition agreement before the end of the month', context: 'Hung councils have seen frequent changes of mayor.', tags: ['local-government', 'coalition-government'] },
  { text: 'Will Transnet report better port turnaround times in its next update', context: 'Port congestion has cost exporters; a recovery plan is under way.', tags: ['economy', 'infrastructure'] },
  { text: 'Will the IEC report more than 1 million new voter registrations after the registration weekend', context: 'Registration weekends usually draw young first-time voters.', tags: ['elections', 'local-government'] },
  { text: 'Will the national crime statistics show a drop in murders this quarter', context: 'SAPS releases crime statistics every quarter.', tags: ['crime-and-policing'] },
  { text: 'Will the rand close the week stronger than R18 to the US dollar', context: 'The currency reacts to global risk appetite and local politics.', tags: ['economy'] },
  { text: 'Will the President sign the amended education bill into law this month', context: 'The bill has been debated for a long time, with strong views on language and admissions.', tags: ['education', 'parliament'] },
];

const TODAY = {
  text: 'Will there be no load-shedding at all this weekend',
  context: 'Sample question for the demo. Consider planned maintenance, unplanned breakdowns and weekend demand.',
  tags: ['energy', 'load-shedding'],
};

const yesNo = [
  { id: 'yes', text: 'Yes' },
  { id: 'no', text: 'No' },
];

export async function seedDemo(ctx: ServiceContext<any>, now: Date): Promise<void> {
  if ((await repo.count(ctx.db)) > 0) return;
  const today = sastDayBounds(now).start; // 00:00 SAST today, as a UTC instant
  const day = 24 * 3600_000;
  await ctx.transaction(async (tx) => {
    for (let i = 0; i < ARCHIVE.length; i++) {
      const q = ARCHIVE[i]!;
      const dayStart = new Date(today.getTime() - (i + 1) * day);
      const publishedAt = new Date(dayStart.getTime() + 13 * 3600_000); // 13:00 SAST
      const date = new Date(Date.parse(new Date(dayStart.getTime() + 2 * 3600_000).toISOString().slice(0, 10) + 'T13:00:00Z'));
      const row = await repo.insertQuestion(tx, {
        text: q.text,
        context: q.context,
        date,
        options: yesNo,
        tags: q.tags,
        isPublished: true,
        isActive: true,
        publishedAt,
        createdAt: new Date(publishedAt.getTime() - 3600_000),
        isSample: true,
      });
      await enqueueEvent(tx, 'questions.question.published', { question: toSnapshot(row) }, { occurredAt: publishedAt });
    }
    const publishedAt = new Date(Math.min(now.getTime(), today.getTime() + 11 * 3600_000 + 1000)); // 11:00 SAST or now
    const row = await repo.insertQuestion(tx, {
      ...TODAY,
      date: new Date(Date.parse(new Date(today.getTime() + 2 * 3600_000).toISOString().slice(0, 10) + 'T13:00:00Z')),
      options: yesNo,
      isPublished: true,
      isActive: true,
      publishedAt,
      createdAt: new Date(publishedAt.getTime() - 60_000),
      isSample: true,
    });
    await enqueueEvent(tx, 'questions.question.published', { question: toSnapshot(row) }, { occurredAt: publishedAt });
  });
  ctx.logger.info({ questions: ARCHIVE.length + 1 }, 'sample questions seeded (development demo)');
}
