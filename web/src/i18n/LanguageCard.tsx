import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui';
import { catalogueMeta, useLanguage, useT } from './index';
import { LanguageSwitch } from './LanguageSwitch';

/** Settings: the interface language, and whether its translation has been reviewed by a first-language speaker. */
export function LanguageCard() {
  const t = useT();
  useLanguage();
  const meta = catalogueMeta();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('language.title')}</CardTitle>
        <CardDescription>{t('language.text')}</CardDescription>
      </CardHeader>
      <CardContent className="stack">
        <LanguageSwitch />
        {meta.reviewedByFirstLanguageSpeaker ? (
          <p className="language-review">{t('language.reviewed')}</p>
        ) : (
          <p className="language-review language-review--pending" role="note">
            <strong>{t('language.underReview')}</strong>
            {t('language.underReview') !== 'Translation under review' && <span lang="en-ZA"> (Translation under review)</span>}.{' '}
            {t('language.underReviewText', { producer: meta.producer })}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
