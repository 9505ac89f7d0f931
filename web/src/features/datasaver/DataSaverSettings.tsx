import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui';
import { SettingRow, Switch } from '../notifications/Switch';
import { setDataSaver, useDataSaver } from './dataSaver';
import { useT } from '../../i18n';

/** The Data saver switch (profile settings). */
export function DataSaverSettings() {
  const t = useT();
  const on = useDataSaver();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('settings.dataSaver')}</CardTitle>
        <CardDescription>{t('settings.dataSaverText')}</CardDescription>
      </CardHeader>
      <CardContent className="settings-list">
        <SettingRow id="data-saver" title={t('settings.dataSaver')} description={t('settings.dataSaverDetail')}>
          <Switch checked={on} onCheckedChange={(next) => setDataSaver(next)} aria-labelledby="data-saver-title" aria-describedby="data-saver-desc" />
        </SettingRow>
      </CardContent>
    </Card>
  );
}
