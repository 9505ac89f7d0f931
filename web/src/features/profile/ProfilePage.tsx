import { Button, Card, CardContent, Spinner } from '../../ui';
import { formatMonthYear } from '../../lib/time';
import { initials } from '../shell/AppHeader';
import { useLogout, useUser } from '../auth/useSession';

export function ProfilePage() {
  const user = useUser();
  const logout = useLogout();
  if (!user) return <Spinner />;
  return (
    <div className="stack">
      <Card>
        <CardContent className="profile-card">
          <span className="avatar avatar--lg" aria-hidden="true">
            {initials(user.name)}
          </span>
          <div>
            <h1 className="profile-card__name">{user.name}</h1>
            <p className="profile-card__meta">@{user.username}</p>
            <p className="profile-card__meta">Predicting since {formatMonthYear(user.joinDate)}</p>
          </div>
        </CardContent>
      </Card>
      <Button
        variant="destructive"
        block
        disabled={logout.isPending}
        onClick={() => logout.mutate()}
      >
        Logout
      </Button>
    </div>
  );
}
