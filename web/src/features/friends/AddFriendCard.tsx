import { useState, type FormEvent } from 'react';
import { serverMessage } from '../../lib/api';
import { Button, Card, CardContent, CardHeader, CardTitle, toast, toastError } from '../../ui';
import { useAddFriend, type Person } from './api';
import { PersonLine } from './PersonLine';
import { UserSearch } from './UserSearch';
import { useT } from '../../i18n';

/** Add Friend: search, pick from the dropdown, send a request (spec §2, §4, §5). */
export function AddFriendCard({ userId }: { userId: string }) {
  const t = useT();
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Person | null>(null);
  const add = useAddFriend(userId);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    if (!selected) {
      toastError(t('friends.selectFirst'), t('friends.noUserSelected'));
      return;
    }
    add.mutate(
      { friendId: selected.id },
      {
        onSuccess: (result) => {
          setSearch('');
          setSelected(null);
          toast({ title: result?.becameFriends ? t('friends.nowFriends') : t('friends.requestSent') });
        },
        onError: (error) => toastError(serverMessage(error, t('friends.sendFailed'))),
      },
    );
  };

  return (
    <Card className="add-friend">
      <CardHeader>
        <CardTitle>{t('friends.add')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="add-friend__form" onSubmit={onSubmit} aria-label={t('friends.add')}>
          <UserSearch
            value={search}
            onValueChange={(value) => {
              setSearch(value);
              setSelected(null);
            }}
            onPick={(person) => {
              setSelected(person);
              setSearch(person.username);
            }}
          />
          {selected && (
            <div className="add-friend__selected" aria-label={t('friends.selected')} role="group">
              <PersonLine person={selected} />
            </div>
          )}
          <Button type="submit" block disabled={!selected || add.isPending}>
            {add.isPending ? t('friends.sending') : t('friends.send')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
