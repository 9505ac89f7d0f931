import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardTitle } from '../../ui';

export function AccessDenied() {
  return (
    <Card className="notice-card" role="alert">
      <CardContent>
        <CardTitle>Access Denied</CardTitle>
        <CardDescription>You need admin privileges to view this page.</CardDescription>
        <Link className="btn btn--outline btn--md" to="/">
          Back to the feed
        </Link>
      </CardContent>
    </Card>
  );
}
