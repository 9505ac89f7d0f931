import { Button, Card, CardContent } from '../../ui';

/** Explains the daily push alert; enabling needs an account, so the button opens the sign-in dialog for now. */
export function NotificationsCard({ onEnable }: { onEnable: () => void }) {
  return (
    <Card className="info-card info-card--notify">
      <CardContent>
        <h2 className="info-card__title">Never miss a question</h2>
        <p className="info-card__text">
          Turn on notifications and we&apos;ll send one alert when the day&apos;s question goes live — and another when
          it&apos;s resolved, so you know if you called it.
        </p>
        <Button variant="outline" block onClick={onEnable}>
          Enable Notifications
        </Button>
      </CardContent>
    </Card>
  );
}
