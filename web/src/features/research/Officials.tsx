import { Card, CardContent, cx, ErrorNote, LoadingNote } from '../../ui';
import { initials } from '../shell/initials';
import { SampleBadge } from '../questions/QuestionCards';
import { useDataSaver } from '../datasaver/dataSaver';
import { useT } from '../../i18n';
import '../../i18n/later';
import { localImagePath, useOfficials, type Official } from './api';
// The admin's research manager shows OfficialAvatar too.
import './research.css';

export function OfficialsTab({ labelOf, onJump }: { labelOf: (tag: string) => string; onJump: (tag: string) => void }) {
  const officials = useOfficials();
  const t = useT();
  if (officials.isPending) return <LoadingNote text={t('research.officialsLoading')} />;
  if (officials.isError) return <ErrorNote text={t('research.officialsFailed')} onRetry={() => void officials.refetch()} />;
  if (officials.data.length === 0) return <p className="empty-note">{t('research.officialsNone')}</p>;
  return (
    <div className="stack">
      <p className="research__hint">{t('research.officialsHint')}</p>
      {officials.data.map((o) => (
        <OfficialCard key={o.id} official={o} labelOf={labelOf} onTag={onJump} />
      ))}
    </div>
  );
}

export function OfficialAvatar({ official }: { official: Pick<Official, 'name' | 'avatar'> }) {
  const saveData = useDataSaver();
  const image = localImagePath(official.avatar);
  // Data saver: initials, never a picture.
  if (image && !saveData) return <img className="official__avatar official__avatar--img" src={image} alt="" width={56} height={56} />;
  const text = (official.avatar.trim() || initials(official.name, { oneWordLetters: 2 })).slice(0, 3).toUpperCase();
  return (
    <span className="official__avatar" aria-hidden="true">
      {text}
    </span>
  );
}

export function OfficialCard({
  official,
  labelOf,
  onTag,
  currentTag,
}: {
  official: Official;
  labelOf: (tag: string) => string;
  onTag: (tag: string) => void;
  currentTag?: string;
}) {
  const t = useT();
  return (
    <Card className="official" data-official-id={official.id}>
      <CardContent>
        <div className="official__head">
          <OfficialAvatar official={official} />
          <div className="official__who">
            <h3 className="official__name">{official.name}</h3>
            {official.title && <p className="official__title">{official.title}</p>}
            {official.isSample && <SampleBadge />}
          </div>
        </div>
        {official.bio && <p className="official__bio">{official.bio}</p>}
        {official.tags.length > 0 && (
          <ul className="tag-chips" aria-label={t('research.topicsFor', { name: official.name })}>
            {official.tags.map((tag) => (
              <li key={tag}>
                <button
                  type="button"
                  className={cx('tag-chip', tag === currentTag && 'tag-chip--current')}
                  onClick={() => onTag(tag)}
                  aria-label={`${t('research.topic')} ${labelOf(tag)}`}
                >
                  #{labelOf(tag)}
                </button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
