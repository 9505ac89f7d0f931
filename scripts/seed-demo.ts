/**
 * SAMPLE DATA for the development demo (`make up`): sample users (usernames `demo_*`) sign up, agree to appear on the
 * national leaderboard, befriend each other,
 * answer the sample archive and today's sample question, and comment — all through the public API, like real
 * people — then the admin resolves the archive, so every result, score and ranking shown is computed for real.
 * The features beyond the spec are exercised: every sample user has a province and answers with a confidence in their own
 * style (demo_sipho gives Thandi's answers at 99 %: the same number correct, a lower place on the Calibration board);
 * a sample crowd (`demo_crowd_*`, Gauteng and KwaZulu-Natal) answers today's question and the latest archive ones so
 * their province splits pass the 30-answer threshold; the open education-bill question is blind.
 * Runs once: it stops when the first sample user already exists.
 */
const PASSWORD = 'demo-password-123';

/** Username, name, province, confidence style. */
const PEOPLE = [
  ['demo_thandi', 'Thandi Nkosi', 'GP', 'calibrated'],
  ['demo_sipho', 'Sipho Dlamini', 'KZN', 'overconfident'],
  ['demo_lerato', 'Lerato Mokoena', 'FS', 'calibrated'],
  ['demo_pieter', 'Pieter van der Merwe', 'WC', 'cautious'],
  ['demo_ayesha', 'Ayesha Patel', 'KZN', 'calibrated'],
  ['demo_bongani', 'Bongani Khumalo', 'MP', 'overconfident'],
  ['demo_zanele', 'Zanele Mthembu', 'KZN', 'cautious'],
  ['demo_johan', 'Johan Botha', 'NC', 'calibrated'],
  ['demo_nomvula', 'Nomvula Zulu', 'EC', 'default'],
  ['demo_kagiso', 'Kagiso Molefe', 'NW', 'calibrated'],
  ['demo_fatima', 'Fatima Adams', 'WC', 'default'],
  ['demo_themba', 'Themba Ndlovu', 'LP', 'overconfident'],
] as const;

/** A crowd so that two provinces pass the 30-answer threshold on the latest questions. */
const CROWD = [...Array.from({ length: 34 }, () => 'GP'), ...Array.from({ length: 31 }, () => 'KZN')];
/** How many of the latest archive questions the crowd answers (besides today's). */
const CROWD_ARCHIVE = 3;

type Style = (typeof PEOPLE)[number][3];

/** A confidence in a style: calibrated near the player's hit rate, overconfident 95–99, cautious 55–65. */
function confidenceOf(style: Style, skill: number, random: () => number): number | undefined {
  if (style === 'default') return undefined;
  if (style === 'overconfident') return 95 + Math.floor(random() * 5);
  if (style === 'cautious') return 55 + Math.floor(random() * 11);
  return Math.max(50, Math.min(99, Math.round(skill * 100 + (random() - 0.5) * 10)));
}

/** How the sample archive turned out (by question text); absent = still open. */
const OUTCOMES: Record<string, 'yes' | 'no'> = {
  'Will Eskom announce load-shedding at any stage this week': 'no',
  'Will the Reserve Bank cut the repo rate at its next Monetary Policy Committee meeting': 'yes',
  'Will the coalition partners in the Government of National Unity publicly agree on the budget framework this week': 'yes',
  'Will the next Quarterly Labour Force Survey show official unemployment below 32%': 'no',
  'Will Johannesburg Water restore supply to all affected suburbs by Friday': 'no',
  'Will the petrol price drop at the start of next month': 'yes',
  'Will Parliament’s portfolio committee finish its hearings on the policing bill this month': 'yes',
  'Will a major metro adopt a new coalition agreement before the end of the month': 'no',
  'Will Transnet report better port turnaround times in its next update': 'yes',
  'Will the IEC report more than 1 million new voter registrations after the registration weekend': 'yes',
  'Will the national crime statistics show a drop in murders this quarter': 'no',
  'Will the rand close the week stronger than R18 to the US dollar': 'yes',
};

/**
 * The source each sample resolution names (resolving needs one: an http(s) address and a title). Sample data: the
 * institutions' own sites, where such a result would be published.
 */
const SOURCES: Record<string, { url: string; title: string }> = {
  'Will Eskom announce load-shedding at any stage this week': { url: 'https://www.eskom.co.za/', title: 'Eskom system status (sample)' },
  'Will the Reserve Bank cut the repo rate at its next Monetary Policy Committee meeting': { url: 'https://www.resbank.co.za/', title: 'SARB MPC statement (sample)' },
  'Will the coalition partners in the Government of National Unity publicly agree on the budget framework this week': { url: 'https://www.treasury.gov.za/', title: 'National Treasury (sample)' },
  'Will the next Quarterly Labour Force Survey show official unemployment below 32%': { url: 'https://www.statssa.gov.za/', title: 'Stats SA QLFS (sample)' },
  'Will Johannesburg Water restore supply to all affected suburbs by Friday': { url: 'https://www.johannesburgwater.co.za/', title: 'Johannesburg Water updates (sample)' },
  'Will the petrol price drop at the start of next month': { url: 'https://www.energy.gov.za/', title: 'Fuel price adjustment (sample)' },
  'Will Parliament’s portfolio committee finish its hearings on the policing bill this month': { url: 'https://www.parliament.gov.za/', title: 'Parliament committee schedule (sample)' },
  'Will a major metro adopt a new coalition agreement before the end of the month': { url: 'https://www.cogta.gov.za/', title: 'CoGTA notices (sample)' },
  'Will Transnet report better port turnaround times in its next update': { url: 'https://www.transnet.net/', title: 'Transnet port performance (sample)' },
  'Will the IEC report more than 1 million new voter registrations after the registration weekend': { url: 'https://www.elections.org.za/', title: 'IEC registration figures (sample)' },
  'Will the national crime statistics show a drop in murders this quarter': { url: 'https://www.saps.gov.za/', title: 'SAPS crime statistics (sample)' },
  'Will the rand close the week stronger than R18 to the US dollar': { url: 'https://www.resbank.co.za/', title: 'SARB exchange rates (sample)' },
};

const COMMENTS = [
  'I really hope I am wrong on this one.',
  'Lekker question! I am going with my gut.',
  'History says no, but this time feels different.',
  'Ask any taxi driver, they will tell you the answer.',
  'The numbers from last quarter point the other way.',
  'Eish, this one is a coin toss.',
  'Watching the news every night for this one.',
  'My whole family voted the same way, we will see.',
  'Called it last time, feeling confident again.',
  'Hard to predict with all the politics involved.',
];

/** A small deterministic PRNG, so every fresh demo looks the same. */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Session {
  id: string;
  cookie: string;
}

export async function seedDemo(baseUrl: string, adminPassword: string, log: (m: string) => void = console.log): Promise<void> {
  // The session cookie by name: a sign-in also sets the signed-in hint (gateway/src/session.ts).
  const sessionCookie = (setCookies: string[]) => setCookies.map((c) => c.split(';')[0]!).find((c) => /^(__Host-)?sid=/.test(c)) ?? '';
  const call = async (method: string, path: string, s: Session | null, body?: unknown) => {
    const res = await fetch(baseUrl + path, {
      method,
      headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(s ? { cookie: s.cookie } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : null, cookie: sessionCookie(res.headers.getSetCookie()) };
  };
  const sessionOf = (r: { json: { id: string }; cookie: string }): Session => ({ id: r.json.id, cookie: r.cookie });

  if ((await call('POST', '/api/auth/login', null, { username: PEOPLE[0][0], password: PASSWORD })).status === 200) {
    log('demo data already present');
    return;
  }
  const adminLogin = await call('POST', '/api/auth/login', null, { username: 'admin', password: adminPassword });
  if (adminLogin.status !== 200) throw new Error(`demo seed: admin login failed (${adminLogin.status})`);
  const admin = sessionOf(adminLogin);

  const all: Array<{ id: string; text: string; isSample: boolean; isResolved: boolean; publishedAt: string }> = (
    await call('GET', '/api/admin/questions', admin)
  ).json;
  const today = new Set(((await call('GET', '/api/questions/today', null)).json as { id: string }[]).map((q) => q.id));
  const archive = all.filter((q) => q.isSample && !q.isResolved && !today.has(q.id));
  const todays = all.filter((q) => q.isSample && today.has(q.id));
  if (archive.length === 0) {
    log('no open sample archive to fill (questions service not seeded?)');
    return;
  }

  log(`signing up ${PEOPLE.length} sample users and a crowd of ${CROWD.length}`);
  const signUp = async (username: string, name: string, province: string) => {
    const r = await call('POST', '/api/auth/signup', null, { username, password: PASSWORD, name, province, consent: true });
    if (r.status !== 201) throw new Error(`demo seed: signup ${username} failed (${r.status} ${JSON.stringify(r.json)})`);
    const s = sessionOf(r);
    // The national board names only players who agreed to appear there; the sample users do.
    const listed = await call('PUT', `/api/users/${s.id}/privacy`, s, { listOnNationalBoard: true });
    if (listed.status !== 200) throw new Error(`demo seed: listing ${username} failed (${listed.status} ${JSON.stringify(listed.json)})`);
    return s;
  };
  const users: Session[] = [];
  for (const [username, name, province] of PEOPLE) users.push(await signUp(username, name, province));
  const crowd: Session[] = [];
  for (const [i, province] of CROWD.entries()) {
    const k = String(i + 1).padStart(2, '0');
    crowd.push(await signUp(`demo_crowd_${k}`, `Sample Voter ${k}`, province));
  }

  // Friendships need the people directory (filled from identity events): retry briefly.
  log('making friends');
  const n = users.length;
  for (let i = 0; i < n; i++) {
    for (const step of [1, 3]) {
      const j = (i + step) % n;
      for (let attempt = 0; attempt < 40; attempt++) {
        const r = await call('POST', '/api/friendships', users[i]!, { userId: users[i]!.id, friendId: users[j]!.id });
        if (r.status === 201 || r.status === 409) break;
        await new Promise((res) => setTimeout(res, 100));
      }
    }
  }
  for (const u of users) {
    const incoming: { id: string }[] = (await call('GET', `/api/users/${u.id}/friend-requests`, u)).json ?? [];
    for (const req of incoming) await call('PUT', `/api/friend-requests/${req.id}/accept`, u, { userId: u.id });
  }

  log(`answering ${archive.length + todays.length} sample questions`);
  const random = rng(2024);
  const skill = users.map(() => 0.45 + random() * 0.4);
  const answer = async (u: Session, questionId: string, optionId: string, confidence: number | undefined) => {
    for (let attempt = 0; attempt < 40; attempt++) {
      const r = await call('POST', '/api/answers', u, { userId: u.id, questionId, optionId, ...(confidence !== undefined && { confidence }) });
      if (r.status !== 404) break; // 404 until voting has seen the question's event
      await new Promise((res) => setTimeout(res, 100));
    }
  };
  // Voting counts an answer by the province it knows from identity's events: give it a moment to learn them.
  await new Promise((res) => setTimeout(res, 2_000));
  const latest = [...archive].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt)).slice(0, CROWD_ARCHIVE);
  for (const q of [...archive, ...todays]) {
    const outcome = OUTCOMES[q.text];
    const thandiSaid: string[] = [];
    for (let i = 0; i < n; i++) {
      const style = PEOPLE[i]![3];
      // Sipho mirrors Thandi's answers (so they score the same on the national board) at 95–99 %.
      if (i === 1) {
        if (thandiSaid[0]) await answer(users[i]!, q.id, thandiSaid[0], confidenceOf(style, skill[i]!, random));
        continue;
      }
      if (i !== 0 && random() > 0.85) continue;
      const right = outcome ?? (random() < 0.5 ? 'yes' : 'no');
      const optionId = random() < skill[i]! ? right : right === 'yes' ? 'no' : 'yes';
      if (i === 0) thandiSaid.push(optionId);
      await answer(users[i]!, q.id, optionId, confidenceOf(style, skill[i]!, random));
    }
    if (todays.includes(q) || latest.includes(q)) {
      for (const u of crowd) await answer(u, q.id, random() < 0.6 ? 'yes' : 'no', 60 + Math.floor(random() * 30));
    }
    const howMany = 1 + Math.floor(random() * 4);
    for (let k = 0; k < howMany; k++) {
      const author = users[Math.floor(random() * n)]!;
      const content = COMMENTS[Math.floor(random() * COMMENTS.length)]!;
      for (let attempt = 0; attempt < 40; attempt++) {
        const r = await call('POST', `/api/questions/${q.id}/comments`, author, { content });
        if (r.status !== 404) break; // 404 until social has seen the question's event
        await new Promise((res) => setTimeout(res, 100));
      }
    }
  }

  log('resolving the sample archive');
  for (const q of archive) {
    const outcome = OUTCOMES[q.text];
    if (!outcome) continue;
    const resolved = await call('PUT', `/api/admin/questions/${q.id}/resolve`, admin, { correctOptionId: outcome, source: SOURCES[q.text] });
    if (resolved.status !== 200) log(`could not resolve "${q.text}": ${resolved.status} ${JSON.stringify(resolved.json)}`);
  }
  log(`sample data ready (users ${PEOPLE.map((p) => p[0]).join(', ')} and demo_crowd_01…${CROWD.length}; password "${PASSWORD}")`);
}
