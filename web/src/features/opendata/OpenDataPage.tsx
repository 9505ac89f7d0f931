import '../../i18n/later';
import { Link } from 'react-router';
import { Card, CardContent } from '../../ui';
import { useT, type MessageKey } from '../../i18n';
import './opendata.css';

/** The CSV's columns (the contract's DATA_CSV_COLUMNS), each with what it holds. */
const COLUMNS: [string, MessageKey][] = [
  ['question_id', 'opendata.colQuestion'],
  ['scope', 'opendata.colScope'],
  ['province', 'opendata.colProvince'],
  ['at', 'opendata.colAt'],
  ['option_id', 'opendata.colOption'],
  ['option_text', 'opendata.colOptionText'],
  ['votes', 'opendata.colVotes'],
  ['percentage', 'opendata.colPercentage'],
  ['total_votes', 'opendata.colTotal'],
];

/** What the open data holds, its licence and how to cite it (the downloads are the public API's, docs/api.md). */
export function OpenData() {
  const t = useT();
  return (
    <Card className="opendata-card">
      <CardContent>
        <h1>{t('opendata.title')}</h1>
        <p>{t('opendata.intro')}</p>
        <h2>{t('opendata.filesTitle')}</h2>
        <p>{t('opendata.files')}</p>
        <p className="opendata-path">
          <code>/api/public/v1/questions/&#123;id&#125;/data.csv</code> · <code>data.json</code> · <code>/api/public/v1/questions</code>
        </p>
        <p>{t('opendata.bulk')}</p>
        <h2>{t('opendata.fieldsTitle')}</h2>
        <dl className="opendata-fields">
          {COLUMNS.map(([name, key]) => (
            <div key={name}>
              <dt>
                <code>{name}</code>
              </dt>
              <dd>{t(key)}</dd>
            </div>
          ))}
        </dl>
        <h2>{t('opendata.rulesTitle')}</h2>
        <p>{t('opendata.rules')}</p>
        <h2>{t('opendata.licenceTitle')}</h2>
        <p>
          {t('opendata.licence')}{' '}
          <a href="https://creativecommons.org/licenses/by/4.0/" rel="license noopener" target="_blank">
            CC BY 4.0
          </a>
        </p>
        <p>{t('opendata.cite')}</p>
        <blockquote className="opendata-cite">Mzansi Predicts, “…”, https://…/q/… ({t('opendata.retrieved')}), CC BY 4.0.</blockquote>
      </CardContent>
    </Card>
  );
}

/** /open-data for anyone, signed in or not. */
export function OpenDataPage() {
  const t = useT();
  return (
    <main id="main" className="landing-main">
      <OpenData />
      <Link className="btn btn--outline btn--md" to="/">
        {t('guide.back')}
      </Link>
    </main>
  );
}
