import { Button, Card, CardContent } from '../../ui';

/** Explains the daily push alert; enabling needs an account, so the button opens the sign-in dialog for now. */
export function NotificationsCard({ onEnable }: { onEnable: () => void }) {
  return (
    <Card className="info-card info-card--notify">
      <CardContent>
        <h2 className="info-card__title">Never miss a question</h2>
        <p className="info-card__text">
          Turn on notifications and we&apos;ll alert you when each day&apos;s question goes live, so you never miss a
          prediction.
        </p>
        <Button variant="outline" block onClick={onEnable}>
          Enable Notifications
        </Button>
      </CardContent>
    </Card>
  );
}
