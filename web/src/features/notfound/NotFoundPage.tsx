import { Link } from 'react-router';
import { Card, CardContent, CardTitle } from '../../ui';

export function NotFoundPage() {
  return (
    <Card className="notice-card">
      <CardContent>
        <CardTitle>404 Page Not Found</CardTitle>
        <Link className="btn btn--outline btn--md" to="/">
          Back to the feed
        </Link>
      </CardContent>
    </Card>
  );
}
