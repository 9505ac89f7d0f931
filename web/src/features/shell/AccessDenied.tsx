import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardTitle } from '../../ui';
import { useT } from '../../i18n';

export function AccessDenied() {
  const t = useT();
  return (
    <Card className="notice-card" role="alert">
      <CardContent>
        <CardTitle>{t('admin.deniedTitle')}</CardTitle>
        <CardDescription>{t('admin.deniedText')}</CardDescription>
        <Link className="btn btn--outline btn--md" to="/">
          {t('admin.deniedBack')}
        </Link>
      </CardContent>
    </Card>
  );
}
