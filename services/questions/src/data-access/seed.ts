import { enqueueEvent, sastDate, sastDayBounds } from '@mzansi/kit';
import type { QuestionsContext } from '../context.js';
import * as repo from './questions-repo.js';
import * as research from './research-repo.js';
import { toSnapshot } from './snapshot.js';

/**
 * SAMPLE DATA for `make up` in development: a few weeks of South African political questions (an archive and
 * today's question), each flagged `is_sample`. Events go through the outbox like real ones, so other services build
 * their projections from them. The archive is left open: `scripts/seed-demo.ts` has sample users answer and
 * comment through the API and then resolves it, each with a sample source (resolving needs one), so its results are
 * real. Runs only on an empty database; never in production.
 *
 * Research content (officials and media predictions, also `is_sample`) is seeded when both of its tables are empty,
 * so a development database made before research existed gets it too.
 */
export const ARCHIVE: { text: string; context: string; tags: string[]; isBlind?: boolean }[] = [
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
  // Blind: still open, so its results show only to those who answered it.
  { text: 'Will the President sign the amended education bill into law this month', context: 'The bill has been debated for a long time, with strong views on language and admissions.', tags: ['education', 'parliament'], isBlind: true },
];

const TODAY = {
  text: 'Will there be no load-shedding at all this weekend',
  context: 'Sample question for the demo. Consider planned maintenance, unplanned breakdowns and weekend demand.',
  tags: ['energy', 'load-shedding'],
  resolutionCriteria: 'Resolves YES if Eskom’s own updates show no load-shedding stage from Friday 18:00 to Sunday 23:59.',
  // The demo's translated question: machine drafts, like the interface catalogues.
  translations: {
    zu: {
      text: 'Ngabe ngeke kube khona ukucishwa kukagesi nhlobo kule mpelasonto',
      context: 'Umbuzo oyisampula we-demo. Cabanga ngokulungiswa okuhleliwe, ukuphuka okungalindelekile nesidingo sempelasonto.',
      options: { yes: 'Yebo', no: 'Cha' },
      resolutionCriteria: 'Kuxazululwa ngo-YEBO uma izibuyekezo zika-Eskom zingakhombisi sigaba sokucishwa kukagesi kusukela ngoLwesihlanu ngo-18:00 kuya ngeSonto ngo-23:59.',
    },
    af: {
      text: 'Sal daar hierdie naweek glad geen beurtkrag wees nie',
      context: 'Voorbeeldvraag vir die demo. Dink aan beplande onderhoud, onbeplande onklaarrakings en naweekaanvraag.',
      options: { yes: 'Ja', no: 'Nee' },
      resolutionCriteria: 'Word as JA beslis as Eskom se eie bywerkings geen beurtkragfase van Vrydag 18:00 tot Sondag 23:59 toon nie.',
    },
    st: {
      text: 'Na ho tla ba le ho se kgaolwe ha motlakase ho hang mafelong a beke ana',
      context: 'Potso ya mohlala bakeng sa demo. Nahana ka tlhokomelo e rerilweng, ho senyeha ho sa lebellwang le tlhoko ya mafelo a beke.',
      options: { yes: 'E', no: 'Tjhe' },
      resolutionCriteria: 'E rarollwa ka E haeba dintlafatso tsa Eskom di sa bontshe mohato wa ho kgaolwa ha motlakase ho tloha Labohlano ka 18:00 ho isa Sontaha ka 23:59.',
    },
  },
};

const yesNo = [
  { id: 'yes', text: 'Yes' },
  { id: 'no', text: 'No' },
];

export async function seedDemo(ctx: QuestionsContext, now: Date): Promise<void> {
  await seedResearch(ctx, now);
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
        isBlind: q.isBlind ?? false,
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

/**
 * SAMPLE DATA: public offices. Personal names only for long-standing holders; otherwise the office itself. Bios
 * describe the office's responsibilities. Avatars are initials (nothing is loaded from the internet).
 */
export const OFFICIALS: { name: string; title: string; bio: string; avatar: string; tags: string[] }[] = [
  { name: 'Cyril Ramaphosa', title: 'President of the Republic of South Africa', bio: 'Head of state and of the national executive; leads the Government of National Unity formed after the 2024 election.', avatar: 'CR', tags: ['coalition-government', 'parliament', 'economy'] },
  { name: 'Kgosientsho Ramokgopa', title: 'Minister of Electricity and Energy', bio: 'Oversees electricity supply, Eskom’s generation recovery and the energy mix, including new generation capacity.', avatar: 'KR', tags: ['energy', 'load-shedding', 'infrastructure'] },
  { name: 'Enoch Godongwana', title: 'Minister of Finance', bio: 'Tables the national budget and leads National Treasury’s fiscal policy.', avatar: 'EG', tags: ['economy', 'coalition-government', 'parliament'] },
  { name: 'Lesetja Kganyago', title: 'Governor of the South African Reserve Bank', bio: 'Chairs the Monetary Policy Committee, which sets the repo rate to keep inflation within target.', avatar: 'LK', tags: ['economy'] },
  { name: 'Siviwe Gwarube', title: 'Minister of Basic Education', bio: 'Responsible for schooling from Grade R to Grade 12, including the national senior certificate (matric) examinations.', avatar: 'SG', tags: ['education'] },
  { name: 'Office of the Minister of Police', title: 'Minister of Police', bio: 'Political head of the South African Police Service; answers to Parliament on policing policy and the quarterly crime statistics.', avatar: 'MP', tags: ['crime-and-policing', 'parliament'] },
  { name: 'Office of the Electoral Commission chairperson', title: 'Electoral Commission chairperson', bio: 'Chairs the Electoral Commission of South Africa (IEC), which runs national, provincial and municipal elections and voter registration.', avatar: 'EC', tags: ['elections', 'local-government'] },
  { name: 'Office of the Executive Mayor of Johannesburg', title: 'Executive Mayor of Johannesburg', bio: 'Leads the City of Johannesburg’s executive, including water, electricity and roads, in a council governed by coalition.', avatar: 'JM', tags: ['local-government', 'coalition-government', 'water', 'infrastructure'] },
  { name: 'Office of the Minister of Water and Sanitation', title: 'Minister of Water and Sanitation', bio: 'Responsible for bulk water supply, water boards and national water security.', avatar: 'WS', tags: ['water', 'infrastructure', 'local-government'] },
  { name: 'Office of the Minister of Employment and Labour', title: 'Minister of Employment and Labour', bio: 'Responsible for labour law, employment programmes and the Unemployment Insurance Fund.', avatar: 'EL', tags: ['unemployment', 'economy'] },
  { name: 'Office of the Speaker of the National Assembly', title: 'Speaker of the National Assembly', bio: 'Presides over the National Assembly and its programme of debates, questions and committee business.', avatar: 'SN', tags: ['parliament'] },
  { name: 'Office of the Minister of Public Works and Infrastructure', title: 'Minister of Public Works and Infrastructure', bio: 'Coordinates national infrastructure investment and the state’s property portfolio.', avatar: 'PW', tags: ['infrastructure', 'economy'] },
];

/** SAMPLE DATA: illustrative forecasts in the style of the named outlets (not quotations); links go to their home pages. */
export const MEDIA_PREDICTIONS: {
  statement: string;
  prediction: string;
  confidence: number;
  sourceTitle: string;
  daysAgo: number;
  sourceUrl: string;
  tags: string[];
}[] = [
  { statement: 'Eskom will keep load-shedding away for most of winter', prediction: 'Likely, if unplanned breakdowns stay below about 13,000 MW', confidence: 65, sourceTitle: 'News24 — winter grid outlook (sample)', daysAgo: 3, sourceUrl: 'https://www.news24.com/', tags: ['energy', 'load-shedding'] },
  { statement: 'Electricity tariffs will rise by more than inflation next year', prediction: 'Very likely after the regulator’s multi-year tariff decision', confidence: 85, sourceTitle: 'BusinessLIVE — tariff analysis (sample)', daysAgo: 9, sourceUrl: 'https://www.businesslive.co.za/', tags: ['energy', 'economy'] },
  { statement: 'The Reserve Bank will cut the repo rate at its next meeting', prediction: 'Possible but not certain: inflation is near target, yet the rand is volatile', confidence: 55, sourceTitle: 'BusinessLIVE — markets preview (sample)', daysAgo: 5, sourceUrl: 'https://www.businesslive.co.za/', tags: ['economy'] },
  { statement: 'The Government of National Unity will hold together until the next budget', prediction: 'Likely: partners have more to lose by walking out than by staying', confidence: 70, sourceTitle: 'Daily Maverick — coalition analysis (sample)', daysAgo: 4, sourceUrl: 'https://www.dailymaverick.co.za/', tags: ['coalition-government', 'parliament'] },
  { statement: 'Johannesburg will see another change of mayor before the local elections', prediction: 'Unlikely this close to the elections, though council votes remain unpredictable', confidence: 30, sourceTitle: 'Mail & Guardian — metro politics (sample)', daysAgo: 12, sourceUrl: 'https://mg.co.za/', tags: ['local-government', 'coalition-government'] },
  { statement: 'Turnout in the next local government elections will be below 50%', prediction: 'Likely, in line with recent municipal elections', confidence: 75, sourceTitle: 'News24 — elections explainer (sample)', daysAgo: 15, sourceUrl: 'https://www.news24.com/', tags: ['elections', 'local-government'] },
  { statement: 'Official unemployment will fall below 32% within a year', prediction: 'Unlikely: job creation is not keeping pace with the labour force', confidence: 25, sourceTitle: 'BusinessLIVE — labour market review (sample)', daysAgo: 20, sourceUrl: 'https://www.businesslive.co.za/', tags: ['unemployment', 'economy'] },
  { statement: 'Quarterly crime statistics will show fewer murders than a year earlier', prediction: 'Slightly more likely than not, following targeted operations in hotspots', confidence: 55, sourceTitle: 'Daily Maverick — policing analysis (sample)', daysAgo: 7, sourceUrl: 'https://www.dailymaverick.co.za/', tags: ['crime-and-policing'] },
  { statement: 'Gauteng metros will face more water outages this summer', prediction: 'Likely, given ageing pipes and planned maintenance on bulk supply', confidence: 80, sourceTitle: 'News24 — water security report (sample)', daysAgo: 2, sourceUrl: 'https://www.news24.com/', tags: ['water', 'local-government', 'infrastructure'] },
  { statement: 'The national matric pass rate will stay above 80%', prediction: 'Very likely, continuing the trend of recent years', confidence: 85, sourceTitle: 'Mail & Guardian — education desk (sample)', daysAgo: 25, sourceUrl: 'https://mg.co.za/', tags: ['education'] },
  { statement: 'Parliament will pass the amended policing legislation this year', prediction: 'Possible: committee hearings have run long and amendments are still expected', confidence: 45, sourceTitle: 'Daily Maverick — parliament watch (sample)', daysAgo: 10, sourceUrl: 'https://www.dailymaverick.co.za/', tags: ['parliament', 'crime-and-policing'] },
  { statement: 'Transnet’s port performance will improve over the next two quarters', prediction: 'Likely, as new equipment and private partnerships come online', confidence: 60, sourceTitle: 'BusinessLIVE — logistics outlook (sample)', daysAgo: 18, sourceUrl: 'https://www.businesslive.co.za/', tags: ['infrastructure', 'economy'] },
];

/** Seeds the sample officials and media predictions when there are none of either. */
export async function seedResearch(ctx: QuestionsContext, now: Date): Promise<void> {
  if ((await research.countOfficials(ctx.db)) > 0 || (await research.countMediaPredictions(ctx.db)) > 0) return;
  const day = 24 * 3600_000;
  await ctx.transaction(async (tx) => {
    for (const o of OFFICIALS) await research.insertOfficial(tx, { ...o, isSample: true, createdAt: now });
    for (const { daysAgo, ...p } of MEDIA_PREDICTIONS) {
      await research.insertMediaPrediction(tx, { ...p, sourceDate: sastDate(new Date(now.getTime() - daysAgo * day)), isSample: true, createdAt: now });
    }
  });
  ctx.logger.info({ officials: OFFICIALS.length, predictions: MEDIA_PREDICTIONS.length }, 'sample research content seeded (development demo)');
}
