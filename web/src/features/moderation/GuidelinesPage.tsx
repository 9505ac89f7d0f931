import { Link } from 'react-router';
import { Card, CardContent } from '../../ui';
import { useT, type MessageKey } from '../../i18n';
import './moderation.css';

const RULES: MessageKey[] = ['guide.rule1', 'guide.rule2', 'guide.rule3', 'guide.rule4', 'guide.rule5'];

/** The community guidelines: what comments may not contain and what moderators do about it. */
export function Guidelines() {
  const t = useT();
  return (
    <Card className="guidelines-card">
      <CardContent>
        <h1>{t('guide.title')}</h1>
        <p>{t('guide.intro')}</p>
        <ol>
          {RULES.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ol>
        <p>{t('guide.enforcement')}</p>
      </CardContent>
    </Card>
  );
}

/** /guidelines for anyone, signed in or not (linked from the discussion panel and the report dialog). */
export function GuidelinesPage() {
  const t = useT();
  return (
    <main id="main" className="landing-main">
      <Guidelines />
      <Link className="btn btn--outline btn--md" to="/">
        {t('guide.back')}
      </Link>
    </main>
  );
}
