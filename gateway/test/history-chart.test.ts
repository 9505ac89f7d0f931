import { describe, expect, it } from 'vitest';
import { chartElements, chartTitle, historyChartSvg, optionPaths, type ChartInput } from '../src/history-chart.js';

const t0 = new Date('2026-11-01T08:00:00Z');
const at = (h: number) => new Date(t0.getTime() + h * 3_600_000);

const input = (over: Partial<ChartInput> = {}): ChartInput => ({
  question: 'Will <Eskom> & "friends" keep the lights on?',
  options: [{ text: 'Yes <b>' }, { text: 'No' }],
  points: [
    { at: t0, percentages: [0, 0], totalVotes: 0 },
    { at: at(5), percentages: [75, 25], totalVotes: 4 },
    { at: at(10), percentages: [40, 60], totalVotes: 10 },
  ],
  publishedAt: t0,
  resolvedAt: null,
  ...over,
});
const box = { x: 0, y: 0, width: 100, height: 100 };

describe('optionPaths', () => {
  it('maps time from publication to the last point onto x and the share onto y (100 % at the top), skipping points without votes', () => {
    expect(optionPaths(input(), box)).toEqual(['M50 25 L100 60', 'M50 75 L100 40']);
  });

  it('draws nothing for a question without votes, and survives a single instant', () => {
    expect(optionPaths(input({ points: [{ at: t0, percentages: [0, 0], totalVotes: 0 }] }), box)).toEqual(['', '']);
    expect(optionPaths(input({ points: [{ at: t0, percentages: [100, 0], totalVotes: 1 }] }), box)).toEqual(['M0 0', 'M0 100']);
  });
});

describe('chartElements and historyChartSvg', () => {
  it('marks publication, and resolution where it resolved', () => {
    expect(chartElements(input(), box)).toContain('>Published</text>');
    expect(chartElements(input(), box)).not.toContain('Resolved');
    const resolved = chartElements(input({ resolvedAt: at(10) }), box);
    expect(resolved).toContain('<line x1="100" y1="0" x2="100" y2="100"');
    expect(resolved).toContain('>Resolved</text>');
  });

  it('is an accessible image named by its title, the latest split in words, with every text escaped', () => {
    const svg = historyChartSvg(input(), 'q"1');
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-labelledby="history-title-q&quot;1"')).toBe(true);
    expect(svg).toContain(
      '<title id="history-title-q&quot;1">How South Africa moved on “Will &lt;Eskom&gt; &amp; &quot;friends&quot; keep the lights on?”: Yes &lt;b&gt; 40%, No 60% of 10 votes</title>',
    );
    expect(svg).not.toMatch(/<b>|<Eskom>/);
    expect(svg).toContain('>Yes &lt;b&gt;</text>');
    expect(svg.endsWith('</svg>')).toBe(true);
  });

  it('says so when nobody has predicted yet, and when it resolved', () => {
    expect(chartTitle(input({ points: [] }))).toMatch(/no predictions yet$/);
    expect(chartTitle(input({ resolvedAt: at(10) }))).toContain('”, until it resolved: Yes <b> 40%');
  });
});
