// What Lighthouse's pages need on a running stack with the demo data (lighthouse.ts): a signed-in reader who has
// answered today's question, and one ~5 MB image comment on it.
import sharp from 'sharp';

/** A photo-like JPEG of about `bytes` (noise compresses badly), as a comment's data URL. */
export async function bigImageDataUrl(bytes = 4.6 * 1024 * 1024): Promise<string> {
  let side = 1600;
  for (;;) {
    const jpeg = await sharp({ create: { width: side, height: side, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
      .jpeg({ quality: 95 })
      .toBuffer();
    if (jpeg.length >= bytes * 0.85 || side >= 4000) {
      const fitted = jpeg.length > bytes ? await sharp(jpeg).resize(Math.floor(side * Math.sqrt(bytes / jpeg.length))).jpeg({ quality: 95 }).toBuffer() : jpeg;
      return `data:image/jpeg;base64,${fitted.toString('base64')}`;
    }
    side = Math.ceil(side * Math.sqrt((bytes * 0.95) / jpeg.length));
  }
}

/**
 * The pages Lighthouse judges on a running stack that has the demo data: a new user (signed in through the API,
 * today's question answered, so /vote shows its results and discussion) posts one ~5 MB image comment on today's
 * question. Returns the landing (signed out) and /vote (signed in) to run.
 */
export async function lighthouseSetup(origin: string): Promise<{ url: string; cookie?: string }[]> {
  const headers = { 'content-type': 'application/json', origin };
  const username = `lh_${Date.now().toString(36)}`;
  const signup = await fetch(`${origin}/api/auth/signup`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ username, password: 'lighthouse-password-1', name: 'Lighthouse Reader', consent: true }),
  });
  if (signup.status !== 201) throw new Error(`signup: ${signup.status} ${await signup.text()}`);
  const cookie = signup.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const user = (await signup.json()) as { id: string };
  const today = (await (await fetch(`${origin}/api/questions/today`)).json()) as { id: string; options: { id: string }[] }[];
  const question = today[0];
  if (!question) throw new Error('no question today: seed the demo first');
  await fetch(`${origin}/api/answers`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({ userId: user.id, questionId: question.id, optionId: question.options[0]!.id }),
  });
  const comment = await fetch(`${origin}/api/questions/${question.id}/comments`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({ content: 'The queue outside the voting station this morning', imageUrl: await bigImageDataUrl() }),
  });
  if (comment.status !== 201) throw new Error(`image comment: ${comment.status} ${await comment.text()}`);
  return [{ url: `${origin}/` }, { url: `${origin}/vote`, cookie }];
}
