// The share card: what a question's link (/q/{id}) shows in WhatsApp, X or Facebook. Pure text and SVG here (the
// routes/share.ts route fetches the question and renders the PNG with sharp); no express, no gRPC.
import { escapeMarkup } from '@mzansi/api/rules';

/** South Africa Standard Time is UTC+2 all year; day 0 is 1 March 2024 (SAST), as the web app counts (web/src/lib/time.ts). */
const DAY_MS = 24 * 3600 * 1000;
const SAST_OFFSET_MS = 2 * 3600 * 1000;
const EPOCH_DAY_INDEX = Date.UTC(2024, 2, 1) / DAY_MS;

export function dayNumber(date: Date): number {
  return Math.floor((date.getTime() + SAST_OFFSET_MS) / DAY_MS) - EPOCH_DAY_INDEX;
}

/** What a card shows: only what the public results expose (the question, its public split, whether it resolved). */
export interface ShareCard {
  id: string;
  text: string;
  context: string | null;
  day: number;
  /** The first two options (YES / NO) with their national share, 0–100. */
  options: { id: string; text: string; percentage: number }[];
  totalVotes: number;
  resolved: boolean;
  correctOptionId: string | null;
  /** The source a resolution names (null for one from before sources, and until resolved); corrected once at most. */
  resolution?: { sourceTitle: string; resolvedAt: string; corrected: boolean } | null;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "Resolved YES — IEC results, 30 May" (the SAST day), or undefined without a source to name. */
export function resolutionLine(card: ShareCard): string | undefined {
  const r = card.resolution;
  const answer = card.options.find((o) => o.id === card.correctOptionId);
  if (!card.resolved || !r || !answer) return undefined;
  const sast = new Date(Date.parse(r.resolvedAt) + SAST_OFFSET_MS);
  return `${r.corrected ? 'Resolved (corrected)' : 'Resolved'} ${answer.text.toUpperCase()} — ${r.sourceTitle}, ${sast.getUTCDate()} ${MONTHS[sast.getUTCMonth()]}`;
}

export const withMark = (question: string) => `${question.trim().replace(/\?+$/, '').trim()}?`;

/** "YES 62% · NO 38% · 1,234 votes" (or an invitation when nobody has voted yet). */
export function splitLine(card: ShareCard): string {
  if (card.totalVotes === 0) return 'Be the first to predict.';
  const parts = card.options.map((o) => `${o.text.toUpperCase()} ${Math.round(o.percentage)}%`);
  const votes = `${card.totalVotes.toLocaleString('en-ZA')} ${card.totalVotes === 1 ? 'vote' : 'votes'}`;
  return `${parts.join(' · ')} · ${votes}`;
}

/** The link preview's title and description (og:title / og:description). */
export function shareText(card: ShareCard): { title: string; description: string } {
  const title = `${withMark(card.text)} | Mzansi Predicts`;
  const line = resolutionLine(card);
  const state = line ? `${line}.` : card.resolved ? `Resolved, day ${card.day}.` : `Day ${card.day}: what do you predict?`;
  return { title, description: `${state} South Africa says: ${splitLine(card)}` };
}

/**
 * Greedy word wrap to at most `maxLines` lines of about `maxChars` characters; a word longer than a line is cut,
 * and text that does not fit ends with an ellipsis.
 */
export function wrapText(text: string, maxChars: number, maxLines: number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (let i = 0; i < words.length; i++) {
    let word = words[i]!;
    if (word.length > maxChars) word = `${word.slice(0, maxChars - 1)}…`;
    const next = line ? `${line} ${word}` : word;
    if (next.length <= maxChars) {
      line = next;
      continue;
    }
    lines.push(line);
    line = word;
    if (lines.length === maxLines) {
      const last = lines[maxLines - 1]!;
      lines[maxLines - 1] = `${last.slice(0, maxChars - 1).replace(/\s+\S*$/, '') || last.slice(0, maxChars - 1)}…`;
      return lines;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Text for XML/HTML element content and attribute values; control characters dropped. */
export const escapeXml = escapeMarkup;

export const CARD_WIDTH = 1200;
/** Where a card's history chart goes (below two lines of question, above the option labels). */
export const CHART_BOX = { x: 64, y: 250, width: 1072, height: 180 };
export const CARD_HEIGHT = 630;
const GREEN = '#007749';
const GOLD = '#FFB612';
const FONT = "DejaVu Sans, Liberation Sans, Arial, sans-serif";

/**
 * The 1200 × 630 card as SVG: brand, day, the question (wrapped, up to 4 lines), the national split as bars. With
 * `chart` (history-chart.ts `chartElements` drawn in CHART_BOX), the question takes up to 2 smaller lines and the
 * chart of how the nation moved sits between it and the bars.
 */
export function cardSvg(card: ShareCard, host: string, chart?: string): string {
  const lines = chart ? wrapText(withMark(card.text), 40, 2) : wrapText(withMark(card.text), 30, 4);
  const fontSize = chart ? 44 : lines.length > 3 ? 52 : 58;
  const lineHeight = Math.round(fontSize * 1.2);
  const top = chart ? 170 : 190;
  const question = lines
    .map((l, i) => `<tspan x="64" y="${top + i * lineHeight}">${escapeXml(l)}</tspan>`)
    .join('');
  const barWidth = 1072;
  let x = 64;
  const bars = card.options
    .map((o, i) => {
      const w = card.totalVotes ? Math.round((barWidth * o.percentage) / 100) : Math.round(barWidth / card.options.length);
      const fill = i === 0 ? GREEN : '#1F2937';
      const rect = `<rect x="${x}" y="500" width="${w}" height="40" fill="${fill}"/>`;
      x += w;
      return rect;
    })
    .join('');
  const labels = card.options
    .map((o, i) => {
      const mark = card.resolved && card.correctOptionId === o.id ? ' ✓' : '';
      const pct = card.totalVotes ? ` ${Math.round(o.percentage)}%` : '';
      const anchor = i === 0 ? 'start' : 'end';
      const lx = i === 0 ? 64 : 1136;
      return `<text x="${lx}" y="480" text-anchor="${anchor}" font-size="40" font-weight="700" fill="#111827">${escapeXml(`${o.text.toUpperCase()}${pct}${mark}`)}</text>`;
    })
    .join('');
  const status = card.resolved ? (card.resolution?.corrected ? 'RESOLVED · CORRECTED' : 'RESOLVED') : 'PREDICT NOW';
  const votes = card.totalVotes ? `${card.totalVotes.toLocaleString('en-ZA')} ${card.totalVotes === 1 ? 'vote' : 'votes'} nationally` : 'Be the first to predict';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}" font-family="${FONT}">
<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="#FFFFFF"/>
<rect width="${CARD_WIDTH}" height="96" fill="${GREEN}"/>
<rect y="96" width="${CARD_WIDTH}" height="10" fill="${GOLD}"/>
<text x="64" y="64" font-size="40" font-weight="700" fill="#FFFFFF">Mzansi Predicts</text>
<text x="1136" y="64" text-anchor="end" font-size="32" font-weight="700" fill="#FFFFFF">Day ${card.day} · ${status}</text>
<text font-size="${fontSize}" font-weight="700" fill="#111827">${question}</text>
${chart ?? ''}
${labels}
${bars}
<text x="64" y="596" font-size="30" fill="#374151">${escapeXml(votes)}</text>
<text x="1136" y="596" text-anchor="end" font-size="30" font-weight="700" fill="${GREEN}">${escapeXml(host)}</text>
</svg>`;
}
