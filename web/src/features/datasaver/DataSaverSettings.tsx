import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui';
import { SettingRow, Switch } from '../notifications/Switch';
import { dataSaver, useDataSaver } from './dataSaver';

/** The Data saver switch (profile settings). */
export function DataSaverSettings() {
  const on = useDataSaver();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Data saver</CardTitle>
        <CardDescription>Use less mobile data on this device.</CardDescription>
      </CardHeader>
      <CardContent className="settings-list">
        <SettingRow id="data-saver" title="Data saver" description="Images only when you tap them, no profile pictures, no background refreshes.">
          <Switch checked={on} onCheckedChange={(next) => dataSaver.set(next)} aria-labelledby="data-saver-title" aria-describedby="data-saver-desc" />
        </SettingRow>
      </CardContent>
    </Card>
  );
}
