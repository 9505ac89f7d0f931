// A question made for another site's iframe (/embed/q/{id}), rendered on the server from the app's own parts (the
// result bars, the sparkline, the criteria and resolution lines) with no app shell. Its tiny script
// (embed-frame.ts) turns the YES/NO buttons on where a popup can open, and otherwise the "Answer on Mzansi Predicts"
// link stays: a frame sandboxed without popups or same-origin shows the question, its results and that link.
import type { EmbedView } from '@mzansi/api';
import { questionWithMark, type OptionResult } from '../../entities/question/results';
import { ResultBars } from '../../entities/question/ResultBars';
import { Sparkline } from '../history/Sparkline';
import { ClosedNote, QuestionCriteria } from '../questions/QuestionDetails';
import { ResolutionSource } from '../questions/ResolutionSource';
import { BrandMark, PRODUCT_NAME } from '../shell/Brand';
import { useT } from '../../i18n';

export function EmbedCard({ view }: { view: EmbedView }) {
  const t = useT();
  const { question: q, answeredOptionId, origin, theme } = view;
  // The question's own texts carry their language where it is not the page's (an untranslated question: English).
  const textLang = q.lang === view.lang ? undefined : q.lang;
  const open = q.status === 'open';
  const link = `${origin}/q/${q.id}`;
  const rows: OptionResult[] = q.options.map((o) => {
    const r = q.results.find((x) => x.optionId === o.id);
    return { optionId: o.id, text: o.text, count: r?.votes ?? 0, percentage: r?.percentage ?? 0, isCorrect: q.correctOptionId === o.id };
  });
  const answered = q.options.find((o) => o.id === answeredOptionId);
  // History points without figures (a blind question's, until it resolves) draw no line.
  const sparkline = q.history.filter((p) => p.results.length > 0).map((p) => ({ at: p.at, percentages: q.options.map((o) => p.results.find((r) => r.optionId === o.id)?.percentage ?? 0) }));
  return (
    <main className={`embed embed--${theme}`} data-embed="" data-question={q.id} data-lang={view.lang} data-answered={answered ? answered.id : undefined}>
      <header className="embed__head">
        <a className="embed__brand" href={`${origin}/`} target="_blank" rel="noopener">
          <BrandMark />
          <span>{PRODUCT_NAME}</span>
        </a>
      </header>
      <h1 className="embed__question" lang={textLang}>
        {questionWithMark(q.text)}
      </h1>
      {q.context && (
        <p className="embed__context" lang={textLang}>
          {q.context}
        </p>
      )}
      <QuestionCriteria text={q.resolutionCriteria} />
      {open && !answered && (
        <>
          <div className="embed__options" data-embed-options="" hidden role="group" aria-label={t('embed.choose')}>
            {q.options.map((o) => (
              <button key={o.id} type="button" className={`embed__option embed__option--${o.id}`} data-option={o.id}>
                {o.text.toUpperCase()}
              </button>
            ))}
          </div>
          <p className="embed__hint" data-embed-hint="" hidden>
            {t('embed.hint')}
          </p>
        </>
      )}
      {q.status === 'closed' && <ClosedNote closesAt={q.closesAt} />}
      {answered && <p className="embed__mine">{t('embed.youPredicted', { option: answered.text.toUpperCase() })}</p>}
      <section className="embed__results" data-embed-results="" aria-live="polite" aria-label={t('results.nationalList')}>
        {q.resultsHidden ? (
          <p className="embed__hidden">{t('embed.hidden')}</p>
        ) : (
          <>
            <ResultBars rows={rows} label={t('results.nationalList')} correctLabel={t('results.correct')} />
            <Sparkline points={sparkline} options={q.options} />
          </>
        )}
        <p className="embed__total">{t('vote.total', { count: q.totalVotes })}</p>
      </section>
      <ResolutionSource question={{ isResolved: q.status === 'resolved', correctOptionId: q.correctOptionId, options: q.options, resolution: q.resolution }} />
      <p className="embed__more" data-embed-fallback="">
        <a href={link} target="_blank" rel="noopener">
          {open && !answered ? t('embed.answerOn') : t('embed.seeOn')}
        </a>
      </p>
    </main>
  );
}
